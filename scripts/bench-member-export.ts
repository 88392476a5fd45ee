/**
 * The member list's export (党员管理 → 导出) on the generated province, masked and in full
 * (reveal, Pages.PartyMember.ViewSensitive), through the whole server in-process: the cost of opening
 * the sealed ID card and phone numbers of every row (docs/BENCHMARKS.md, "Personal data at rest").
 *
 *   MEMBERS=100000 npx tsx scripts/generate-province.ts && npx tsx scripts/bench-member-export.ts
 *   # BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/dj_bench), BENCH_RUNS (3)
 */
import { sql } from 'kysely';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { createContext } from '../src/server/context';
import { buildApp } from '../src/server/app';
import { LogSmsSender } from '../src/server/security/sms';

const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dj_bench';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function main() {
  const config = loadConfig({ ...process.env, DATABASE_URL: URL, LOG_LEVEL: 'warn', EXPORT_MAX_ROWS: '2000000' }, { dataDir: null });
  const { db, kind } = await openDatabase({ url: URL });
  const ctx = createContext({ db, dbKind: kind, config, sms: new LogSmsSender(() => ({ info: () => {} }) as any) });
  const app = await buildApp(ctx, { clientDir: null, logger: false } as any);
  const call = async (url: string, token?: string, body?: unknown) => {
    const r = await app.inject({ method: body ? 'POST' : 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {}, payload: body as any });
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 300)}`);
    return r;
  };
  let token = JSON.parse((await call('/api/TokenAuth/Sigin', undefined, { userName: 'admin', password: 'Demo@123456' })).body).result.accessToken as string;
  const [role] = JSON.parse((await call('/api/services/app/UserService/GetUserManageOrgan', token)).body).result;
  token = JSON.parse((await call(`/api/TokenAuth/UserChangeRole?roleId=${role.roleId}&organId=${role.organId}`, token)).body).result?.accessToken ?? token;
  const members = Number((await sql<{ n: number }>`select count(*) as n from party_members where status = 1 and not is_deleted`.execute(db)).rows[0].n);
  const sample = (await sql<{ v: string }>`select id_card as v from party_members where id_card is not null limit 1`.execute(db.withoutPlugins())).rows[0]?.v ?? '';
  console.log(`${URL}: ${members.toLocaleString()} members; stored ID card looks like ${sample.startsWith('enc1:') ? `${sample.slice(0, 16)}… (sealed)` : 'plain text'}`);
  const columns = encodeURIComponent(JSON.stringify([['name', '姓名'], ['organName', '党组织'], ['phoneNumber', '手机号'], ['idCard', '身份证号'], ['partyDutyCode', '党内职务'], ['joinPartyDate', '入党日期']].map(([field, title]) => ({ field, title }))));
  for (const [title, extra] of [['masked', ''], ['full numbers (reveal)', '&reveal=true']] as const) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const r = await call(`/api/services/app/ExportService/Export?call=PartyMemberService/PageList&columns=${columns}&fileName=bench${extra}`, token);
      times.push(performance.now() - t0);
      bytes = r.rawPayload.length;
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(`${title.padEnd(24)} median ${(median / 1000).toFixed(1)} s  (${Math.round(members / (median / 1000)).toLocaleString()} rows/s, ${(bytes / 1e6).toFixed(1)} MB; runs ${times.map((t) => (t / 1000).toFixed(1)).join(', ')} s)`);
  }
  await app.close();
  await db.destroy();
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
