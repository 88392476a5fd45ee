/**
 * The map's pure arithmetic, shared by the SVG outline view, its optional tile layer and the script
 * that builds the bundled province outline (scripts/geo-outline.ts). No DOM, no React.
 *
 * Coordinates are projected with Web Mercator onto the unit square ("world": x east, y south, both
 * 0…1), the projection of AMap and of every OSM-style tile source, so that a view's scale is a zoom
 * level: k = 256 · 2^zoom pixels for the whole world. "Zoom 11" (spec §9) then means the same on the
 * outline, on tiles and on AMap.
 */

export type LngLat = [number, number];
export type Ring = LngLat[];
export interface Geometry {
  type: 'Polygon' | 'MultiPolygon';
  coordinates: any;
  encodeOffsets?: any;
}
export interface Feature {
  type: 'Feature';
  id?: string;
  properties: { name?: string; adcode?: string; cp?: LngLat; [k: string]: unknown };
  geometry: Geometry;
}
export interface FeatureCollection {
  type: 'FeatureCollection';
  features: Feature[];
  UTF8Encoding?: boolean;
  UTF8Scale?: number;
  [k: string]: unknown;
}

/** A view: screen = world · k + (tx, ty). */
export interface View {
  k: number;
  tx: number;
  ty: number;
}

export const TILE = 256;
export const MAX_LAT = 85.05112878;
export const MIN_ZOOM = 3;
export const MAX_ZOOM = 18;
/** spec §9: the picker opens a found place at zoom 11 */
export const PICK_ZOOM = 11;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** lng/lat → world (Web Mercator on the unit square). */
export function project(lng: number, lat: number): [number, number] {
  const phi = (clamp(lat, -MAX_LAT, MAX_LAT) * Math.PI) / 180;
  return [(lng + 180) / 360, (1 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / Math.PI) / 2];
}

/** world → lng/lat. */
export function unproject(x: number, y: number): LngLat {
  const lng = x * 360 - 180;
  const lat = (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
  return [lng, lat];
}

export const zoomOf = (k: number) => Math.log2(k / TILE);
export const scaleOf = (zoom: number) => TILE * 2 ** zoom;

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The world bounds of some lng/lat points (null when there are none). */
export function boundsOf(points: Iterable<LngLat>): Bounds | null {
  let b: Bounds | null = null;
  for (const [lng, lat] of points) {
    if (!Number.isFinite(lng) || !Number.isFinite(lat)) continue;
    const [x, y] = project(lng, lat);
    if (!b) b = { minX: x, minY: y, maxX: x, maxY: y };
    else {
      b.minX = Math.min(b.minX, x);
      b.minY = Math.min(b.minY, y);
      b.maxX = Math.max(b.maxX, x);
      b.maxY = Math.max(b.maxY, y);
    }
  }
  return b;
}

/**
 * The view that shows `b` whole and centred in a box of width × height, with `padding` pixels on
 * every side; a single point (or a tiny area) is shown at `maxZoom`.
 */
export function fitView(b: Bounds, width: number, height: number, padding = 16, maxZoom = PICK_ZOOM): View {
  const w = Math.max(1, width - 2 * padding);
  const h = Math.max(1, height - 2 * padding);
  const bw = b.maxX - b.minX;
  const bh = b.maxY - b.minY;
  let k = Math.min(bw > 0 ? w / bw : Infinity, bh > 0 ? h / bh : Infinity);
  k = Math.min(Number.isFinite(k) ? k : scaleOf(maxZoom), scaleOf(maxZoom));
  const cx = (b.minX + b.maxX) / 2;
  const cy = (b.minY + b.maxY) / 2;
  return { k, tx: width / 2 - cx * k, ty: height / 2 - cy * k };
}

/** The view centred on a lng/lat at a zoom level. */
export function centerView(lng: number, lat: number, zoom: number, width: number, height: number): View {
  const [x, y] = project(lng, lat);
  const k = scaleOf(clamp(zoom, MIN_ZOOM, MAX_ZOOM));
  return { k, tx: width / 2 - x * k, ty: height / 2 - y * k };
}

/** lng/lat → screen pixel of a view. */
export function toScreen(v: View, lng: number, lat: number): [number, number] {
  const [x, y] = project(lng, lat);
  return [x * v.k + v.tx, y * v.k + v.ty];
}

/** screen pixel → lng/lat. */
export function fromScreen(v: View, px: number, py: number): LngLat {
  return unproject((px - v.tx) / v.k, (py - v.ty) / v.k);
}

/** Zooms by `factor` keeping the screen point (px, py) in place (the wheel's pointer), within the zoom limits. */
export function zoomAt(v: View, factor: number, px: number, py: number): View {
  const k = clamp(v.k * factor, scaleOf(MIN_ZOOM), scaleOf(MAX_ZOOM));
  const f = k / v.k;
  return { k, tx: px - (px - v.tx) * f, ty: py - (py - v.ty) * f };
}

export const panBy = (v: View, dx: number, dy: number): View => ({ k: v.k, tx: v.tx + dx, ty: v.ty + dy });

/* ---------- ECharts 4 "UTF8Encoding" map files ---------- */

/**
 * One ring of an ECharts 4 map file: pairs of characters, each the zigzag-encoded delta from the
 * previous point, offset by 64, quantised by `scale` (1024 per degree), starting at `offsets`.
 */
export function decodeRing(encoded: string, offsets: [number, number], scale: number): Ring {
  const out: Ring = [];
  let px = offsets[0];
  let py = offsets[1];
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    let x = encoded.charCodeAt(i) - 64;
    let y = encoded.charCodeAt(i + 1) - 64;
    x = (x >> 1) ^ -(x & 1);
    y = (y >> 1) ^ -(y & 1);
    px += x;
    py += y;
    out.push([px / scale, py / scale]);
  }
  return out;
}

/**
 * A map file of ECharts 4 (`map/json/province/*.json`, "UTF8Encoding": true) as plain GeoJSON; a
 * plain GeoJSON comes back unchanged. The input is not modified.
 */
export function decodeGeo(json: FeatureCollection): FeatureCollection {
  if (!json?.UTF8Encoding) return json;
  const scale = json.UTF8Scale ?? 1024;
  const features = json.features.map((f): Feature => {
    const g = f.geometry;
    const offs = g.encodeOffsets;
    const coordinates =
      g.type === 'Polygon'
        ? (g.coordinates as string[]).map((ring, r) => decodeRing(ring, offs[r], scale))
        : (g.coordinates as string[][]).map((poly, p) => poly.map((ring, r) => decodeRing(ring, offs[p][r], scale)));
    return { type: 'Feature', id: f.id, properties: { ...f.properties, ...(f.id ? { adcode: String(f.id) } : {}) }, geometry: { type: g.type, coordinates } };
  });
  const { UTF8Encoding: _e, UTF8Scale: _s, ...rest } = json;
  return { ...rest, type: 'FeatureCollection', features };
}

/** The polygons of a geometry: each a list of rings (outer first). */
export function polygonsOf(g: Geometry): Ring[][] {
  return g.type === 'Polygon' ? [g.coordinates as Ring[]] : (g.coordinates as Ring[][]);
}

/** Squared distance from p to the segment a–b. */
function segDist2(p: LngLat, a: LngLat, b: LngLat): number {
  let [x, y] = a;
  let dx = b[0] - x;
  let dy = b[1] - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((p[0] - x) * dx + (p[1] - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) [x, y] = b;
    else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  dx = p[0] - x;
  dy = p[1] - y;
  return dx * dx + dy * dy;
}

/** Douglas–Peucker: the points of a line that keep it within `tolerance` (degrees). Ends are kept. */
export function simplifyLine(points: Ring, tolerance: number): Ring {
  if (points.length <= 2) return points.slice();
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const t2 = tolerance * tolerance;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    let max = 0;
    let at = -1;
    for (let i = first + 1; i < last; i++) {
      const d = segDist2(points[i], points[first], points[last]);
      if (d > max) {
        max = d;
        at = i;
      }
    }
    if (at >= 0 && max > t2) {
      keep[at] = 1;
      stack.push([first, at], [at, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * A collection made smaller: rings simplified (closed rings stay closed, a ring left with fewer
 * than 4 points is dropped, a polygon without its outer ring too) and coordinates rounded.
 */
export function simplifyGeo(json: FeatureCollection, tolerance: number, digits = 4): FeatureCollection {
  const ring = (r: Ring): Ring | null => {
    const s = simplifyLine(r, tolerance).map(([x, y]) => [round(x, digits), round(y, digits)] as LngLat);
    const first = s[0];
    const last = s[s.length - 1];
    if (s.length && (first[0] !== last[0] || first[1] !== last[1])) s.push([first[0], first[1]]);
    return s.length >= 4 ? s : null;
  };
  const features = json.features.map((f) => {
    const polys = polygonsOf(f.geometry)
      .map((rings) => {
        const outer = ring(rings[0]);
        return outer ? [outer, ...rings.slice(1).map(ring).filter((r): r is Ring => !!r)] : null;
      })
      .filter((p): p is Ring[] => !!p);
    const geometry: Geometry = polys.length === 1 ? { type: 'Polygon', coordinates: polys[0] } : { type: 'MultiPolygon', coordinates: polys };
    return { ...f, geometry };
  });
  return { ...json, features };
}

/** Every coordinate of a collection (for bounds). */
export function* coordinatesOf(json: FeatureCollection): Generator<LngLat> {
  for (const f of json.features) for (const poly of polygonsOf(f.geometry)) for (const r of poly) yield* r;
}

/**
 * An SVG path of a geometry in world units times `unit` (the outline view scales it by k / unit; a
 * large unit keeps the numbers exact enough at street zoom).
 */
export function pathOf(g: Geometry, unit: number): string {
  const parts: string[] = [];
  for (const poly of polygonsOf(g)) {
    for (const r of poly) {
      if (r.length < 2) continue;
      parts.push(
        r
          .map(([lng, lat], i) => {
            const [x, y] = project(lng, lat);
            return `${i ? 'L' : 'M'}${round(x * unit, 2)} ${round(y * unit, 2)}`;
          })
          .join('') + 'Z',
      );
    }
  }
  return parts.join('');
}

/* ---------- tiles (an OSM-style URL template) ---------- */

export interface TileRef {
  z: number;
  x: number;
  y: number;
  /** screen position and size of the tile */
  left: number;
  top: number;
  size: number;
  url: string;
}

/** The URL of a tile from a template with {z}, {x}, {y} and optionally {s} (subdomain a, b, c). */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template
    .replace('{s}', 'abc'[(x + y) % 3])
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y));
}

/** The tiles covering a width × height box in a view, at the integer zoom nearest the view's. */
export function visibleTiles(v: View, width: number, height: number, template: string, maxZoom = MAX_ZOOM): TileRef[] {
  const z = clamp(Math.round(zoomOf(v.k)), 0, maxZoom);
  const n = 2 ** z;
  const size = v.k / n;
  const x0 = Math.max(0, Math.floor(-v.tx / size));
  const y0 = Math.max(0, Math.floor(-v.ty / size));
  const x1 = Math.min(n - 1, Math.floor((width - v.tx) / size));
  const y1 = Math.min(n - 1, Math.floor((height - v.ty) / size));
  const out: TileRef[] = [];
  // a broken view (thousands of tiles) would flood the tile server: draw none instead
  if ((x1 - x0 + 1) * (y1 - y0 + 1) > 400) return out;
  for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) out.push({ z, x, y, left: v.tx + x * size, top: v.ty + y * size, size, url: tileUrl(template, z, x, y) });
  return out;
}
