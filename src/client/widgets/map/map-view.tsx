/**
 * MapView: the reusable map (the party map, the address picker, big screen). It draws
 * with the deployment's provider — AMap with a key, else the bundled outline (with MAP_TILE_URL's
 * tiles under it) — and falls back to the outline when AMap cannot load (no network).
 */
import { lazy, Suspense, useState } from 'react';
import { Spin } from 'antd';
import OutlineView from './outline-view';
import { mapSettings } from './settings';
import type { MapViewProps } from './types';

const AmapView = lazy(() => import('./amap-view'));

export default function MapView(props: MapViewProps) {
  const s = mapSettings();
  const [amapFailed, setAmapFailed] = useState<string | null>(null);
  if (s.provider === 'amap' && !amapFailed) {
    return (
      <Suspense fallback={<Spin />}>
        <AmapView {...props} amapKey={s.amapKey!} securityCode={s.amapSecurityCode} onFail={(e) => setAmapFailed(e.message || '高德地图加载失败')} />
      </Suspense>
    );
  }
  return <OutlineView {...props} tileUrl={s.provider === 'tiles' ? s.tileUrl : undefined} tileAttribution={s.tileAttribution} notice={amapFailed ? `${amapFailed}，已显示省域轮廓图` : undefined} />;
}

export type { MapMarker, MapPoint, MapFocus, MapViewProps, PlaceHit } from './types';
