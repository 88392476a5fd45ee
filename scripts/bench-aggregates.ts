/**
 * The maintained aggregates on the generated province (scripts/generate-province.ts), through the
 * whole server in-process (routing, validation, scope, SQL; no network), as the province
 * administrator: 学时达标进度 (OrganTargetProgress), 党员分析 right after a member write, the big
 * screen's Figures of the province and the member picker's name search. p50 and p95 over BENCH_RUNS
 * runs after three warm-ups.
 *
 *   MEMBERS=100000 BRANCHES=29600 npx tsx scripts/generate-province.ts && npx tsx scripts/bench-aggregates.ts
 *   # BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/dj_bench), BENCH_RUNS (20), BENCH_ONLY (a part of a title)
 *
 * Study days: when the generated members have none, each gets 1 to 6 days of online credit in
 * the current platform year up to today (2.76 M rows for a million members, the ratio measured before), and a
 * member rule for the year is set at the province (else nobody "passes").
 */
import { sql } from 'kysely';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { createContext } from '../src/server/context';
import { buildApp } from '../src/server/app';
import { LogSmsSender } from '../src/server/security/sms';
import { migrateToLatest } from '../src/server/db/migrate';
import { loadEntityFiles } from '../src/server/records/entities';

const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dj_bench';
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const ONLY = process.env.BENCH_ONLY;

async function main() {
  const config = loadConfig({ ...process.env, DATABASE_URL: URL, LOG_LEVEL: 'warn', JOBS: '0' }, { dataDir: null });
  const { db, kind } = await openDatabase({ url: URL });
  const t0 = Date.now();
  await migrateToLatest(db, undefined, loadEntityFiles(config.schemaDirs));
  console.log(`migrations: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const ctx = createContext({ db, dbKind: kind, config, sms: new LogSmsSender(() => ({ info: () => {} }) as any) });
  const app = await buildApp(ctx, { clientDir: null, logger: false } as any);
  const call = async (url: string, token?: string) => {
    const r = await app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body.slice(0, 300)}`);
    return JSON.parse(r.body).result;
  };
  const signIn = await app.inject({ method: 'POST', url: '/api/TokenAuth/Sigin', payload: { userName: 'admin', password: 'Demo@123456' } });
  let token = JSON.parse(signIn.body).result.accessToken as string;
  const [role] = await call('/api/services/app/UserService/GetUserManageOrgan', token);
  token = (await call(`/api/TokenAuth/UserChangeRole?roleId=${role.roleId}&organId=${role.organId}`, token))?.accessToken ?? token;

  const today = new Intl.DateTimeFormat('en-CA', { timeZone: config.platformTz }).format(new Date());
  const year = Number(today.slice(0, 4));
  const root = (await sql<{ id: number; organPath: string }>`select id, organ_path as "organPath" from organizations where parent_id is null order by id limit 1`.execute(db)).rows[0];
  const days = Number((await sql<{ n: number }>`select count(*) as n from study_days d join users u on u.id = d.user_id where u.name like '基准党员%'`.execute(db)).rows[0].n);
  if (!days) {
    const resource = (await sql<{ id: number }>`select id from resources order by id limit 1`.execute(db)).rows[0];
    await sql`insert into study_days (user_id, resource_id, day, seconds, reports)
      select u.id, ${resource.id}, greatest(make_date(${year}, 1, 1), ${today}::date - ((u.id * 37 + k * 53) % 330)::int), 600 + (u.id * k) % 3000, 1
      from users u, generate_series(1, 5) k where u.name like '基准党员%' and k <= 1 + (u.id % 5) + (u.id % 7 = 0)::int - (u.id % 3 = 0)::int
      on conflict do nothing`.execute(db);
    await sql`insert into examination_rules (organ_id, organ_path, year, assess_type, online_pass_period_for_year, offline_pass_period_for_year)
      values (${root.id}, ${root.organPath}, ${year}, 1, 2, 0) on conflict do nothing`.execute(db);
    await sql`analyze study_days`.execute(db);
  }
  let code = (await sql<{ code: string }>`select code from big_screen_regist_codes where organ_id = ${root.id} and not is_deleted limit 1`.execute(db)).rows[0]?.code;
  if (!code) {
    code = 'BENCHROOT01';
    await sql`insert into big_screen_regist_codes (code, organ_id, organ_path) values (${code}, ${root.id}, ${root.organPath})`.execute(db);
  }
  // the job study.progress's work (JOBS=0 here): once, timed, when this version keeps the summary
  const progress = await import('../src/server/domains/study/study-progress').catch(() => null);
  if (progress) {
    const t1 = Date.now();
    await progress.refreshProgress(ctx, year);
    console.log(`study.progress, one year of the province and its cities summed: ${Date.now() - t1} ms`);
  }
  const counts = (await sql<{ members: number; days: number }>`select (select count(*) from party_members) as members, (select count(*) from study_days) as days`.execute(db)).rows[0];
  console.log(`${URL}: ${Number(counts.members).toLocaleString()} members, ${Number(counts.days).toLocaleString()} study days; ${RUNS} runs each after 3 warm-ups\n`);

  const S = (s: string) => `/api/services/app/${s}`;
  const member = (await sql<{ id: number }>`select min(id) as id from party_members where status = 1`.execute(db)).rows[0].id;
  // a member write before each run: the sex flips (what 党员分析 counts)
  const write = () => sql`update party_members set sex = 3 - sex where id = ${member}`.execute(db);
  const cases: [string, string, string | undefined, (() => Promise<unknown>)?][] = [
    ['OrganTargetProgress, the province', S('PeriodManageService/OrganTargetProgress'), token],
    ['党员分析 (Analysis), the province, right after a member write', S('PartyMemberService/Analysis'), token, write],
    ['BigScreenDashboardService/Figures, the province code', `${S('BigScreenDashboardService/Figures')}?code=${code}`, undefined],
    ['SearchPageList, the province, Name=王伟', `${S('PartyMemberService/SearchPageList')}?Name=${encodeURIComponent('王伟')}&skipCount=0&maxResultCount=10`, token],
    ['SearchPageList, the province, Name=基准党员77 (rare)', `${S('PartyMemberService/SearchPageList')}?Name=${encodeURIComponent('基准党员77')}&skipCount=0&maxResultCount=10`, token],
    ['SearchPageList, the province, Name=基准 (every member)', `${S('PartyMemberService/SearchPageList')}?Name=${encodeURIComponent('基准')}&skipCount=0&maxResultCount=10`, token],
  ];
  console.log('call'.padEnd(64), 'p50'.padStart(10), 'p95'.padStart(10));
  for (const [title, url, as, before] of cases) {
    if (ONLY && !title.includes(ONLY)) continue;
    for (let i = 0; i < 3; i++) await call(url, as);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      if (before) await before();
      const t = process.hrtime.bigint();
      await call(url, as);
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
    console.log(title.padEnd(64), `${q(0.5)} ms`.padStart(10), `${q(0.95)} ms`.padStart(10));
  }
  await app.close();
  await db.destroy();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
