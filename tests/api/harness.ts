/**
 * API test harness: the real server (buildApp) on a real database, called over HTTP with inject.
 * PGlite in memory by default; API_DB=postgres runs the same tests on TEST_DATABASE_URL, each file
 * in a schema of its own.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/database';
import type { KeyRing } from '../../src/server/security/data-cipher';
import { migrateToLatest } from '../../src/server/db/migrate';
import { loadEntityFiles } from '../../src/server/records/entities';
import { createContext, type AppContext } from '../../src/server/context';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import { LogSmsSender } from '../../src/server/security/sms';
import { seed } from '../../src/server/db/seed';
import { FileStorage, type StorageSettings } from '../../src/server/files/storage';
import { inject } from 'vitest';
import { TEST_BUCKET } from '../support/s3';
import { readXlsxSheets } from '../../src/server/xlsx/xlsx';
import { readZip } from '../../src/server/xlsx/zip';

export const DEMO_PASSWORD = 'Demo@123456';
export const onPostgres = process.env.API_DB === 'postgres';
/** TEST_STORAGE=s3 (project api-s3): files in the S3-compatible server its global setup started (tests/api/s3-setup.ts) */
export const onS3 = process.env.TEST_STORAGE === 's3';

/** The file store of a test server: local (DATA_DIR/files), or a prefix of the test bucket — the same one for the same data directory, so a restart finds its files. */
export function testStorage(dataDir: string | null | undefined): StorageSettings {
  if (!onS3) return { kind: 'local' };
  const prefix = `t-${createHash('sha1').update(dataDir ?? randomBytes(8).toString('hex')).digest('hex').slice(0, 12)}/`;
  return { kind: 's3', endpoint: inject('s3Endpoint'), region: 'us-east-1', bucket: TEST_BUCKET, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix };
}

export interface TestApp {
  ctx: AppContext;
  db: Database;
  /** the server's file store, whichever backend */
  files: FileStorage;
  sms: LogSmsSender;
  /** shift the server's clock */
  advance(ms: number): void;
  /** stop the server's clock at an instant (then only `advance` moves it): tests that must not depend on the hour they run at */
  freeze(at: Date | string): void;
  /** `remoteAddress`: the client's network address (default 127.0.0.1), for the per-address limits */
  call(method: string, url: string, opts?: { token?: string | null; query?: Record<string, unknown>; body?: unknown; rawBody?: Buffer; headers?: Record<string, string>; remoteAddress?: string }): Promise<{ status: number; body: any; headers: Record<string, any>; raw: Buffer }>;
  login(userName: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** `clientDir`: a built client to serve under /dj/ (default none). */
/** `keyRing`: the keys of personal data at rest (default the process's: the development keys). */
export async function startTestApp(opts: { seed?: boolean; config?: Partial<Config>; dataDir?: string; clientDir?: string; keyRing?: KeyRing } = {}): Promise<TestApp> {
  let schema: string | undefined;
  let target: { url?: string; dataDir?: string; schema?: string };
  if (onPostgres) {
    const url = process.env.TEST_DATABASE_URL!;
    schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    target = { url, schema };
  } else {
    target = { dataDir: opts.dataDir };
  }
  const { db, kind } = await openDatabase({ ...target, keyRing: opts.keyRing });
  let offset = 0;
  let frozenAt: number | null = null;
  const dataDir = opts.dataDir ?? opts.config?.dataDir ?? null;
  // summaries kept by jobs and short caches are off unless a test turns them on: a test sees each write at once
  const config = loadConfig({ ...process.env, DATABASE_URL: '' }, { dataDir, seedDemo: true, storage: testStorage(dataDir), studyProgressSeconds: 0, bigScreenCacheSeconds: 0, ...opts.config });
  await migrateToLatest(db, schema, loadEntityFiles(config.schemaDirs));
  const sms = new LogSmsSender(() => ({ info: () => {} }));
  const ctx = createContext({ db, dbKind: kind, config, sms, now: () => new Date((frozenAt ?? Date.now()) + offset) });
  const app = await buildApp(ctx, { clientDir: opts.clientDir ?? null });
  if (opts.seed !== false) await seed(ctx);
  await app.ready();
  ctx.log = { info() {}, warn() {}, error() {}, debug() {} } as any;

  const call: TestApp['call'] = async (method, url, o = {}) => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let payload: string | Buffer | undefined = o.rawBody;
    if (o.body !== undefined) {
      payload = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json-patch+json';
    }
    const res = await app.inject({ method: method as any, url, query: o.query as any, payload, headers, ...(o.remoteAddress ? { remoteAddress: o.remoteAddress } : {}) });
    let body: any = res.body;
    try {
      body = JSON.parse(res.body);
    } catch {
      /* not JSON */
    }
    return { status: res.statusCode, body, headers: res.headers, raw: res.rawPayload };
  };

  return {
    ctx,
    db,
    files: FileStorage.for(config),
    sms,
    advance(ms) {
      offset += ms;
    },
    freeze(at) {
      frozenAt = new Date(at).getTime();
      offset = 0;
    },
    call,
    async login(userName, password = DEMO_PASSWORD) {
      const r = await call('POST', '/api/TokenAuth/Sigin', { body: { userName, password } });
      if (r.status !== 200) throw new Error(`login ${userName} failed: ${JSON.stringify(r.body)}`);
      return r.body.result.accessToken as string;
    },
    async close() {
      await app.close();
      await db.destroy();
      if (schema) {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      }
    },
  };
}

/** A port free on this machine now, for a server started as a child process. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

export const svc = (service: string, action: string) => `/api/services/app/${service}/${action}`;

/** A multipart/form-data body: fields first, then the file part named `file`. */
export function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer; type?: string }) {
  const boundary = `----party${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads a file through the file server as the client does (`/file/Upload`). */
export function uploadFile(app: TestApp, token: string | null, attachClass: number, file: { name: string; content: Buffer }, project = 'LyProduct') {
  const { payload, contentType } = multipart({}, file);
  return app.call('POST', `/file/Upload?project=${project}&AttachClass=${attachClass}`, { token, headers: { 'content-type': contentType }, rawBody: payload });
}

/** Signs a demo administrator in and switches to his first managed organisation's role. */
export async function signInAsAdmin(app: TestApp, userName: string): Promise<{ token: string; organId: number; organPath: string }> {
  const token = await app.login(userName);
  const role = (await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token })).body.result[0];
  const r = await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: role.roleId, organId: role.organId } });
  return { token, organId: role.organId, organPath: r.body.result.organPath };
}

/** The answer's result, after checking it is a 200. */
export function ok<T = any>(r: { status: number; body: any }): T {
  if (r.status !== 200) throw new Error(`expected 200, got ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body.result as T;
}

/**
 * An import template read back as an office would meet it: each sheet's rows (the project's reader)
 * and, for each column of the first sheet with a list to choose from, the choices it offers — an
 * inline list, or the range of the hidden 代码表 it reads from, resolved to its labels.
 */
export function readTemplate(raw: Buffer): { sheets: Map<string, string[][]>; lists: Map<string, string[]> } {
  const sheets = readXlsxSheets(raw);
  const header = [...sheets.values()][0][0];
  const xml = readZip(raw).get('xl/worksheets/sheet1.xml')!.toString('utf8');
  const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const colIndex = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  const lists = new Map<string, string[]>();
  for (const m of xml.matchAll(/<dataValidation type="list"[^>]*sqref="([A-Z]+)\d+:[A-Z]+\d+"><formula1>([^<]*)<\/formula1>/g)) {
    const formula = unescape(m[2]);
    let choices: string[];
    if (formula.startsWith('"')) choices = formula.slice(1, -1).split(',');
    else {
      const ref = /^'(.+)'!\$([A-Z]+)\$(\d+):\$[A-Z]+\$(\d+)$/.exec(formula)!;
      const rows = sheets.get(ref[1].replace(/''/g, "'"))!;
      choices = rows.slice(Number(ref[3]) - 1, Number(ref[4])).map((r) => r[colIndex(ref[2])]);
    }
    lists.set(header[colIndex(m[1])], choices);
  }
  return { sheets, lists };
}
