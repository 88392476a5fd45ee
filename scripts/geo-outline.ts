/**
 * Builds the bundled province outline src/client/widgets/map/outlines/sichuan.json (docs/map.md) from ECharts 4.9.0's
 * map file (Apache-2.0): decoded from its "UTF8Encoding" format, simplified and rounded.
 *
 *   cd /tmp && npm pack echarts@4.9.0 && tar xzf echarts-4.9.0.tgz package/map/json/province/sichuan.json
 *   npx tsx scripts/geo-outline.ts /tmp/package/map/json/province/sichuan.json src/client/widgets/map/outlines/sichuan.json
 *
 * Another province: the same with its file and a province name (third argument, e.g. 云南省).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { decodeGeo, simplifyGeo, type FeatureCollection } from '../src/client/widgets/map/geo';

const [input, output = 'src/client/widgets/map/outlines/sichuan.json', province = '四川省', adcode = '510000'] = process.argv.slice(2);
if (!input) {
  console.error('usage: tsx scripts/geo-outline.ts <echarts province json> [output] [province name] [province adcode]');
  process.exit(1);
}
const decoded = decodeGeo(JSON.parse(readFileSync(input, 'utf8')) as FeatureCollection);
// 0.01° ≈ 1 km: the cities' borders stay recognisable at zoom 11, the file stays small
const small = simplifyGeo(decoded, 0.01, 3);
const out = {
  type: 'FeatureCollection',
  name: province,
  adcode,
  source: 'Apache ECharts 4.9.0, map/json/province (Apache License 2.0), decoded and simplified by scripts/geo-outline.ts',
  features: small.features.map((f) => ({ type: 'Feature', properties: { adcode: f.properties.adcode ?? f.id, name: f.properties.name, cp: f.properties.cp }, geometry: f.geometry })),
};
writeFileSync(output, JSON.stringify(out));
const points = out.features.reduce((n, f) => n + JSON.stringify(f.geometry.coordinates).split('],[').length, 0);
console.log(`${output}: ${out.features.length} features, ~${points} points, ${readFileSync(output).length} bytes`);
