/** The map's arithmetic (widgets/map/geo.ts) and the bundled outline (src/client/widgets/map/outlines/sichuan.json). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  boundsOf, centerView, coordinatesOf, decodeGeo, decodeRing, fitView, fromScreen, pathOf, project, scaleOf, simplifyLine, tileUrl, toScreen, unproject, visibleTiles, zoomAt, zoomOf,
  type FeatureCollection, type LngLat,
} from '../../../src/client/widgets/map/geo';
import { featureAt, inRing, outlineArea } from '../../../src/client/widgets/map/settings';

const close = (a: number, b: number, eps = 1e-6) => expect(Math.abs(a - b)).toBeLessThan(eps);

/** ECharts 4's encoder (its build script), to check the decoder against */
function encodeRing(points: LngLat[], scale = 1024): { s: string; offsets: [number, number] } {
  const q = points.map(([x, y]) => [Math.round(x * scale), Math.round(y * scale)]);
  const zig = (v: number) => (v << 1) ^ (v >> 31);
  let s = '';
  let [px, py] = q[0];
  for (const [x, y] of q) {
    s += String.fromCharCode(zig(x - px) + 64, zig(y - py) + 64);
    px = x;
    py = y;
  }
  return { s, offsets: [q[0][0], q[0][1]] };
}

describe('projection', () => {
  it('Web Mercator: the origin is the middle, round trips are exact', () => {
    expect(project(0, 0)).toEqual([0.5, 0.5]);
    const [x, y] = project(104.0668, 30.5728);
    const [lng, lat] = unproject(x, y);
    close(lng, 104.0668);
    close(lat, 30.5728);
    // north is up (smaller y)
    expect(project(104, 32)[1]).toBeLessThan(project(104, 30)[1]);
  });

  it('a view scale is a zoom level: 256 · 2^z pixels for the world', () => {
    expect(scaleOf(11)).toBe(256 * 2048);
    close(zoomOf(scaleOf(11)), 11);
  });

  it('fitView shows the bounds whole and centred, with the padding', () => {
    const b = boundsOf([[97.35, 26.05], [108.55, 34.32]])!;
    const v = fitView(b, 800, 600, 20);
    const [x0, y0] = toScreen(v, 97.35, 34.32);
    const [x1, y1] = toScreen(v, 108.55, 26.05);
    // one side touches the padding, the other has room; the centre is the box's
    expect(Math.min(x0, y0)).toBeGreaterThanOrEqual(19.999);
    expect(Math.max(x1 - 800, y1 - 600)).toBeLessThanOrEqual(-19.999);
    expect(Math.abs(x0 - 20) < 1e-6 || Math.abs(y0 - 20) < 1e-6).toBe(true);
    close((x0 + x1) / 2, 400, 1e-6);
    close((y0 + y1) / 2, 300, 1e-6);
  });

  it('a single point is fitted at the pick zoom (11), not infinitely close', () => {
    const v = fitView(boundsOf([[104, 30]])!, 800, 600);
    close(zoomOf(v.k), 11);
    const [x, y] = toScreen(v, 104, 30);
    close(x, 400);
    close(y, 300);
  });

  it('centerView puts the place in the middle at the zoom; fromScreen inverts toScreen', () => {
    const v = centerView(104.0668, 30.5728, 11, 640, 480);
    const [x, y] = toScreen(v, 104.0668, 30.5728);
    close(x, 320);
    close(y, 240);
    const [lng, lat] = fromScreen(v, 100, 50);
    const [bx, by] = toScreen(v, lng, lat);
    close(bx, 100);
    close(by, 50);
  });

  it('zoomAt keeps the point under the pointer and stays within the zoom limits', () => {
    const v = centerView(104, 30, 8, 800, 600);
    const under = fromScreen(v, 123, 456);
    const z = zoomAt(v, 2, 123, 456);
    close(zoomOf(z.k), 9);
    const [x, y] = toScreen(z, under[0], under[1]);
    close(x, 123, 1e-6);
    close(y, 456, 1e-6);
    expect(zoomOf(zoomAt(v, 1e9, 0, 0).k)).toBeCloseTo(18, 6);
    expect(zoomOf(zoomAt(v, 1e-9, 0, 0).k)).toBeCloseTo(3, 6);
  });
});

describe('ECharts 4 "UTF8Encoding" map files', () => {
  it('decodeRing reverses the encoder: zigzag deltas offset by 64, quantised by 1024', () => {
    const ring: LngLat[] = [[104.0625, 30.5], [104.5, 30.75], [103.25, 31], [104.0625, 30.5]];
    const { s, offsets } = encodeRing(ring);
    expect(decodeRing(s, offsets, 1024)).toEqual(ring);
  });

  it('decodeGeo decodes Polygon and MultiPolygon, keeps the adcode, leaves plain GeoJSON alone', () => {
    const a = encodeRing([[1, 1], [2, 1], [2, 2], [1, 1]]);
    const b = encodeRing([[5, 5], [6, 5], [6, 6], [5, 5]]);
    const encoded = {
      type: 'FeatureCollection',
      UTF8Encoding: true,
      features: [
        { type: 'Feature', id: '510100', properties: { name: '成都市' }, geometry: { type: 'Polygon', coordinates: [a.s], encodeOffsets: [a.offsets] } },
        { type: 'Feature', id: '510400', properties: { name: '攀枝花市' }, geometry: { type: 'MultiPolygon', coordinates: [[a.s], [b.s]], encodeOffsets: [[a.offsets], [b.offsets]] } },
      ],
    } as unknown as FeatureCollection;
    const snapshot = JSON.stringify(encoded);
    const plain = decodeGeo(encoded);
    expect(JSON.stringify(encoded)).toBe(snapshot); // the input is not changed
    expect(plain.UTF8Encoding).toBeUndefined();
    expect(plain.features[0].geometry.coordinates).toEqual([[[1, 1], [2, 1], [2, 2], [1, 1]]]);
    expect(plain.features[0].properties.adcode).toBe('510100');
    expect(plain.features[1].geometry.coordinates[1]).toEqual([[[5, 5], [6, 5], [6, 6], [5, 5]]]);
    expect(decodeGeo(plain)).toBe(plain);
  });

  it('simplifyLine keeps the ends and the corners, drops points within the tolerance', () => {
    const line: LngLat[] = [[0, 0], [1, 0.001], [2, 0], [3, 5], [4, 0]];
    expect(simplifyLine(line, 0.01)).toEqual([[0, 0], [2, 0], [3, 5], [4, 0]]);
    expect(simplifyLine(line, 0)).toEqual(line);
  });

  it('pathOf draws closed rings in world units', () => {
    const d = pathOf({ type: 'Polygon', coordinates: [[[0, 0], [90, 0], [90, 45], [0, 0]]] }, 1000);
    expect(d.startsWith('M500 500L750 500L750 ')).toBe(true);
    expect(d.endsWith('Z')).toBe(true);
  });
});

describe('the bundled outline of 四川省', () => {
  const geo = decodeGeo(JSON.parse(readFileSync('src/client/widgets/map/outlines/sichuan.json', 'utf8')));

  it('holds the province and its 21 cities and prefectures, with source and licence', () => {
    expect(geo.name).toBe('四川省');
    expect(String(geo.source)).toMatch(/ECharts.*Apache License 2\.0/);
    const names = geo.features.map((f) => f.properties.name);
    expect(names).toHaveLength(21);
    expect(names).toEqual(expect.arrayContaining(['成都市', '绵阳市', '德阳市', '宜宾市', '南充市', '甘孜藏族自治州', '凉山彝族自治州']));
    const b = boundsOf(coordinatesOf(geo))!;
    const [w, n] = unproject(b.minX, b.minY);
    const [e, s] = unproject(b.maxX, b.maxY);
    expect(w).toBeGreaterThan(97);
    expect(e).toBeLessThan(109);
    expect(s).toBeGreaterThan(26);
    expect(n).toBeLessThan(34.5);
  });

  it("finds the city under a point: the demo organisations' coordinates lie in their cities", () => {
    expect(featureAt(geo, 104.0668, 30.5728)).toBe('成都市');
    expect(featureAt(geo, 104.6796, 31.4675)).toBe('绵阳市');
    expect(featureAt(geo, 104.3979, 31.127)).toBe('德阳市');
    expect(featureAt(geo, 104.6432, 28.7602)).toBe('宜宾市');
    expect(featureAt(geo, 106.1106, 30.8378)).toBe('南充市');
    expect(featureAt(geo, 116.4, 39.9)).toBeNull(); // 北京
    expect(inRing([0.5, 0.5], [[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]])).toBe(true);
  });

  it('its area is the province, centred in it', () => {
    const a = outlineArea(geo);
    expect(a.name).toBe('四川省');
    expect(a.longitude).toBeGreaterThan(100);
    expect(a.longitude).toBeLessThan(106);
  });
});

describe('tiles', () => {
  it('fills the template and covers the box at the nearest zoom', () => {
    expect(tileUrl('https://{s}.tile.example.org/{z}/{x}/{y}.png', 3, 6, 3)).toBe('https://a.tile.example.org/3/6/3.png');
    const v = centerView(104, 30, 6, 512, 512);
    const tiles = visibleTiles(v, 512, 512, 'http://t/{z}/{x}/{y}');
    expect(new Set(tiles.map((t) => t.z))).toEqual(new Set([6]));
    // every corner of the box lies on a tile
    for (const [px, py] of [[0, 0], [511, 0], [0, 511], [511, 511]]) expect(tiles.some((t) => px >= t.left && px < t.left + t.size && py >= t.top && py < t.top + t.size)).toBe(true);
    expect(tiles.length).toBeLessThanOrEqual(9);
  });
});
