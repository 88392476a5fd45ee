/**
 * `npm run backup [-- --out FILE] [--server URL] [--offline]`: one tar.gz of the database and the
 * uploaded files, taken while the server runs (layout: scripts/backup-lib.ts; README, Operations).
 * Reads the server's own environment (DATA_DIR, DATABASE_URL, JWT_SECRET, HOST, PORT): run it as the
 * service's user with the service's environment file.
 *
 * - PostgreSQL (DATABASE_URL): pg_dump in one snapshot, the manifest's counts read in that same
 *   snapshot (pg_export_snapshot), then the files.
 * - PGlite: the database is open in the server process only. While it runs (PGlite's pid file is in
 *   DATA_DIR) the running server copies its data directory while its database is idle
 *   (POST /ops/backup-snapshot, src/server/db/backup-snapshot.ts); when it is stopped the script
 *   copies the directory itself. The copy is opened once here (it must open, and gives the counts).
 */
import { mkdirSync, rmSync, renameSync, writeFileSync, existsSync, readdirSync, cpSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { NOT_IN_SNAPSHOT, SNAPSHOT_DIR } from '../src/server/db/backup-snapshot';
import { signPurposeToken } from '../src/server/files/tokens';
import { FORMAT, fileParts, have, mb, parseArgs, productVersion, readLevel, run, type Manifest } from './backup-lib';

async function main() {
  // the archive and the folders holding it carry personal data and the token secret: the owner's only
  process.umask(0o077);
  const { opts } = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const dataDir = config.dataDir!;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const kind = config.databaseUrl ? 'postgresql' : 'pglite';
  const out = resolve(typeof opts.out === 'string' ? opts.out : join(process.env.BACKUP_DIR || 'backups', `party-platform-${kind}-${stamp}.tar.gz`));
  if (!have('tar')) throw new Error('需要 tar');
  mkdirSync(dirname(out), { recursive: true });
  // the work folder lives beside the data (same filesystem: the server's copy is a local one)
  const stage = join(dataDir, SNAPSHOT_DIR, `${stamp}-${randomBytes(4).toString('hex')}`);
  const started = Date.now();
  // work folders of a backup killed half-way (a day old) go; a running backup's are younger
  sweepStale(join(dataDir, SNAPSHOT_DIR));
  try {
    let level: Awaited<ReturnType<typeof readLevel>>;
    let method: string;
    if (config.databaseUrl) {
      mkdirSync(stage, { recursive: true });
      level = await dumpPostgres(config.databaseUrl, join(stage, 'database.dump'));
      method = 'pg_dump (custom format, one snapshot)';
      copyDataDirExceptFiles(dataDir, join(stage, 'data'));
    } else {
      method = await snapshotPglite(dataDir, stage, opts, config);
      level = await countPglite(join(stage, 'data'));
    }
    // files after the database: a superset of those it names (backup-lib.ts, fileParts)
    const files = fileParts(dataDir);
    const { name, version } = productVersion();
    const manifest: Manifest = {
      format: FORMAT,
      product: name,
      version,
      createdAt: new Date().toISOString(),
      database: kind,
      migration: level.migration,
      counts: level.counts,
      files: { storage: 'local', objects: files.objects, bytes: files.bytes },
      method,
    };
    writeFileSync(join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const partial = `${out}.partial`;
    const dbParts = existsSync(join(stage, 'database.dump')) ? ['database.dump'] : [];
    // GNU tar's exit 1: a file changed while it was read (an HLS playlist being written) — the archive is still whole
    const r = await run('tar', ['-czf', partial, '-C', stage, 'manifest.json', 'data', ...dbParts, '-C', files.root, ...files.parts], { okCodes: [1] });
    if (r.code === 1) console.warn(`tar: ${r.stderr.trim()}`);
    renameSync(partial, out);
    console.log(JSON.stringify({ backup: out, ...manifest, seconds: Math.round((Date.now() - started) / 100) / 10 }, null, 2));
    console.log(`备份完成：${out}（数据库 ${kind}，迁移 ${level.migration}，文件 ${files.objects} 个 ${mb(files.bytes)}）`);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

function sweepStale(dir: string) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (Date.now() - statSync(p).mtimeMs > 24 * 3600_000) rmSync(p, { recursive: true, force: true });
  }
}

/** DATA_DIR without the files and the work folders: the token secret and the demo key material (PostgreSQL), or all of PGlite's directory. */
function copyDataDirExceptFiles(dataDir: string, dest: string) {
  mkdirSync(dest, { recursive: true });
  if (!existsSync(dataDir)) return;
  for (const name of readdirSync(dataDir)) {
    if (!NOT_IN_SNAPSHOT.has(name)) cpSync(join(dataDir, name), join(dest, name), { recursive: true, preserveTimestamps: true });
  }
}

/** pg_dump and the counts in one snapshot: the transaction exporting it stays open until pg_dump is done. */
async function dumpPostgres(url: string, file: string) {
  if (!have('pg_dump')) throw new Error('需要 pg_dump（PostgreSQL 客户端，与服务器同一主版本或更新；Debian：apt-get install postgresql-client）');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query('select pg_export_snapshot() as s')).rows[0].s as string;
    const level = await readLevel(async (text) => (await client.query(text)).rows);
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${url}`]);
    await client.query('COMMIT');
    return level;
  } finally {
    await client.end();
  }
}

/** The PGlite data directory into `stage/data`: by the running server, or by this script when none runs. */
async function snapshotPglite(dataDir: string, stage: string, opts: Record<string, string | true>, config: ReturnType<typeof loadConfig>): Promise<string> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new Error(`${dataDir} 中没有内嵌数据库（PG_VERSION）：DATA_DIR 是否正确？使用 PostgreSQL 时请设置 DATABASE_URL`);
  const inUse = existsSync(join(dataDir, 'postmaster.pid'));
  if (inUse && opts.offline !== true) {
    const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
    const base = (typeof opts.server === 'string' ? opts.server : process.env.BACKUP_SERVER_URL || `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`).replace(/\/+$/, '');
    const token = signPurposeToken(config.jwtSecret, 'backup', {}, 60, Date.now());
    let res: Response;
    try {
      res = await fetch(`${base}/ops/backup-snapshot`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    } catch (err) {
      throw new Error(
        `内嵌数据库正在使用中（${join(dataDir, 'postmaster.pid')}），但服务器 ${base} 无应答（${(err as Error).message}）。` +
          `服务器在别的地址运行时请设置 BACKUP_SERVER_URL 或 --server；确认服务器已停止（例如异常退出后）时加 --offline`,
      );
    }
    const body = (await res.json().catch(() => null)) as { result?: { snapshot: string; idleMs: number }; error?: { message: string } } | null;
    if (res.status !== 200 || !body?.result) throw new Error(`服务器拒绝了备份请求（${res.status}）：${body?.error?.message ?? ''}（DATA_DIR 与 JWT_SECRET 须与服务器相同）`);
    const made = join(dataDir, SNAPSHOT_DIR, body.result.snapshot);
    renameSync(made, stage);
    return `online snapshot by the running server (database idle ${body.result.idleMs} ms)`;
  }
  // stopped: nobody writes, the directory as it is
  copyDataDirExceptFiles(dataDir, join(stage, 'data'));
  return inUse ? 'copy of the data directory (--offline: the operator says the server is stopped)' : 'copy of the data directory (server stopped)';
}

/** Opens the copy (PostgreSQL's recovery runs on it if the server was running: it is then a clean copy) and counts. */
async function countPglite(dir: string) {
  const { db } = await openDatabase({ dataDir: dir });
  try {
    return await readLevel(async (text) => (await sql.raw<Record<string, unknown>>(text).execute(db)).rows);
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  console.error(`备份失败：${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
