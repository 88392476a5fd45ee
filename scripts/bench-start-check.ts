/**
 * The start's check for personal data still in plain text (`resealAll(db, 'plaintext')` after the
 * migrations) on a generated province where everything is sealed: with each sealed table's partial
 * index of plain rows (the check reads an empty index), and without it (the same query scans the
 * table: the index dropped inside a transaction that is rolled back). Then a whole start's
 * migrateToLatest (nothing to migrate).
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/dj_start npx tsx scripts/bench-start-check.ts   # BENCH_RUNS (5)
 */
import { sql } from 'kysely';
import { loadConfig } from '../src/server/config';
import { keyRingOf, openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { SEALED_COLUMNS } from '../src/server/db/sealed-columns';
import { loadEntityFiles } from '../src/server/records/entities';
import { batchQuery, plaintextIndexName, resealAll } from '../src/server/security/data-reseal';

const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dj_start';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function main() {
  const { db } = await openDatabase({ url: URL });
  const ring = keyRingOf(db);
  const sizes = await sql<{ t: string; n: number }>`select 'party_members' as t, count(*)::int as n from party_members union all select 'users', count(*)::int from users`.execute(db);
  console.log(sizes.rows.map((r) => `${r.t}: ${r.n.toLocaleString()} rows`).join(', '));
  const time = async (fn: () => Promise<unknown>) => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  const withIndex: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    withIndex.push(await time(() => resealAll(db, 'plaintext')));
    // the same batch queries with the partial indexes out of the planner's reach
    without.push(
      await time(() =>
        db.transaction().execute(async (trx) => {
          for (const table of Object.keys(SEALED_COLUMNS)) await sql.raw(`DROP INDEX "${plaintextIndexName(table)}"`).execute(trx);
          for (const table of Object.keys(SEALED_COLUMNS)) await batchQuery(ring, table, 'plaintext', 0, 500).execute(trx);
          throw new Error('rollback');
        }).catch((e) => { if (e.message !== 'rollback') throw e; }),
      ),
    );
  }
  console.log(`the start's plain-text check (resealAll 'plaintext'), median of ${RUNS}: with the partial indexes ${ms(median(withIndex))}, scanning the tables ${ms(median(without))}`);
  const config = loadConfig({ ...process.env, DATABASE_URL: URL }, { dataDir: null, seedDemo: true });
  const entities = loadEntityFiles(config.schemaDirs);
  const starts: number[] = [];
  for (let i = 0; i < RUNS; i++) starts.push(await time(() => migrateToLatest(db, undefined, entities)));
  console.log(`migrateToLatest with nothing to do (migrations, entity indexes, record hashes, the plain-text check), median of ${RUNS}: ${ms(median(starts))}`);
  await db.destroy();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
