import { buildServices } from '../src/server/composition';
import { loadConfig } from '../src/server/config';
const cfg = loadConfig({} as any);
for (const s of buildServices(cfg)) for (const [k, d] of Object.entries(s.actions)) if (d.method !== 'GET' && d.audit !== false) console.log([d.method, s.name, k.split('#')[0], typeof d.access === 'string' ? d.access : [d.access.permission].flat().join('|'), d.summary.slice(0, 40)].join('\t'));
