/**
 * The map with AMap (高德) when the deployment configured AMAP_KEY: the same props as the outline
 * view. Texts in the info window are set as text, never as HTML.
 */
import { useEffect, useRef, useState } from 'react';
import { loadAmap } from './amap-loader';
import { PICK_ZOOM } from './geo';
import type { MapMarker, MapViewProps } from './types';
import './map.css';

function popupElement(m: MapMarker): HTMLElement {
  const el = document.createElement('div');
  el.className = 'dj-map-popup__body';
  const line = (text: string, cls?: string) => {
    const d = document.createElement('div');
    if (cls) d.className = cls;
    d.textContent = text;
    el.appendChild(d);
  };
  line(m.name, 'dj-map-popup__title');
  if (m.address) line(`地址：${m.address}`);
  if (m.secretaryName) line(`书记：${m.secretaryName}`);
  if (m.contactPhone) line(`电话：${m.contactPhone}`);
  return el;
}

export default function AmapView({ markers = [], selectedId, onMarkerClick, onPopupClose, onMapClick, point, focus, fit = 'outline', height = 480, label = '地图', className, amapKey, securityCode, onFail }: MapViewProps & { amapKey: string; securityCode?: string; onFail: (e: Error) => void }) {
  const el = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<any>(null);
  const handlers = useRef({ onMarkerClick, onMapClick, onPopupClose });
  handlers.current = { onMarkerClick, onMapClick, onPopupClose };

  useEffect(() => {
    let m: any = null;
    let live = true;
    loadAmap(amapKey, securityCode).then(
      (AMap) => {
        if (!live || !el.current) return;
        m = new AMap.Map(el.current, { zoom: 7, resizeEnable: true });
        m.addControl(new AMap.Scale());
        m.addControl(new AMap.ToolBar({ position: 'RT' }));
        m.on('click', (e: any) => handlers.current.onMapClick?.({ longitude: e.lnglat.getLng(), latitude: e.lnglat.getLat() }));
        setMap(m);
      },
      (e: Error) => live && onFail(e),
    );
    return () => {
      live = false;
      m?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [amapKey, securityCode]);

  const overlays = useRef<{ markers: any[]; byId: Map<string | number, any>; info: any }>({ markers: [], byId: new Map(), info: null });
  useEffect(() => {
    if (!map) return;
    const AMap = (window as any).AMap;
    map.remove(overlays.current.markers);
    const list = markers.map((mk) => {
      const marker = new AMap.Marker({ position: [mk.longitude, mk.latitude], title: mk.name });
      marker.on('click', () => handlers.current.onMarkerClick?.(mk));
      return marker;
    });
    overlays.current.markers = list;
    overlays.current.byId = new Map(markers.map((mk, i) => [mk.id, list[i]]));
    map.add(list);
    if (!focus && list.length && fit === 'markers') map.setFitView(list);
  }, [map, markers, fit, focus]);

  useEffect(() => {
    if (!map) return;
    const AMap = (window as any).AMap;
    const mk = markers.find((x) => x.id === selectedId);
    overlays.current.info?.close();
    if (!mk) return;
    const info = new AMap.InfoWindow({ content: popupElement(mk), offset: new AMap.Pixel(0, -30) });
    info.on('close', () => handlers.current.onPopupClose?.());
    info.open(map, [mk.longitude, mk.latitude]);
    overlays.current.info = info;
  }, [map, selectedId, markers]);

  const pin = useRef<any>(null);
  useEffect(() => {
    if (!map) return;
    const AMap = (window as any).AMap;
    if (pin.current) map.remove(pin.current);
    pin.current = point ? new AMap.Marker({ position: [point.longitude, point.latitude] }) : null;
    if (pin.current) map.add(pin.current);
  }, [map, point?.longitude, point?.latitude]);

  useEffect(() => {
    if (map && focus) map.setZoomAndCenter(focus.zoom ?? PICK_ZOOM, [focus.longitude, focus.latitude]);
  }, [map, focus?.longitude, focus?.latitude, focus?.zoom, focus?.key]);

  return <div ref={el} className={`dj-amap${className ? ` ${className}` : ''}`} style={{ height }} role="application" aria-label={label} data-provider="amap" />;
}
