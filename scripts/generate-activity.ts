/**
 * A year of members' activity on a province made by scripts/generate-province.ts (and
 * scripts/generate-records.ts), at the volumes a province has per member, so that the read sweep
 * (scripts/bench-sweep.ts) reads tables of a realistic size:
 *
 * - study: 40 study days a year per member (a few sessions a month), on one of the demo resources
 *   each day, 15–60 minutes → study_days; each member's totals per resource → study_totals;
 * - exams: every member sat each demo paper once (score 40–100) → exam_results (no answer rows);
 * - 党费: a base for the year and a payment a quarter (three months each) → party_dues_bases,
 *   party_dues_payments, party_dues_payment_months;
 * - 三会一课: a meeting a month in every branch (record store, partyMeeting), its members invited
 *   and most signed in → records, record_participants;
 * - 党员发展: one application per 20 members with two workflow steps → records, workflow_history.
 *
 * Reproducible (no randomness). Rows of generated members are dropped and made again; then ANALYZE.
 *
 *   npx tsx scripts/generate-activity.ts    # BENCH_DATABASE_URL, STUDY_DAYS (40)
 */
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/database';

const URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dj_bench';
const STUDY_DAYS = Number(process.env.STUDY_DAYS ?? 40);

async function main() {
  const t0 = Date.now();
  const step = (what: string) => console.log(`${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${what}`);
  const { db } = await openDatabase({ url: URL });
  const run = async (what: string, q: ReturnType<typeof sql>) => {
    const r = await q.execute(db);
    step(`${what}${r.numAffectedRows !== undefined ? `: ${Number(r.numAffectedRows).toLocaleString()} rows` : ''}`);
  };
  // the generated members (scripts/generate-province.ts names them '基准党员' + g)
  await run('members table', sql`create temp table gm as
    select m.id as member_id, m.user_id, m.organ_id, m.organ_path, m.name, row_number() over (order by m.user_id)::int as g
    from party_members m join users u on u.id = m.user_id where u.name like '基准党员%'`);
  await sql`create index on gm (g)`.execute(db);
  const resources = (await sql<{ id: number }>`select id from resources where not is_deleted order by id`.execute(db)).rows.map((r) => Number(r.id));
  const papers = (await sql<{ id: number }>`select id from exam_papers where not is_deleted order by id`.execute(db)).rows.map((r) => Number(r.id));

  await run('old study rows', sql`delete from study_days where user_id in (select user_id from gm)`);
  await sql`delete from study_totals where user_id in (select user_id from gm)`.execute(db);
  // member g studies on days spread over the last year, on resource (g + k) mod n
  await run('study_days', sql`insert into study_days (user_id, resource_id, day, seconds, reports)
    select gm.user_id, (${sql.val(resources)}::bigint[])[1 + (gm.g + k) % ${resources.length}::int],
      (now() at time zone 'Asia/Shanghai')::date - ((k * 9 + gm.g % 9) % 365),
      900 + ((gm.g * 7 + k * 13) % 2700), 15 + (gm.g + k) % 45
    from gm cross join generate_series(0, ${STUDY_DAYS - 1}::int) k
    on conflict do nothing`);
  await run('study_totals', sql`insert into study_totals (user_id, resource_id, seconds, completed, completed_at, first_study_time, last_study_time, organ_path)
    select d.user_id, d.resource_id, sum(d.seconds), sum(d.seconds) >= 3600, case when sum(d.seconds) >= 3600 then max(d.day)::timestamptz end,
      min(d.day)::timestamptz, max(d.day)::timestamptz, min(gm.organ_path)
    from study_days d join gm on gm.user_id = d.user_id group by d.user_id, d.resource_id`);

  await run('old exam results', sql`delete from exam_results where user_id in (select user_id from gm)`);
  await run('exam_results', sql`insert into exam_results (paper_id, user_id, member_name, organ_id, organ_path, attempt_no, start_time, deadline, submit_time, status, closed_by, score, objective_score, passed, error_count)
    select p, gm.user_id, gm.name, gm.organ_id, gm.organ_path, 1, now() - interval '2 hours', now() - interval '1 hour', now() - interval '90 minutes', 2, 1,
      40 + (gm.g * 7 + p) % 61, 40 + (gm.g * 7 + p) % 61, 40 + (gm.g * 7 + p) % 61 >= 60, (gm.g + p) % 8
    from gm cross join unnest(${sql.val(papers)}::int[]) p`);

  const year = Number((await sql<{ y: number }>`select extract(year from now() at time zone 'Asia/Shanghai')::int as y`.execute(db)).rows[0].y);
  await run('old dues', sql`delete from party_dues_payment_months where member_id in (select member_id from gm)`);
  await sql`delete from party_dues_payments where member_id in (select member_id from gm)`.execute(db);
  await sql`delete from party_dues_bases where member_id in (select member_id from gm)`.execute(db);
  await run('party_dues_bases', sql`insert into party_dues_bases (member_id, user_id, organ_id, organ_path, year, category, base_income, band, monthly_amount)
    select member_id, user_id, organ_id, organ_path, ${year}, 'job', 300000 + (g % 50) * 10000, 'job1', 1500 + (g % 50) * 50 from gm`);
  await run('party_dues_payments', sql`insert into party_dues_payments (idempotency_key, member_id, user_id, member_name, organ_id, organ_path, year, months, amount, channel, status, creation_time)
    select 'bench-' || gm.member_id || '-' || q, gm.member_id, gm.user_id, gm.name, gm.organ_id, gm.organ_path, ${year},
      (q * 3 + 1) || ',' || (q * 3 + 2) || ',' || (q * 3 + 3), 3 * (1500 + (gm.g % 50) * 50), 'offline', 1, make_date(${year}, q * 3 + 1, 5)
    from gm cross join generate_series(0, 3) q where make_date(${year}, q * 3 + 1, 5) <= now()`);
  await run('party_dues_payment_months', sql`insert into party_dues_payment_months (payment_id, member_id, year, month, amount, status)
    select p.id, p.member_id, p.year, m::smallint, p.amount / 3, p.status
    from party_dues_payments p cross join lateral unnest(string_to_array(p.months, ',')::int[]) m
    where p.idempotency_key like 'bench-%'`);

  await run('old meetings', sql`delete from records where entity in ('partyMeeting', 'development') and data->>'bench' = '1'`);
  await run('partyMeeting', sql`insert into records (entity, organ_id, organ_path, organ_level, audit_status, data, creation_time)
    select 'partyMeeting', o.id, o.organ_path, o.organ_level, 2,
      jsonb_build_object('bench', '1', 'title', '支部党员大会 ' || mo || ' 月', 'meetingType', 1 + mo % 4, 'meetingClass', 1,
        'beginTime', to_char(make_date(${year}, mo, 10), 'YYYY-MM-DD') || ' 15:00', 'endTime', to_char(make_date(${year}, mo, 10), 'YYYY-MM-DD') || ' 17:00',
        'meetingAddress', '党群服务中心', 'hostName', '书记', 'meetingSignType', 1),
      make_date(${year}, mo, 1)
    from organizations o cross join generate_series(1, 12) mo
    where o.organ_name like '基准党支部%' and make_date(${year}, mo, 1) <= now()`);
  await run('record_participants', sql`insert into record_participants (record_id, user_id, organ_id, organ_path, status, sign_in_time, creation_time)
    select r.id, gm.user_id, gm.organ_id, gm.organ_path, 1, case when (gm.g + r.id) % 10 < 8 then r.creation_time + interval '9 days' end, r.creation_time
    from records r join gm on gm.organ_id = r.organ_id where r.entity = 'partyMeeting' and r.data->>'bench' = '1'`);
  await sql`update records r set participant_count = c.n from (select record_id, count(*) n from record_participants group by 1) c
    where c.record_id = r.id and r.entity = 'partyMeeting' and r.data->>'bench' = '1'`.execute(db);
  await run('development', sql`insert into records (entity, organ_id, organ_path, organ_level, owner_user_id, audit_status, data, creator_user_id, creation_time)
    select 'development', gm.organ_id, gm.organ_path, 5, gm.user_id, gm.g % 4,
      jsonb_build_object('bench', '1', 'name', gm.name, 'applyDate', to_char(now() - make_interval(days => gm.g % 300), 'YYYY-MM-DD')),
      gm.user_id, now() - make_interval(days => gm.g % 300)
    from gm where gm.g % 20 = 0`);
  await run('workflow_history', sql`insert into workflow_history (subject_type, subject_id, transition, from_state, to_state, actor_user_id, actor_organ_id, creation_time)
    select 'record', r.id, t.name, t.f, t.t, r.owner_user_id, r.organ_id, r.creation_time + make_interval(days => t.t)
    from records r cross join (values ('submit', 0, 1), ('approve', 1, 2)) t(name, f, t)
    where r.entity = 'development' and r.data->>'bench' = '1'`);
  await run('analyze', sql`analyze`);
  const n = (await sql<{ t: string; n: number }>`
    select 'study_days' t, count(*) n from study_days union all select 'study_totals', count(*) from study_totals
    union all select 'exam_results', count(*) from exam_results union all select 'party_dues_payments', count(*) from party_dues_payments
    union all select 'party_dues_payment_months', count(*) from party_dues_payment_months union all select 'records', count(*) from records
    union all select 'record_participants', count(*) from record_participants union all select 'workflow_history', count(*) from workflow_history`.execute(db)).rows;
  for (const r of n) console.log(`${r.t.padEnd(28)} ${Number(r.n).toLocaleString().padStart(12)}`);
  await db.destroy();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
