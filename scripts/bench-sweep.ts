/**
 * Every read call of the contract on the generated province, as four callers: the province, a
 * district and a branch administrator (each acting in his organisation) and a member. Through the
 * whole server in-process (routing, validation, scope, SQL; no network).
 *
 *   npx tsx scripts/generate-province.ts && npx tsx scripts/generate-records.ts \
 *     && npx tsx scripts/generate-activity.ts && npx tsx scripts/bench-sweep.ts > /tmp/sweep.md
 *   # BENCH_DATABASE_URL, BENCH_RUNS (15), BENCH_DEEP (2000: skipCount of the deep page), BENCH_ONLY
 *
 * Reads: every GET of the contract (/work/shared/contract/endpoints.tsv or CONTRACT) and the POSTs
 * named list, detail, statistics, tree, dashboard, get, search or analysis. The input of each is made
 * from its action's JSON Schema: paging, the caller's organisation for organisation fields, ids taken
 * from the first rows of the lists answered before it (lists run first), the schema's minimum or first
 * enum otherwise. A call that answers 400/404 with these inputs is listed as such, not timed.
 *
 * Each statement a call sends is timed at the pg client; the slowest one of a call is run again under
 * EXPLAIN (ANALYZE, BUFFERS) in a rolled-back transaction: "rows read" is the sum over its scans of
 * rows returned and removed by filters, times loops. "SQL" is the sum of the call's statement times
 * (the floor: the call cannot answer faster than its SQL), "×" the call's p50 over it.
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { sql } from 'kysely';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { createContext } from '../src/server/context';
import { buildApp } from '../src/server/app';
import { buildServices } from '../src/server/composition';
import { LogSmsSender } from '../src/server/security/sms';
import { hashPassword } from '../src/server/security/passwords';

const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dj_bench';
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const DEEP = Number(process.env.BENCH_DEEP ?? 2000);
const ONLY = process.env.BENCH_ONLY;
const CONTRACT = process.env.CONTRACT ?? '/work/shared/contract/endpoints.tsv';
const READ_POST = /(list|detail|statistic|tree|dashboard|^get|search|analysis|count|figures|progress|query)/i;

// every statement, timed at the client
type Stmt = { text: string; values: unknown[]; ms: number };
let captured: Stmt[] | null = null;
const origQuery = pg.Client.prototype.query as any;
(pg.Client.prototype as any).query = function (this: pg.Client, config: any, values?: any, cb?: any) {
  const p = origQuery.call(this, config, values, cb);
  if (captured && p && typeof p.then === 'function') {
    const text = typeof config === 'string' ? config : config?.text;
    const vals = (Array.isArray(values) ? values : config?.values) ?? [];
    const t = performance.now();
    const sink = captured;
    p.then(() => sink.push({ text, values: vals, ms: performance.now() - t }), () => {});
  }
  return p;
};

type Caller = { who: string; token: string; organId: number; organPath: string; userId: number };

async function main() {
  const config = loadConfig({ ...process.env, DATABASE_URL: URL, LOG_LEVEL: 'warn', REPEAT_SUBMIT_SECONDS: '0' }, { dataDir: null });
  const { db, kind } = await openDatabase({ url: URL });
  const ctx = createContext({ db, dbKind: kind, config, sms: new LogSmsSender(() => ({ info: () => {} }) as any) });
  const app = await buildApp(ctx, { clientDir: null, logger: false } as any);
  ctx.log = { info() {}, warn() {}, error() {}, debug() {}, child() { return this; } } as any;
  const inject = async (method: string, url: string, token: string | null, input: Record<string, unknown> = {}) => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const get = method === 'GET' || method === 'DELETE';
    if (!get) headers['content-type'] = 'application/json';
    const r = await app.inject({ method: method as any, url, query: get ? (input as any) : undefined, payload: get ? undefined : JSON.stringify(input), headers });
    return { status: r.statusCode, body: r.body };
  };
  const signIn = async (who: string, userName: string, asMember: boolean): Promise<Caller> => {
    let token = JSON.parse((await inject('POST', '/api/TokenAuth/Sigin', null, { userName, password: 'Demo@123456' })).body).result.accessToken as string;
    const u = (await sql<{ id: number; organId: number }>`select id, organ_id as "organId" from users where user_name = ${userName}`.execute(db)).rows[0];
    let organId = Number(u.organId);
    if (!asMember) {
      const roles = JSON.parse((await inject('GET', '/api/services/app/UserService/GetUserManageOrgan', token)).body).result as { roleId: number; organId: number; roleName: string }[];
      const role = roles.find((r) => !/党员/.test(r.roleName)) ?? roles[0];
      const r = JSON.parse((await inject('GET', '/api/TokenAuth/UserChangeRole', token, { roleId: role.roleId, organId: role.organId })).body);
      token = r.result?.accessToken ?? token;
      organId = role.organId;
    }
    const o = (await sql<{ p: string }>`select organ_path as p from organizations where id = ${organId}`.execute(db)).rows[0];
    return { who, token, organId, organPath: o.p, userId: Number(u.id) };
  };
  // a branch administrator over the first generated branch (made once)
  const branch = (await sql<{ id: number }>`select min(id) as id from organizations where organ_name like '基准党支部%'`.execute(db)).rows[0];
  if (!(await sql`select 1 from users where user_name = 'benchbranch'`.execute(db)).rows.length) {
    const role = (await sql<{ id: number }>`select id from roles where name = 'BranchAdmin'`.execute(db)).rows[0];
    const u = (await sql<{ id: number }>`insert into users (user_name, name, password_hash, organ_id, user_type, is_active, need_change_password, creation_time)
      values ('benchbranch', '基准支部管理员', ${await hashPassword('Demo@123456')}, ${branch.id}, 1, true, false, now()) returning id`.execute(db)).rows[0];
    await sql`insert into user_roles (user_id, role_id, organ_id, creation_time) values (${u.id}, ${role.id}, ${branch.id}, now())`.execute(db);
  }
  const member = (await sql<{ n: string }>`select u.user_name as n from users u join party_members m on m.user_id = u.id where u.organ_id = ${branch.id} order by u.id limit 1`.execute(db)).rows[0].n;
  const callers = [await signIn('province', 'admin', false), await signIn('district', 'benchdistrict', false), await signIn('branch', 'benchbranch', false), await signIn('member', member, true)];

  const contract = new Set(readFileSync(CONTRACT, 'utf8').split('\n').slice(1).map((l) => l.split('\t')).filter((c) => c.length > 1).map(([m, p]) => `${m} ${p}`.toLowerCase()));
  type Read = { service: string; action: string; method: string; url: string; schema: any; paged: boolean };
  const reads: Read[] = [];
  for (const s of buildServices(config)) {
    for (const [key, def] of Object.entries(s.actions)) {
      const action = key.split('#')[0];
      const url = `${s.prefix}/${s.name}/${action}`;
      if (!contract.has(`${def.method} ${url}`.toLowerCase()) || def.access === 'public') continue;
      if (!(def.method === 'GET' || (def.method === 'POST' && READ_POST.test(action))) || /export|import|download|captcha|sms|code$|changerole/i.test(action)) continue;
      const schema: any = def.input ?? { properties: {} };
      reads.push({ service: s.name, action, method: def.method, url, schema, paged: !!schema.properties?.skipCount });
    }
  }
  const required = (r: Read) => (r.schema.required ?? []).length;
  reads.sort((a, b) => required(a) - required(b) || a.url.localeCompare(b.url));

  // ids seen in answers: per service, and by the entity word of the service name
  const ids = new Map<string, number>();
  const firstId = (result: any): number | undefined => {
    const rows = Array.isArray(result) ? result : (result?.items ?? result?.list ?? result?.data);
    const row = Array.isArray(rows) ? rows.find((x) => x && typeof x.id === 'number') : undefined;
    return row?.id ?? (typeof result?.id === 'number' ? result.id : undefined);
  };
  // a caller's own answers first: an id from the province's list lies outside a district's scope
  const idFor = (service: string, field: string, who: string): number => {
    const f = field.replace(/id$/i, '').toLowerCase();
    for (const prefix of [`${who}:`, 'any:']) {
      if (f === '') { const v = ids.get(prefix + service.toLowerCase()); if (v !== undefined) return v; continue; }
      for (const [k, v] of ids) {
        if (!k.startsWith(prefix)) continue;
        const name = k.slice(prefix.length).replace(/service$/, '');
        if (name.endsWith(f) || (f.length > 3 && name.includes(f))) return v;
      }
    }
    return 1;
  };
  const today = new Date(Date.now() + 8 * 3600e3).toISOString().slice(0, 10);
  const input = (r: Read, c: Caller, deep: boolean) => {
    const out: Record<string, unknown> = {};
    const props = r.schema.properties ?? {};
    for (const name of r.schema.required ?? []) {
      const p = props[name] ?? {};
      const n = name.toLowerCase();
      const t = [p.type].flat()[0];
      if (/^(organ|organization|parent|manageorgan)id$/.test(n)) out[name] = c.organId;
      else if (/path$/.test(n)) out[name] = c.organPath;
      else if (n === 'userid') out[name] = c.userId;
      else if (/ids$/.test(n)) out[name] = [idFor(r.service, name.slice(0, -1), c.who)];
      else if (/id$/.test(n)) out[name] = t === 'string' ? String(idFor(r.service, name, c.who)) : idFor(r.service, name, c.who);
      else if (p.enum) out[name] = p.enum[0];
      else if (n === 'year') out[name] = Number(today.slice(0, 4));
      else if (n === 'month') out[name] = Number(today.slice(5, 7));
      else if (t === 'integer' || t === 'number') out[name] = p.minimum ?? 1;
      else if (t === 'boolean') out[name] = false;
      else if (t === 'array') out[name] = [];
      else if (t === 'object') out[name] = {};
      else out[name] = /date|day|time/.test(n) ? today : '1';
    }
    if (r.paged) Object.assign(out, { skipCount: deep ? DEEP : 0, maxResultCount: 10 });
    return out;
  };
  const explain = async (s: Stmt) => {
    const client = new pg.Client({ connectionString: URL });
    await client.connect();
    try {
      await client.query('begin');
      const r = await client.query({ text: `explain (analyze, buffers, format json) ${s.text}`, values: s.values as any[] });
      const plan = (r.rows[0] as any)['QUERY PLAN'][0];
      let rows = 0;
      const walk = (n: any) => {
        if (/Scan/.test(n['Node Type']) && !/CTE|Function|Subquery|Values/.test(n['Node Type'])) rows += ((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0)) * (n['Actual Loops'] ?? 1);
        for (const c of n.Plans ?? []) walk(c);
      };
      walk(plan.Plan);
      return { rows, top: `${plan.Plan['Node Type']}${plan.Plan['Relation Name'] ? ` on ${plan.Plan['Relation Name']}` : ''}`, execMs: plan['Execution Time'] as number };
    } catch {
      return null;
    } finally {
      await client.query('rollback').catch(() => {});
      await client.end();
    }
  };

  const load0 = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];
  const lines: string[] = [];
  const slow: string[] = [];
  const failed: string[] = [];
  const members = Number((await sql<{ n: number }>`select count(*) as n from party_members`.execute(db)).rows[0].n);
  console.error(`${URL}: ${members.toLocaleString()} members, ${reads.length} read calls, ${RUNS} runs each after 2 warm-ups`);
  lines.push('| call | caller | page | p50 ms | p99 ms | statements | SQL ms | × SQL | rows read (slowest statement) | its plan top |', '|---|---|---|---|---|---|---|---|---|---|');
  for (const r of reads) {
    if (ONLY && !r.url.includes(ONLY)) continue;
    for (const c of callers) {
      for (const deep of r.paged ? [false, true] : [false]) {
        const inp = input(r, c, deep);
        const first = await inject(r.method, r.url, c.token, inp);
        if (first.status === 401 || first.status === 403) continue; // not this caller's call
        const name = `${r.method === 'POST' ? 'POST ' : ''}${r.service}/${r.action}`;
        if (first.status !== 200) {
          if (!deep) failed.push(`${name} (${c.who}): ${first.status} ${first.body.replace(/\s+/g, ' ').slice(0, 140)}`);
          continue;
        }
        if (!deep) {
          try {
            const id = firstId(JSON.parse(first.body).result);
            for (const key of [`${c.who}:${r.service.toLowerCase()}`, `any:${r.service.toLowerCase()}`]) if (id !== undefined && !ids.has(key)) ids.set(key, id);
          } catch {}
        }
        await inject(r.method, r.url, c.token, inp);
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const t = performance.now();
          await inject(r.method, r.url, c.token, inp);
          times.push(performance.now() - t);
        }
        times.sort((a, b) => a - b);
        captured = [];
        await inject(r.method, r.url, c.token, inp);
        await new Promise((res) => setImmediate(res));
        const stmts = captured;
        captured = null;
        const sqlMs = stmts.reduce((s, x) => s + x.ms, 0);
        const heaviest = [...stmts].sort((a, b) => b.ms - a.ms)[0];
        const ex = heaviest && /^\s*(select|with)/i.test(heaviest.text) ? await explain(heaviest) : null;
        const [p50, p99] = [q(times, 0.5), q(times, 0.99)];
        lines.push(`| ${name} | ${c.who} | ${r.paged ? (deep ? `deep (${DEEP})` : 'first') : '—'} | ${p50.toFixed(1)} | ${p99.toFixed(1)} | ${stmts.length} | ${sqlMs.toFixed(1)} | ${sqlMs > 0.05 ? (p50 / sqlMs).toFixed(1) : '—'} | ${ex ? Math.round(ex.rows).toLocaleString() : '—'} | ${ex?.top ?? '—'} |`);
        if (p50 > 100 || p99 > 300) slow.push(`${name} (${c.who}${deep ? ', deep' : ''}): p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms; slowest statement ${heaviest?.ms.toFixed(0)} ms: ${heaviest?.text.replace(/\s+/g, ' ').slice(0, 300)}`);
        console.error(`${name.padEnd(70)} ${c.who.padEnd(9)} ${deep ? 'deep ' : '     '} ${p50.toFixed(1).padStart(8)} ${p99.toFixed(1).padStart(8)}`);
      }
    }
  }
  console.log(`${members.toLocaleString()} members; ${reads.length} read calls; ${RUNS} runs each; load average before ${load0}, after ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}\n`);
  console.log(lines.join('\n'));
  console.log(`\nOver the goal (p50 ≤ 100 ms, p99 ≤ 300 ms):\n\n${slow.map((s) => `- ${s}`).join('\n') || '- none'}`);
  console.log(`\nNot timed (the derived input was refused):\n\n${failed.map((s) => `- ${s}`).join('\n') || '- none'}`);
  await app.close();
  await db.destroy();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
