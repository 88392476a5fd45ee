/**
 * Behaviour snapshot: every contract call as four demo accounts, with empty and id=1 inputs, on a
 * freshly seeded demo province at a frozen instant; writes the normalised answers as JSON lines.
 * Used to compare the API before and after a refactor: run it in both checkouts' roots and compare
 * the two files line by line (`diff`); each line is one call as one account, status and body.
 *
 *   npx tsx scripts/api-snapshot.ts /tmp/after.jsonl
 *
 * Random keys, tokens, file ids and instants are replaced by placeholders; the code-table version
 * (`GetBaseCodeVersion`) is a timestamp and always differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { loadEntityFiles } from '../src/server/records/entities';
import { createContext } from '../src/server/context';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { LogSmsSender } from '../src/server/security/sms';
import { seed } from '../src/server/db/seed';

const FROZEN = Date.parse('2026-11-20T02:00:00Z');
const out = process.argv[2];
if (!out) throw new Error('usage: npx tsx scripts/api-snapshot.ts OUT.jsonl');
const { db, kind } = await openDatabase({ dataDir: undefined });
const config = loadConfig({ ...process.env, DATABASE_URL: '', REPEAT_SUBMIT_SECONDS: '0' }, { dataDir: null, seedDemo: true });
await migrateToLatest(db, undefined, loadEntityFiles(config.schemaDirs));
const sms = new LogSmsSender(() => ({ info: () => {} }));
let t = FROZEN;
const ctx = createContext({ db, dbKind: kind, config, sms, now: () => new Date(t) });
const app = await buildApp(ctx, { clientDir: null });
await seed(ctx);
await app.ready();
ctx.log = { info() {}, warn() {}, error() {}, debug() {}, child() { return this; } } as any;
const inject = async (method: string, url: string, token: string | null, input: Record<string, unknown>) => {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const body = method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(input);
  if (body) headers['content-type'] = 'application/json';
  const res = await app.inject({ method: method as any, url, query: method === 'GET' || method === 'DELETE' ? (input as any) : undefined, payload: body, headers });
  return { status: res.statusCode, body: res.body };
};
const login = async (userName: string) => JSON.parse((await inject('POST', '/api/TokenAuth/Sigin', null, { userName, password: 'Demo@123456' })).body).result.accessToken as string;
/** signs in and, unless `asMember`, acts in his first managed organisation (the administrator's view) */
const act = async (userName: string, asMember: boolean) => {
  const token = await login(userName);
  if (asMember) return token;
  const roles = JSON.parse((await inject('GET', '/api/services/app/UserService/GetUserManageOrgan', token, {})).body).result as { roleId: number; organId: number; roleName: string }[];
  const role = roles.find((r) => !/党员/.test(r.roleName)) ?? roles[0];
  await inject('GET', '/api/TokenAuth/UserChangeRole', token, { roleId: role.roleId, organId: role.organId });
  return token;
};
const norm = (s: string) =>
  s
    .replace(/eyJ[\w-]+\.[\w-]+\.[\w-]+/g, '<jwt>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/\/file\/f\/[\w.-]+/g, '/file/f/<key>')
    .replace(/"(key|token|uploadkey|challengeId|captchaKey|image|signature|accessToken)":"[^"]*"/g, '"$1":"<r>"')
    .replace(/[A-Za-z0-9_-]{32,}/g, '<long>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<ts>')
    .replace(/"(\w*[fF]ileId|fileKey|path|md5)":"[^"]*"/g, '"$1":"<r>"');
const lines = readFileSync('../shared/contract/endpoints.tsv', 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'));
const SKIP = /TokenAuth\/(Logout|Sigin|SsoSigin|SignUkey)|\/file\/|UserChangeRole|ChangePassword|ResetPassword|Logout/;
const rows: string[] = [];
for (const [user, asMember] of [['admin', false], ['districtadmin', false], ['branchadmin', false], ['member', true]] as const) {
  const token = await act(user, asMember);
  for (const [method, path] of lines) {
    if (SKIP.test(path)) continue;
    for (const input of [{}, { id: 1, Id: 1, SkipCount: 0, MaxResultCount: 5 }]) {
      t += 1000;
      const r = await inject(method, path, token, input);
      rows.push(JSON.stringify({ user, method, path, input: Object.keys(input).length ? 'id1' : 'empty', status: r.status, body: norm(r.body).slice(0, 4000) }));
    }
  }
}
writeFileSync(out, rows.join('\n') + '\n');
console.log(`${rows.length} answers written to ${out}`);
await app.close();
await db.destroy();
process.exit(0);
