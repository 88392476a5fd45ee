/**
 * The map's area and clustering rules, pure (unit-tested in tests/unit/map/area.test.ts):
 * which bundled district outlines make up an administrative area (行政区划代码, GB/T 2260: 2 digits
 * province, 4 city, 6 district), which area a list of organisations belongs to, and how markers
 * gather into clusters with counts at a zoom level.
 */
import { boundsOf, coordinatesOf, project, zoomOf, type Bounds, type Feature, type FeatureCollection } from './geo';

/** An area code as its 6-digit 行政区划 part ('510115001002' → '510115'); null for no code. */
export function area6(code: string | null | undefined): string | null {
  const c = (code ?? '').trim();
  return /^\d{6}/.test(c) ? c.slice(0, 6) : null;
}

export type AreaLevel = 'province' | 'city' | 'district';
export const areaLevel = (code6: string): AreaLevel => (code6.endsWith('0000') ? 'province' : code6.endsWith('00') ? 'city' : 'district');

/**
 * The district features that make up an area: a province code → all of them (when it is the bundled
 * province), a city → its districts, a district → itself. A district the data does not know (a code
 * newer than the data) falls back to its city; nothing matches outside the bundled province.
 */
export function areaFeatures(districts: FeatureCollection, code: string | null | undefined): Feature[] {
  const c = area6(code);
  if (!c) return [];
  const codeOf = (f: Feature) => String(f.properties.adcode ?? f.id ?? '');
  const level = areaLevel(c);
  if (level === 'province') return districts.features.filter((f) => codeOf(f).startsWith(c.slice(0, 2)));
  if (level === 'district') {
    const own = districts.features.filter((f) => codeOf(f) === c);
    if (own.length) return own;
  }
  return districts.features.filter((f) => codeOf(f).startsWith(c.slice(0, 4)));
}

/** The world bounds of some features (null for none). */
export function featuresBounds(features: Feature[]): Bounds | null {
  return features.length ? boundsOf(coordinatesOf({ type: 'FeatureCollection', features })) : null;
}

/**
 * The area a map of organisations shows first: the code of the highest organisation in the list (the
 * lowest level — the district committee around a member's branch, an administrator's own
 * organisation), as its 6-digit part; null when none has a code.
 */
export function areaCodeOf(organs: { organLevel: number; areaCode?: string | null }[]): string | null {
  let best: { organLevel: number; code: string } | null = null;
  for (const o of organs) {
    const code = area6(o.areaCode);
    if (code && (!best || o.organLevel < best.organLevel)) best = { organLevel: o.organLevel, code };
  }
  return best?.code ?? null;
}

/* ---------- clustering ---------- */

export interface Clusterable {
  id: string | number;
  longitude: number;
  latitude: number;
}

export interface MarkerCluster<M extends Clusterable> {
  /** stable while the same markers are gathered: the first member's id */
  key: string;
  /**
   * where it is drawn (world units, 0…1): the position of the marker that seeded it — seeds lie at
   * least `radius` pixels apart, so clusters (44 px targets) never cover each other, as a mean might
   */
  x: number;
  y: number;
  markers: M[];
}

/** At this zoom and above every marker stands alone (streets: the list and the popup tell them apart). */
export const CLUSTER_MAX_ZOOM = 16;
/** Markers closer than this many pixels gather (a pin's tap target is 44 px, a cluster's drawn circle up to 54). */
export const CLUSTER_RADIUS = 56;

/**
 * Gathers markers closer than `radius` screen pixels at scale k (k = 256·2^zoom) into clusters, in
 * the markers' order: each joins the nearest cluster seeded within the radius, else seeds one. A grid
 * of radius-sized cells keeps it linear. Depends only on the zoom, not on panning, so clusters do not
 * change while the map is dragged. `alone` (the selected marker) never joins a cluster.
 */
export function clusterMarkers<M extends Clusterable>(markers: M[], k: number, radius = CLUSTER_RADIUS, alone?: string | number | null): MarkerCluster<M>[] {
  const out: (MarkerCluster<M> & { sx: number; sy: number })[] = [];
  const noCluster = zoomOf(k) >= CLUSTER_MAX_ZOOM;
  const grid = new Map<string, number[]>();
  const r2 = radius * radius;
  for (const m of markers) {
    if (!Number.isFinite(m.longitude) || !Number.isFinite(m.latitude)) continue;
    const [wx, wy] = project(m.longitude, m.latitude);
    const px = wx * k;
    const py = wy * k;
    const cx = Math.floor(px / radius);
    const cy = Math.floor(py / radius);
    let best = -1;
    let bestD = Infinity;
    if (!noCluster && m.id !== alone) {
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          for (const i of grid.get(`${cx + dx}:${cy + dy}`) ?? []) {
            const c = out[i];
            const d = (c.sx - px) ** 2 + (c.sy - py) ** 2;
            if (d <= r2 && d < bestD) {
              best = i;
              bestD = d;
            }
          }
        }
      }
    }
    if (best >= 0) {
      const c = out[best];
      out[best].markers.push(m);
    } else {
      out.push({ key: String(m.id), x: wx, y: wy, sx: px, sy: py, markers: [m] });
      // the selected marker seeds nothing others may join
      if (m.id !== alone) {
        const cell = `${cx}:${cy}`;
        grid.set(cell, [...(grid.get(cell) ?? []), out.length - 1]);
      }
    }
  }
  return out.map(({ key, x, y, markers: ms }) => ({ key, x, y, markers: ms }));
}

/** The world bounds of a cluster's markers (what a click on it zooms to). */
export function clusterBounds(c: MarkerCluster<Clusterable>): Bounds | null {
  return boundsOf(c.markers.map((m) => [m.longitude, m.latitude]));
}
