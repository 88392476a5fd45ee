/**
 * Record-store rows at province scale, added to a province made by
 * scripts/generate-province.ts: RECORDS (200,000) 流动党员 registrations (entity movingRecord) — one
 * per generated member from the first on, owned by him, filed at his branch, flowing into another
 * generated branch (data.flowInOrganId), statuses and dates spread evenly — plus an administrator of
 * the first generated district (user `benchdistrict`, the demo password) for the district-scope lists.
 * Reproducible (no randomness); the records are dropped and made again; then ANALYZE.
 *
 *   npx tsx scripts/generate-province.ts && npx tsx scripts/generate-records.ts && npx tsx scripts/bench-lists.ts
 */
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/database';
import { hashPassword } from '../src/server/security/passwords';

const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dj_bench';
const RECORDS = Number(process.env.RECORDS ?? 200_000);

async function main() {
  const t0 = Date.now();
  const step = (what: string) => console.log(`${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${what}`);
  const { db } = await openDatabase({ url: URL });
  const branches = (await sql<{ lo: number; n: number }>`select min(id) as lo, count(*) as n from organizations where organ_name like '基准党支部%'`.execute(db)).rows[0];
  if (!Number(branches.n)) throw new Error('no generated branches: run scripts/generate-province.ts first');
  const lo = Number(branches.lo);
  const n = Number(branches.n);
  await sql`delete from records where entity = 'movingRecord' and owner_user_id in (select id from users where name like '基准党员%')`.execute(db);
  // member g ('基准党员' + g) files at his branch; the flow goes to a branch far from it
  await sql`
    insert into records (entity, organ_id, organ_path, organ_level, owner_user_id, audit_status, data, creator_user_id, creation_time)
    select 'movingRecord', u.organ_id, o.organ_path, o.organ_level, u.id, g % 6,
      jsonb_build_object(
        'flowType', 1 + g % 2, 'flowInOrganId', ${lo}::bigint + ((g::bigint * 7919) % ${n}::int), 'flowInOrganName', '基准党支部',
        'flowPlace', '四川省成都市', 'flowReason', (1 + g % 5)::text, 'startDate', (date '2025-01-01' + (g % 600))::text,
        'contactPhone', u.phone_number, 'userName', u.name),
      u.id, timestamptz '2025-01-01 08:00+08' + make_interval(mins => g % 1000000)
    from generate_series(1, ${RECORDS}::int) g
    join users u on u.name = '基准党员' || g
    join organizations o on o.id = u.organ_id`.execute(db);
  step(`${RECORDS.toLocaleString()} 流动党员 records`);

  const district = (await sql<{ id: number }>`select id from organizations where organ_level = 3 and organ_name like '基准区%' order by id limit 1`.execute(db)).rows[0];
  const role = (await sql<{ id: number }>`select id from roles where name = 'DistrictAdmin'`.execute(db)).rows[0];
  await sql`delete from user_roles where user_id in (select id from users where user_name = 'benchdistrict')`.execute(db);
  await sql`delete from users where user_name = 'benchdistrict'`.execute(db);
  const user = (await sql<{ id: number }>`
    insert into users (user_name, name, password_hash, organ_id, user_type, is_active, need_change_password, creation_time)
    values ('benchdistrict', '基准区管理员', ${await hashPassword('Demo@123456')}, ${district.id}, 1, true, false, now()) returning id`.execute(db)).rows[0];
  await sql`insert into user_roles (user_id, role_id, organ_id, creation_time) values (${user.id}, ${role.id}, ${district.id}, now())`.execute(db);
  step(`benchdistrict administers organisation ${district.id}`);
  await sql`analyze records`.execute(db);
  step('analyze');
  await db.destroy();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
