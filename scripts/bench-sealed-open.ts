/**
 * The cost of opening one sealed value (docs/BENCHMARKS.md, "Personal data at rest"): 20,000 ID cards
 * and 20,000 phone numbers sealed under the development key, opened three times over.
 *
 *   npx tsx scripts/bench-sealed-open.ts     # DATA_CIPHER (sm4)
 */
import { open, seal } from '../src/server/security/data-cipher';
import { loadKeyRing } from '../src/server/security/data-keys';

const ring = loadKeyRing({ DATA_CIPHER: process.env.DATA_CIPHER });
const values = Array.from({ length: 20000 }, (_, i) => [seal(ring, `5101151980010${String(i).padStart(5, '0')}`), seal(ring, `139${String(i).padStart(8, '0')}`)]).flat();
for (let run = 1; run <= 3; run++) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let chars = 0;
  for (const v of values) chars += open(ring, v).length;
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  // CPU time as well as wall time: on a shared machine the wall time counts the other processes' turns
  const cpuMs = (c.user + c.system) / 1000;
  console.log(`run ${run}: ${values.length.toLocaleString()} opens, ${ms.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU (${((cpuMs * 1000) / values.length).toFixed(1)} µs CPU each, ${chars} characters)`);
}
