/**
 * `npm run restore -- FILE [--force]`: puts a backup of `npm run backup` (scripts/backup.ts) back —
 * into DATA_DIR (PGlite: the database and the files) or into the database DATABASE_URL names plus
 * DATA_DIR (PostgreSQL). The server must be stopped (PGlite) or not yet started on the target.
 *
 * Refuses, changing nothing: a backup of the other database kind, one migrated further than this
 * version knows (install that version first), a DATA_DIR that is not empty or a database that has
 * tables — unless `--force`, which moves the old DATA_DIR aside (`<DATA_DIR>.before-restore-<time>`,
 * never deleted) and has pg_restore drop what the backup holds first. pg_restore runs in one
 * transaction: a failure leaves the database as it was. Afterwards the restored database is opened
 * and its row counts compared with the manifest, and every file it names must be present.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/database';
import { MIGRATION_NAMES } from '../src/server/db/migrate';
import { FORMAT, have, mb, objectPath, parseArgs, readLevel, run, type Manifest } from './backup-lib';

async function main() {
  // the archive and the folders holding it carry personal data and the token secret: the owner's only
  process.umask(0o077);
  const { opts, rest } = parseArgs(process.argv.slice(2));
  const archive = rest[0] ? resolve(rest[0]) : '';
  if (!archive || !existsSync(archive)) throw new Error(`用法：npm run restore -- <备份文件.tar.gz> [--force]${archive ? `（${archive} 不存在）` : ''}`);
  const force = opts.force === true;
  const dataDir = resolve(process.env.DATA_DIR || './data');
  const databaseUrl = process.env.DATABASE_URL || null;

  const manifest = JSON.parse(execFileSync('tar', ['-xzOf', archive, 'manifest.json'], { maxBuffer: 16 << 20 }).toString('utf8')) as Manifest;
  if (manifest.format !== FORMAT) throw new Error(`备份格式 ${manifest.format} 不受支持（本版本：${FORMAT}）`);
  if (manifest.database === 'postgresql' && !databaseUrl) throw new Error('这是 PostgreSQL 的备份：请用 DATABASE_URL 指定要恢复到的数据库（一个空数据库）');
  if (manifest.database === 'pglite' && databaseUrl) throw new Error('这是内嵌数据库（PGlite）的备份：恢复到 DATA_DIR，不要设置 DATABASE_URL');
  const latest = MIGRATION_NAMES[MIGRATION_NAMES.length - 1];
  if (manifest.migration && !MIGRATION_NAMES.includes(manifest.migration)) {
    throw new Error(`备份来自更新的版本 ${manifest.version}（数据库迁移 ${manifest.migration}，本版本最新为 ${latest}）：请先安装该版本再恢复`);
  }

  // the target must hold nothing, or the operator says so
  if (existsSync(dataDir) && readdirSync(dataDir).length) {
    if (existsSync(join(dataDir, 'postmaster.pid')) && !force) throw new Error(`${dataDir} 中的内嵌数据库正在使用或未正常关闭：请先停止服务器（确认已停止后可加 --force）`);
    if (!force) throw new Error(`${dataDir} 不是空目录：换一个 DATA_DIR，或加 --force（原目录改名保留）`);
  }
  if (databaseUrl) await checkEmptyDatabase(databaseUrl, force);

  const staging = `${dataDir}.restoring-${randomBytes(4).toString('hex')}`;
  mkdirSync(staging, { recursive: true });
  try {
    await run('tar', ['-xzpf', archive, '-C', staging]);
    if (databaseUrl) {
      if (!have('pg_restore')) throw new Error('需要 pg_restore（PostgreSQL 客户端）');
      await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', ...(force ? ['--clean', '--if-exists'] : []), `--dbname=${databaseUrl}`, join(staging, 'database.dump')]);
    }
    if (existsSync(dataDir) && readdirSync(dataDir).length) {
      const aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dataDir, aside);
      console.log(`原 DATA_DIR 已改名保留：${aside}`);
    } else if (existsSync(dataDir)) rmSync(dataDir, { recursive: true });
    renameSync(join(staging, 'data'), dataDir);
    restoreFiles(staging, dataDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }

  const problems = await verify(manifest, dataDir, databaseUrl);
  console.log(JSON.stringify({ restored: archive, from: manifest.createdAt, version: manifest.version, migration: manifest.migration, counts: manifest.counts, problems }, null, 2));
  if (problems.length) throw new Error(`恢复后检查未通过：${problems.join('；')}`);
  console.log(`恢复完成：${dataDir}${databaseUrl ? ' 与 DATABASE_URL 指定的数据库' : ''}（${manifest.createdAt} 的备份，文件 ${manifest.files.objects} 个 ${mb(manifest.files.bytes)}）。启动服务器时，本版本较新的数据库迁移会自动执行。`);
}

/**
 * The file part: the archive's files/ becomes DATA_DIR/files (local storage). With object storage
 * (S3) the bucket is restored by the provider's versioning or with `aws s3 sync ./copy s3://bucket`
 * (README, Operations); this is the place to add it.
 */
function restoreFiles(staging: string, dataDir: string) {
  const files = join(staging, 'files');
  if (existsSync(files)) renameSync(files, join(dataDir, 'files'));
  else mkdirSync(join(dataDir, 'files'), { recursive: true });
}

async function checkEmptyDatabase(url: string, force: boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const n = Number((await client.query(`select count(*) as n from pg_tables where schemaname = current_schema()`)).rows[0].n);
    if (n && !force) throw new Error(`DATABASE_URL 指定的数据库已有 ${n} 张表：请恢复到一个新建的空数据库（createdb），或加 --force（先删除备份中有的对象）`);
  } finally {
    await client.end();
  }
}

/** Opens what was restored: the counts must be the manifest's, and every file the database names must be present. */
async function verify(manifest: Manifest, dataDir: string, databaseUrl: string | null): Promise<string[]> {
  const { db } = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir });
  const problems: string[] = [];
  try {
    const level = await readLevel(async (text) => (await sql.raw<Record<string, unknown>>(text).execute(db)).rows);
    if (level.migration !== manifest.migration) problems.push(`数据库迁移为 ${level.migration}，备份为 ${manifest.migration}`);
    for (const [table, n] of Object.entries(manifest.counts)) if (level.counts[table] !== n) problems.push(`${table} 有 ${level.counts[table]} 行，备份时 ${n} 行`);
    let missing = 0;
    for (let after = ''; ; ) {
      const page = await db.selectFrom('files').select('storageKey').where('storageKey', '>', after).orderBy('storageKey').limit(5000).execute();
      for (const f of page) if (!existsSync(objectPath(dataDir, f.storageKey))) missing++;
      if (page.length < 5000) break;
      after = page[page.length - 1].storageKey;
    }
    if (missing) problems.push(`数据库中的 ${missing} 个文件不在恢复的文件中`);
  } finally {
    await db.destroy();
  }
  return problems;
}

main().catch((err) => {
  console.error(`恢复失败：${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
