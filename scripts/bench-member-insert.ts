/**
 * One statement inserting many members into one branch (an import, a bulk registration): the time
 * the kept aggregates' triggers (organ member counts, 党员分析 facets) add to it, on a fresh database.
 *
 *   npx tsx scripts/bench-member-insert.ts            # PGlite in memory; BENCH_DATABASE_URL=postgres://… for PostgreSQL
 *
 * ROWS (2300) members, one INSERT … SELECT into a branch five levels deep; then one UPDATE of all of
 * them (a transfer to a sibling branch) and one DELETE. Prints each statement's time.
 */
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { recreateDatabase } from './bench-kit';

const URL = process.env.BENCH_DATABASE_URL;
const ROWS = Number(process.env.ROWS ?? 2300);

async function main() {
  if (URL) await recreateDatabase(URL);
  const { db } = await openDatabase(URL ? { url: URL } : {});
  await migrateToLatest(db);
  // a chain province → city → district → town → two branches
  let path = '/';
  let parent: number | null = null;
  const ids: number[] = [];
  for (let level = 1; level <= 6; level++) {
    const id = 900_000 + level;
    const p: number | null = level === 6 ? ids[3] : parent;
    const organPath: string = level === 6 ? `${path.split('/').slice(0, -2).join('/')}/${id}/` : `${path}${id}/`;
    await sql`insert into organizations (id, parent_id, organ_name, organ_path, organ_level, sort, status, extra, creation_time, audit_status)
      values (${id}, ${p}, ${`基准组织${level}`}, ${organPath}, ${Math.min(level, 5)}, 1, 1, '{}'::jsonb, now(), 1)`.execute(db);
    ids.push(id);
    if (level < 6) [path, parent] = [organPath, id];
  }
  const [branch, sibling] = [ids[4], ids[5]];
  const branchPath = path;
  const siblingPath = `${branchPath.split('/').slice(0, -2).join('/')}/${sibling}/`;
  const time = async (what: string, q: () => Promise<unknown>) => {
    const t = performance.now();
    await q();
    console.log(`${what}: ${((performance.now() - t) / 1000).toFixed(2)} s`);
  };
  await time(`INSERT of ${ROWS} members into one branch`, () =>
    sql`insert into party_members (organ_id, organ_path, name, sex, party_member_type, status, addition, party_member, party_duty_code)
      select ${branch}, ${branchPath}, '基准成员' || g, 1 + g % 2, 1 + (g % 10 = 0)::int, 1,
        jsonb_build_object('birthday', (date '1950-01-01' + g * 7)::text, 'nation', '01', 'education', (1 + g % 7)::text),
        jsonb_build_object('joinPartyDate', (date '1975-01-01' + g * 5)::text), case when g % 20 = 0 then '02' end
      from generate_series(1, ${ROWS}::int) g`.execute(db));
  await time(`UPDATE of the ${ROWS} (moved to a sibling branch)`, () => sql`update party_members set organ_id = ${sibling}, organ_path = ${siblingPath} where organ_id = ${branch}`.execute(db));
  await time(`UPDATE of the ${ROWS} (name only)`, () => sql`update party_members set name = name || '改' where organ_id = ${sibling}`.execute(db));
  await time(`DELETE of the ${ROWS}`, () => sql`delete from party_members where organ_id = ${sibling}`.execute(db));
  const left = await sql<{ n: number }>`select coalesce(sum(abs(members)), 0)::int + (select coalesce(sum(abs(n)), 0)::int from organ_member_facets) as n from organ_member_counts`.execute(db);
  console.log(`kept counts left after the delete (0 expected): ${left.rows[0].n}`);
  await db.destroy();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
