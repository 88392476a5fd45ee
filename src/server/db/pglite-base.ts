import { existsSync, readFileSync, renameSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/**
 * The embedded database's empty cluster, made once and kept as an archive (a few MB), so that a
 * first start loads it instead of running initdb. PGlite runs initdb in two more WebAssembly
 * instances inside the opening process and copies the result over: about 700 MB on top of the
 * server (docs/BENCHMARKS.md, "The embedded database's memory"). The archive is made by a separate
 * process (`npm run build`, or the first start before it opens the database), whose memory is
 * returned when it exits; it is tied to the PGlite version that made it.
 */
function pgliteVersion() {
  // the package exports no package.json: walk up from its entry point
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

export const pgliteBasePath = () => resolve(process.env.PGLITE_BASE_DIR || 'dist', `pglite-base-${pgliteVersion()}.tar.gz`);

/** A data directory PGlite has not made a cluster in yet. */
export const isFreshDataDir = (dataDir: string) => !existsSync(join(dataDir, 'PG_VERSION'));

/** The kept empty cluster for a fresh data directory, if one was made by this PGlite version. */
export function pgliteBaseFor(dataDir: string | undefined): Blob | undefined {
  if (!dataDir || !isFreshDataDir(dataDir)) return undefined;
  const file = pgliteBasePath();
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/** initdb in memory, then the cluster as a gzip archive (written whole, then renamed into place). */
export async function makePgliteBase(out = pgliteBasePath()) {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create();
  const archive = Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer());
  await pg.close();
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(`${out}.tmp`, archive);
  renameSync(`${out}.tmp`, out);
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  console.log(JSON.stringify({ event: 'pglite.base', file: await makePgliteBase() }));
}
