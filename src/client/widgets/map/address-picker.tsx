/**
 * AddressPicker (spec core §6, services §5 and §9): a dialog with the map — geolocation with a 10 s
 * timeout (on failure a message, the map stays on the default area), search (AMap: nationwide place
 * search; without a key the platform's own organisation addresses), a click on the map sets the point
 * and a starting address the user completes, the province as default area cached locally; 确定 is
 * disabled until an address exists. The value is a map address `{address, longitude, latitude}`
 * (§3), or — with `longitudeField`/`latitudeField` — the address text with the coordinates written
 * to those sibling fields of the form (the organisation form's address / longitude / latitude).
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Input, List, Modal, Space, Typography } from 'antd';
import { AimOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { useForm } from '@formily/react';
import { toastWarning } from '../../api/toast';
import { Empty, isEmpty } from '../basic/empty';
import type { ReadProps } from '../registry';
import MapView from './map-view';
import { mapServices, type MapServices } from './provider';
import { mapSettings, type MapArea } from './settings';
import type { MapFocus, MapPoint, PlaceHit } from './types';

/** spec §9: geolocation gives up after 10 000 ms */
export const GEOLOCATION_TIMEOUT_MS = 10_000;
export const LOCATE_FAILED = '定位失败，已显示默认区域';

export interface MapAddress {
  address: string;
  longitude: number | null;
  latitude: number | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));

/** The browser's position, within the spec's timeout; rejects with the reason. */
export function locate(geo: Geolocation | undefined = typeof navigator !== 'undefined' ? navigator.geolocation : undefined): Promise<MapPoint> {
  return new Promise((resolve, reject) => {
    if (!geo) {
      reject(new Error('当前浏览器不支持定位'));
      return;
    }
    geo.getCurrentPosition(
      (pos) => resolve({ longitude: Math.round(pos.coords.longitude * 1e6) / 1e6, latitude: Math.round(pos.coords.latitude * 1e6) / 1e6 }),
      (err) => reject(new Error(err?.message || LOCATE_FAILED)),
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}

export interface AddressPickerDialogProps {
  open: boolean;
  value?: Partial<MapAddress> | null;
  title?: string;
  onOk: (v: MapAddress) => void;
  onCancel: () => void;
  /** the provider's services (default: the deployment's) */
  services?: MapServices;
}

export function AddressPickerDialog({ open, value, title = '选择地址', onOk, onCancel, services: given }: AddressPickerDialogProps) {
  const services = useMemo(() => given ?? mapServices(mapSettings()), [given]);
  const [address, setAddress] = useState('');
  const [point, setPoint] = useState<MapPoint | null>(null);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const [area, setArea] = useState<MapArea | null>(null);
  const [keyword, setKeyword] = useState('');
  const [hits, setHits] = useState<PlaceHit[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [locating, setLocating] = useState(false);

  useEffect(() => {
    if (!open) return;
    const lng = num(value?.longitude);
    const lat = num(value?.latitude);
    setAddress(value?.address ?? '');
    setHits(null);
    setKeyword('');
    const p = lng !== null && lat !== null ? { longitude: lng, latitude: lat } : null;
    setPoint(p);
    setFocus(p ? { ...p, zoom: services.pickZoom, key: Date.now() } : null);
    let live = true;
    services.area().then(
      (a) => {
        if (!live) return;
        setArea(a);
        // AMap opens on the province; the outline shows the whole province by itself
        if (!p && services.kind === 'amap') setFocus({ longitude: a.longitude, latitude: a.latitude, zoom: a.zoom, key: Date.now() });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // the value when the dialog opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, services]);

  const choosePoint = async (p: MapPoint, withAddress?: string) => {
    setPoint(p);
    if (withAddress) setAddress(withAddress);
    else {
      const a = await services.addressAt(p).catch(() => '');
      if (a) setAddress(a);
    }
  };

  const search = async () => {
    const k = keyword.trim();
    if (!k) return;
    setSearching(true);
    try {
      setHits(await services.search(k));
    } catch {
      setHits([]);
    } finally {
      setSearching(false);
    }
  };

  const locateMe = async () => {
    setLocating(true);
    try {
      const p = await locate();
      setFocus({ ...p, zoom: services.pickZoom, key: Date.now() });
      await choosePoint(p);
    } catch {
      void toastWarning(LOCATE_FAILED);
    } finally {
      setLocating(false);
    }
  };

  const hitMarkers = useMemo(() => (hits ?? []).map((h, i) => ({ id: `hit-${i}`, name: h.name, address: h.address, longitude: h.longitude, latitude: h.latitude })), [hits]);
  const pickHit = (h: PlaceHit) => {
    setFocus({ longitude: h.longitude, latitude: h.latitude, zoom: services.pickZoom, key: Date.now() });
    void choosePoint({ longitude: h.longitude, latitude: h.latitude }, h.address || h.name);
    setHits(null);
  };

  const ready = address.trim().length > 0;
  return (
    <Modal
      open={open}
      title={title}
      width={860}
      destroyOnHidden
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button key="ok" type="primary" disabled={!ready} data-testid="address-picker-ok" onClick={() => onOk({ address: address.trim(), longitude: point?.longitude ?? null, latitude: point?.latitude ?? null })}>
          确定
        </Button>,
      ]}
    >
      <div className="dj-address-picker" data-widget="AddressPicker">
        <Space wrap style={{ marginBottom: 8 }}>
          <Input.Search
            allowClear
            aria-label="搜索地点"
            placeholder={services.kind === 'amap' ? '搜索地点（全国）' : '搜索党组织名称或地址'}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={() => void search()}
            loading={searching}
            enterButton="搜索"
            style={{ width: 320 }}
          />
          <Button icon={<AimOutlined />} loading={locating} onClick={() => void locateMe()}>
            定位当前位置
          </Button>
          {area ? <Typography.Text type="secondary">默认区域：{area.name}</Typography.Text> : null}
        </Space>
        {hits ? (
          <List
            size="small"
            bordered
            className="dj-address-picker__hits"
            style={{ maxHeight: 160, overflow: 'auto', marginBottom: 8 }}
            locale={{ emptyText: '未找到相关地点' }}
            dataSource={hits}
            renderItem={(h, i) => (
              <List.Item
                key={i}
                style={{ cursor: 'pointer' }}
                onClick={() => pickHit(h)}
              >
                <span>
                  <EnvironmentOutlined /> {h.name}
                  {h.address && h.address !== h.name ? <Typography.Text type="secondary"> {h.address}</Typography.Text> : null}
                </span>
              </List.Item>
            )}
          />
        ) : null}
        <MapView
          height={380}
          point={point}
          focus={focus}
          // the places found are markers too: a click on one chooses it
          markers={hitMarkers}
          onMarkerClick={(m) => pickHit({ name: m.name, address: m.address ?? '', longitude: m.longitude, latitude: m.latitude })}
          onMapClick={(p) => void choosePoint(p)}
          label="选择地址的地图"
        />
        <div style={{ marginTop: 8 }}>
          <Input addonBefore="地址" aria-label="地址" placeholder="点击地图选点，或搜索后补充详细地址" value={address} maxLength={200} onChange={(e) => setAddress(e.target.value)} />
          <Typography.Text type="secondary" data-testid="address-picker-coords">
            {point ? `经度 ${point.longitude.toFixed(6)}，纬度 ${point.latitude.toFixed(6)}` : '尚未在地图上选点'}
          </Typography.Text>
        </div>
      </div>
    </Modal>
  );
}

interface AddressPickerProps {
  value?: MapAddress | string | null;
  onChange?: (v: MapAddress | string | null) => void;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
  /** the sibling fields that take the coordinates (then the value is the address text) */
  longitudeField?: string;
  latitudeField?: string;
}

/** The field: the address (typed, or chosen on the map) and a button opening the dialog. */
export default function AddressPicker({ value, onChange, disabled, id, placeholder = '请输入地址或在地图上选择', longitudeField, latitudeField }: AddressPickerProps) {
  const form = useForm() as any;
  const [open, setOpen] = useState(false);
  const siblings = !!(longitudeField && latitudeField);
  const current: Partial<MapAddress> = siblings
    ? { address: typeof value === 'string' ? value : '', longitude: num(form?.getValuesIn?.(longitudeField)), latitude: num(form?.getValuesIn?.(latitudeField)) }
    : value && typeof value === 'object'
      ? value
      : { address: typeof value === 'string' ? value : '' };
  const setCoords = (lng: number | null, lat: number | null) => {
    form?.setValuesIn?.(longitudeField, lng);
    form?.setValuesIn?.(latitudeField, lat);
  };
  const typed = (text: string) => {
    if (siblings) onChange?.(text || null);
    else onChange?.(text ? { address: text, longitude: num(current.longitude), latitude: num(current.latitude) } : null);
  };
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} disabled={disabled} placeholder={placeholder} value={current.address ?? ''} maxLength={200} onChange={(e) => typed(e.target.value)} />
        <Button icon={<EnvironmentOutlined />} disabled={disabled} onClick={() => setOpen(true)} data-testid="address-picker-open">
          地图选点
        </Button>
      </Space.Compact>
      {open ? (
        <AddressPickerDialog
          open
          value={current}
          onCancel={() => setOpen(false)}
          onOk={(v) => {
            setOpen(false);
            if (siblings) {
              onChange?.(v.address);
              setCoords(v.longitude, v.latitude);
            } else onChange?.(v);
          }}
        />
      ) : null}
    </>
  );
}

/** Read mode: the address, and its coordinates when known. */
export function Read({ value, record, longitudeField, latitudeField }: ReadProps & { longitudeField?: string; latitudeField?: string }) {
  const v = value && typeof value === 'object' ? (value as Partial<MapAddress>) : { address: value as string, longitude: longitudeField ? num(record?.[longitudeField]) : null, latitude: latitudeField ? num(record?.[latitudeField]) : null };
  if (isEmpty(v.address)) return <Empty />;
  const lng = num(v.longitude);
  const lat = num(v.latitude);
  return (
    <span>
      {v.address}
      {lng !== null && lat !== null ? <Typography.Text type="secondary">（{lng.toFixed(4)}，{lat.toFixed(4)}）</Typography.Text> : null}
    </span>
  );
}
