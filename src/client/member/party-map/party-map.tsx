/**
 * 党建地图 (/partyMember/iBranch/map): the party organisations with coordinates of the member's area
 * (GetPartyOrganMap: the district around his branch) on the map, with a list beside it — a click on
 * a row opens its marker's popup, a click on a marker selects its row — filtered by level and name.
 * The map is the reusable MapView (widgets/map): the bundled province outline unless the deployment
 * configured a map key.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Empty, Input, Segmented, Spin, Tag } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { partyMapService, type OrganOnMap } from '../../api/party-map';
import { useAppState } from '../../state/store';
import { codeLabel } from '../../widgets/code-select/read';
import MapView from '../../widgets/map/map-view';
import type { MapMarker } from '../../widgets/map/types';
import { areaCodeOf } from '../../widgets/map/area';
import { MemberPage } from '../kit';
import './party-map.css';

const ALL = 'all';

export default function PartyMap() {
  const levels = useAppState((s) => s.baseCode?.organLevel);
  const { data, loading, error, refresh } = useRequest(() => partyMapService.organs({}, { silent: true }));
  const [level, setLevel] = useState<string>(ALL);
  const [name, setName] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const organs = data ?? [];
  const levelOptions = useMemo(() => {
    const present = [...new Set(organs.map((o) => o.organLevel))].sort((a, b) => a - b);
    return [{ value: ALL, label: '全部' }, ...present.map((l) => ({ value: String(l), label: codeLabel(levels, String(l)) || `${l}级` }))];
  }, [organs, levels]);
  const shown = useMemo(
    () => organs.filter((o) => (level === ALL || String(o.organLevel) === level) && (!name.trim() || o.organName.includes(name.trim()) || (o.address ?? '').includes(name.trim()))),
    [organs, level, name],
  );
  // the first view: the member's own area (the district around his branch; an administrator's city or district)
  const area = useMemo(() => areaCodeOf(organs), [organs]);
  const markers = useMemo<MapMarker[]>(() => shown.map((o) => ({ id: o.id, longitude: Number(o.longitude), latitude: Number(o.latitude), name: o.organName, address: o.address, secretaryName: o.secretaryName, contactPhone: o.contactPhone })), [shown]);

  // a marker chosen on the map brings its row into view
  useEffect(() => {
    if (selectedId === null) return;
    listRef.current?.querySelector(`[data-organ="${selectedId}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedId]);
  // a filter that hides the selected organisation closes its popup
  useEffect(() => {
    if (selectedId !== null && !shown.some((o) => o.id === selectedId)) setSelectedId(null);
  }, [shown, selectedId]);

  const body = () => {
    if (loading && !data) return <Spin className="dj-party-map__loading" />;
    if (error)
      return (
        <Empty description="党组织加载失败">
          <Button onClick={refresh}>重新加载</Button>
        </Empty>
      );
    return (
      <div className="dj-party-map__body">
        <aside className="dj-party-map__side">
          <Input.Search allowClear placeholder="按名称或地址筛选" aria-label="按名称或地址筛选" value={name} onChange={(e) => setName(e.target.value)} />
          <div className="dj-party-map__count" aria-live="polite">
            共 {shown.length} 个党组织
          </div>
          {shown.length ? (
            <ul className="dj-party-map__list" ref={listRef} aria-label="党组织列表">
              {shown.map((o: OrganOnMap) => (
                <li key={o.id} data-organ={o.id} className={o.id === selectedId ? 'is-selected' : undefined}>
                  <button type="button" aria-pressed={o.id === selectedId} onClick={() => setSelectedId(o.id === selectedId ? null : o.id)}>
                    <span className="dj-party-map__name">
                      <EnvironmentOutlined /> {o.organName}
                    </span>
                    <Tag>{codeLabel(levels, String(o.organLevel)) || `${o.organLevel}级`}</Tag>
                    {o.address ? <span className="dj-party-map__addr">{o.address}</span> : null}
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无带坐标的党组织" />
          )}
        </aside>
        <div className="dj-party-map__map">
          <MapView markers={markers} selectedId={selectedId} onMarkerClick={(m) => setSelectedId(Number(m.id))} onPopupClose={() => setSelectedId(null)} fit="markers" area={area} height={560} label="党建地图" />
        </div>
      </div>
    );
  };

  return (
    <MemberPage title="党建地图" extra={levelOptions.length > 2 ? <Segmented className="dj-map-levels" size="small" options={levelOptions} value={level} onChange={(v) => setLevel(String(v))} aria-label="组织层级" /> : null}>
      {body()}
    </MemberPage>
  );
}
