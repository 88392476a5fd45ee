/**
 * A whole province on PostgreSQL for the list and study benchmarks: the demo province
 * (accounts, menus, roles, code tables) plus, under its root, 21 cities → 180 districts → 3,600 towns
 * → 296,000 branches and 1,000,000 members with their accounts and member role — all with
 * generate_series in a few statements, reproducible (no randomness), then ANALYZE.
 *
 *   npx tsx scripts/generate-province.ts      # BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/dj_bench
 *
 * The database is dropped and made again. MEMBERS (1000000) and BRANCHES (296000) scale it down.
 * Every member signs in with his phone number (19 + nine digits) and the demo password (his account
 * is named `dy<user id>`, never by the number: security/account-names.ts).
 */
import { REBUILD_ORGAN_MEMBER_COUNTS } from '../src/server/db/migrations/037-organ-member-counts';
import { MEMBER_AGGREGATE_TRIGGERS, REBUILD_ORGAN_MEMBER_FACETS } from '../src/server/db/migrations/046-statement-aggregates';
import { sql } from 'kysely';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { resealAll } from '../src/server/security/data-reseal';
import { loadEntityFiles } from '../src/server/records/entities';
import { createContext } from '../src/server/context';
import { seed } from '../src/server/db/seed';
import { LogSmsSender } from '../src/server/security/sms';
import { hashPassword } from '../src/server/security/passwords';
import { recreateDatabase } from './bench-kit';

const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dj_bench';
const CITIES = 21;
const DISTRICTS = 180;
const TOWNS = 3_600;
const BRANCHES = Number(process.env.BRANCHES ?? 296_000);
const MEMBERS = Number(process.env.MEMBERS ?? 1_000_000);
const PASSWORD = 'Demo@123456';

async function main() {
  const t0 = Date.now();
  const step = (what: string) => console.log(`${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${what}`);
  await recreateDatabase(URL);
  const config = loadConfig({ ...process.env, DATABASE_URL: URL }, { dataDir: null, seedDemo: true });
  const { db, kind } = await openDatabase({ url: URL });
  await migrateToLatest(db, undefined, loadEntityFiles(config.schemaDirs));
  const ctx = createContext({ db, dbKind: kind, config, sms: new LogSmsSender(() => ({ info: () => {} }) as any) });
  await seed(ctx);
  step('demo province seeded');

  const root = await db.selectFrom('organizations').select(['id', 'organPath']).where('parentId', 'is', null).orderBy('id').executeTakeFirstOrThrow();
  const base = Number((await sql<{ m: number }>`select max(id) as m from organizations`.execute(db)).rows[0].m) + 1000;
  const [cityBase, districtBase, townBase, branchBase] = [base, base + CITIES, base + CITIES + DISTRICTS, base + CITIES + DISTRICTS + TOWNS];
  const level = async (label: string, n: number, idBase: number, parentBase: number, parents: number, organLevel: number, name: string) => {
    await sql`
      insert into organizations (id, parent_id, organ_name, organ_path, organ_level, organ_type, sort, status, extra, creation_time, audit_status)
      select ${idBase}::bigint + g, p.id, ${name} || g, p.organ_path || (${idBase}::bigint + g) || '/', ${organLevel}, null, g, 1, '{}'::jsonb, now(), 1
      from generate_series(1, ${n}::int) g
      join organizations p on p.id = ${parentBase}::bigint + 1 + ((g - 1) % ${parents}::int)`.execute(db);
    step(`${n.toLocaleString()} ${label}`);
  };
  await sql`
    insert into organizations (id, parent_id, organ_name, organ_path, organ_level, sort, status, extra, creation_time, audit_status)
    select ${cityBase}::bigint + g, ${root.id}, '基准市' || g, ${root.organPath} || (${cityBase}::bigint + g) || '/', 2, g, 1, '{}'::jsonb, now(), 1
    from generate_series(1, ${CITIES}::int) g`.execute(db);
  step(`${CITIES} cities`);
  await level('districts', DISTRICTS, districtBase, cityBase, CITIES, 3, '基准区');
  await level('towns', TOWNS, townBase, districtBase, DISTRICTS, 4, '基准街道');
  await level('branches', BRANCHES, branchBase, townBase, TOWNS, 5, '基准党支部');
  await sql`select setval(pg_get_serial_sequence('organizations', 'id'), (select max(id) from organizations))`.execute(db);

  // accounts, then members and their member role; one password hash for all (the demo password)
  const hash = await hashPassword(PASSWORD);
  const userBase = Number((await sql<{ m: number }>`select max(id) as m from users`.execute(db)).rows[0].m) + 1000;
  await sql`
    insert into users (id, user_name, name, password_hash, phone_number, phone_confirmed, organ_id, user_type, is_active, need_change_password, creation_time)
    select ${userBase}::bigint + g, 'dy' || (${userBase}::bigint + g), '基准党员' || g, ${hash}, '19' || lpad(g::text, 9, '0'), true,
      ${branchBase}::bigint + 1 + ((g - 1) % ${BRANCHES}::int), 0, true, false, now()
    from generate_series(1, ${MEMBERS}::int) g`.execute(db);
  await sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`.execute(db);
  step(`${MEMBERS.toLocaleString()} accounts`);
  // a bulk load: the kept subtree counts and figures (migrations 037, 043, 046) are recounted once at the end
  for (const t of MEMBER_AGGREGATE_TRIGGERS) await sql`alter table party_members disable trigger ${sql.ref(t)}`.execute(db);
  await sql`
    insert into party_members (user_id, organ_id, organ_path, name, id_card, phone_number, sex, party_member_type, status, addition, party_member, creation_time)
    select u.id, o.id, o.organ_path, u.name,
      '5199' || lpad(((u.id - ${userBase}) % 1000000)::text, 6, '0') || '19800101',
      u.phone_number, 1 + (u.id % 2), 1 + (u.id % 10 = 0)::int, 1,
      jsonb_build_object('sex', 1 + (u.id % 2), 'education', (1 + u.id % 7)::text, 'nation', '01', 'birthday', (date '1950-01-01' + (u.id % 18000)::int)::text),
      jsonb_build_object('partyMemeberType', 1 + (u.id % 10 = 0)::int, 'joinPartyDate', (date '1975-01-01' + (u.id % 17000)::int)::text),
      now()
    from users u join organizations o on o.id = u.organ_id
    where u.id > ${userBase}`.execute(db);
  for (const statement of REBUILD_ORGAN_MEMBER_COUNTS.split(';')) await sql.raw(statement).execute(db);
  step(`${MEMBERS.toLocaleString()} members`);
  // loaded in plain text for speed; sealed as a start seals an older database (docs/SECURITY.md §19)
  const sealed = await resealAll(db, 'plaintext');
  for (const statement of REBUILD_ORGAN_MEMBER_FACETS.split(';')) await sql.raw(statement).execute(db);
  for (const t of MEMBER_AGGREGATE_TRIGGERS) await sql`alter table party_members enable trigger ${sql.ref(t)}`.execute(db);
  step(`${sealed.toLocaleString()} rows of personal data sealed`);
  await sql`
    insert into user_roles (user_id, role_id, organ_id, creation_time)
    select u.id, r.id, u.organ_id, now() from users u cross join (select id from roles where is_default limit 1) r
    where u.id > ${userBase}`.execute(db);
  step('member roles');
  await sql`analyze`.execute(db);
  step('analyze');
  const counts = await sql<{ orgs: number; members: number }>`select (select count(*) from organizations) as orgs, (select count(*) from party_members) as members`.execute(db);
  console.log(`\n${URL}: ${Number(counts.rows[0].orgs).toLocaleString()} organisations, ${Number(counts.rows[0].members).toLocaleString()} members`);
  console.log(`a district of the generator: organ id ${districtBase + 1}; a branch: ${branchBase + 1}`);
  await db.destroy();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
