/**
 * What `npm run backup` (scripts/backup.ts) and `npm run restore` (scripts/restore.ts) share: the
 * archive's layout and manifest, the counts, running tar / pg_dump / pg_restore, and the file part.
 *
 * An archive is one tar.gz:
 *   manifest.json   format, product version, time, database kind, migration level, row counts, files
 *   data/           DATA_DIR without files/: on PGlite the database itself (PostgreSQL's data
 *                   directory, copied while the server's database was idle), and on both the token
 *                   secret (jwt-secret) and the demo key material (sso-demo/, demo-ukey/)
 *   database.dump   PostgreSQL only: pg_dump's custom format (pg_restore reads it)
 *   files/objects/  uploaded files, files/hls/ the HLS packaging of videos (local storage)
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const FORMAT = 1;
/** What of DATA_DIR/files is archived: the objects and their HLS output; tmp/ and chunks/ are uploads in flight. */
export const FILE_PARTS = ['objects', 'hls'];
/** Row counts the manifest keeps and a restore compares: the tables a province would miss first. */
export const COUNTED = ['organizations', 'users', 'party_members', 'files', 'resources', 'study_days', 'offline_reports', 'records', 'audit_logs'];

export interface Manifest {
  format: number;
  product: string;
  version: string;
  createdAt: string;
  database: 'pglite' | 'postgresql';
  /** the last migration applied (src/server/db/migrate.ts): a newer code version migrates further at start */
  migration: string | null;
  counts: Record<string, number>;
  files: { storage: 'local'; objects: number; bytes: number };
  /** how the database part was taken */
  method: string;
}

export function productVersion(): { name: string; version: string } {
  const pkg = JSON.parse(readFileSync(resolve('package.json'), 'utf8'));
  return { name: pkg.name, version: pkg.version };
}

/** Runs a query function over the counted tables and the migration table (the same on PGlite and PostgreSQL). */
export async function readLevel(query: (text: string) => Promise<Array<Record<string, unknown>>>): Promise<{ migration: string | null; counts: Record<string, number> }> {
  const counts: Record<string, number> = {};
  for (const t of COUNTED) {
    const exists = await query(`select to_regclass('${t}') is not null as e`);
    if (!exists[0]?.e) continue;
    counts[t] = Number((await query(`select count(*)::bigint as n from ${t}`))[0].n);
  }
  const hasMigrations = (await query(`select to_regclass('kysely_migration') is not null as e`))[0]?.e;
  const migration = hasMigrations ? ((await query('select name from kysely_migration order by name desc limit 1'))[0]?.name as string | undefined) ?? null : null;
  return { migration, counts };
}

/** Runs a program to its end; rejects with its error output. `okCodes`: exit codes that are not failures (GNU tar's 1: a file changed while read). */
export function run(cmd: string, args: string[], opts: { okCodes?: number[]; env?: NodeJS.ProcessEnv } = {}): Promise<{ code: number; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'pipe'], env: opts.env ?? process.env });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (err) => reject(new Error(`${cmd}：${err.message}`)));
    child.on('close', (code) => {
      if (code === 0 || (code !== null && (opts.okCodes ?? []).includes(code))) resolvePromise({ code: code ?? 0, stderr });
      else reject(new Error(`${cmd} ${args.slice(0, 3).join(' ')}… 失败（${code}）：${stderr.trim()}`));
    });
  });
}

/** Is this program on PATH? */
export function have(cmd: string): boolean {
  return (process.env.PATH ?? '').split(':').some((d) => d && existsSync(join(d, cmd)));
}

/** Files and bytes under a folder (recursively). */
export function tally(dir: string): { objects: number; bytes: number } {
  let objects = 0;
  let bytes = 0;
  if (!existsSync(dir)) return { objects, bytes };
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        objects++;
        bytes += statSync(p).size;
      }
    }
  };
  walk(dir);
  return { objects, bytes };
}

/**
 * The file part of a backup: which folders tar takes, from where. Local storage only today; with
 * object storage (S3) the bytes are not on this machine — back the bucket up with the provider's
 * versioning or replication, or `aws s3 sync s3://bucket ./copy` after the database part, and
 * return no parts here (README, Operations). Copied after the database: files are written to a
 * temporary name and renamed into place before their row is inserted, and never deleted, so every
 * file the database names is in the archive (more may be: uploads after the database part).
 */
export function fileParts(dataDir: string): { root: string; parts: string[]; objects: number; bytes: number } {
  const root = join(dataDir, 'files');
  const parts = FILE_PARTS.filter((p) => existsSync(join(root, p)));
  let objects = 0;
  let bytes = 0;
  for (const p of parts) {
    const t = tally(join(root, p));
    objects += t.objects;
    bytes += t.bytes;
  }
  return { root: dataDir, parts: parts.map((p) => `files/${p}`), objects, bytes };
}

/** Where a file's bytes are in local storage (as src/server/files/storage.ts names them). */
export function objectPath(dataDir: string, key: string) {
  return join(dataDir, 'files', 'objects', key.slice(0, 2), key);
}

/** `--name value` and `--flag` options after the script's name; the rest are positional. */
export function parseArgs(argv: string[]): { opts: Record<string, string | true>; rest: string[] } {
  const opts: Record<string, string | true> = {};
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) {
      rest.push(a);
      continue;
    }
    const [k, v] = a.slice(2).split('=', 2);
    if (v !== undefined) opts[k] = v;
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--') && VALUED.has(k)) opts[k] = argv[++i];
    else opts[k] = true;
  }
  return { opts, rest };
}
const VALUED = new Set(['out', 'server']);

export const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
