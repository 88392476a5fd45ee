import { sql, type Kysely } from 'kysely';

/**
 * The kept aggregates of migrations 037 (`organ_member_counts`), 043 (`organ_member_facets`) and 044
 * (`member_study_years`) move from row triggers to statement triggers over the statement's transition
 * tables (REFERENCING NEW TABLE / OLD TABLE, one trigger per event: PostgreSQL allows transition
 * tables only on single-event triggers). A row trigger upserted every ancestor of every written row
 * (about 40 rows per member for the facets): 2,300 members inserted into one branch by one statement
 * were 92,000 upserts of the same few hundred rows (72–120 s on PGlite). Now a statement sums its
 * change per path, then per ancestor (and figure), and upserts each kept row once.
 *
 * Counted as before: a row that is counted before and after with the same counted values (a name
 * edit, the sealing of a number) changes nothing and locks nothing; any other changed row takes out
 * its old values and puts in its new ones at every ancestor, a zero sum included, so each statement
 * locks the kept rows in one order — depth (root first), organisation, figure, value — and
 * concurrent writers queue on the root's rows instead of deadlocking, as the row triggers did.
 *
 * 党员分析's birthday is the profile's (`addition.birthday`) only: the identity card is sealed at rest
 * (migration 039) and cannot be read in SQL; the member form fills the birthday from the number when
 * the profile has none (member-form.ts), and migration 039 did so for the rows before it. The figures
 * are rebuilt here, so a member counted by the number's plain text before its sealing is counted right.
 */

/** A member counted (status 1, not deleted), on a transition table's alias. */
const counted = (r: string) => `(${r}.status = 1 AND NOT ${r}.is_deleted)`;

/**
 * The change a statement makes, as rows (organ_path, sign, …values) of the counted members: each
 * inserted row +1, each deleted −1, each updated row −old +new unless both count the same values.
 */
function delta(event: 'INSERT' | 'UPDATE' | 'DELETE', values: (r: string) => string, same: string): string {
  const plus = `SELECT n.organ_path, 1 AS sign, ${values('n')} FROM new_rows n WHERE ${counted('n')}`;
  const minus = `SELECT o.organ_path, -1 AS sign, ${values('o')} FROM old_rows o WHERE ${counted('o')}`;
  if (event === 'INSERT') return plus;
  if (event === 'DELETE') return minus;
  const unchanged = `${counted('o')} AND ${counted('n')} AND n.organ_path = o.organ_path AND ${same}`;
  return `${minus} AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id AND ${unchanged})
    UNION ALL ${plus} AND NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id AND ${unchanged})`;
}

/** The ancestors of a path, with their depth (1 the root). */
const ancestors = (path: string) => `unnest(string_to_array(trim(both '/' from ${path}), '/')) WITH ORDINALITY a(id, depth)`;

function countsUpsert(event: 'INSERT' | 'UPDATE' | 'DELETE'): string {
  const d = delta(event, (r) => `${r}.party_member_type AS t, ${r}.sex AS s`, 'n.party_member_type IS NOT DISTINCT FROM o.party_member_type AND n.sex IS NOT DISTINCT FROM o.sex');
  return `INSERT INTO organ_member_counts AS c (organ_id, members, formal, probationary, male, female)
    SELECT a.id::bigint, sum(p.members), sum(p.formal), sum(p.probationary), sum(p.male), sum(p.female)
    FROM (SELECT organ_path, sum(sign) AS members, sum(sign * coalesce(t = 1, false)::int) AS formal, sum(sign * coalesce(t = 2, false)::int) AS probationary,
                 sum(sign * coalesce(s = 1, false)::int) AS male, sum(sign * coalesce(s = 2, false)::int) AS female
          FROM (${d}) x GROUP BY organ_path) p, ${ancestors('p.organ_path')}
    WHERE a.id <> ''
    GROUP BY a.id::bigint
    ORDER BY min(a.depth), a.id::bigint
    ON CONFLICT (organ_id) DO UPDATE SET
      members = c.members + excluded.members, formal = c.formal + excluded.formal, probationary = c.probationary + excluded.probationary,
      male = c.male + excluded.male, female = c.female + excluded.female`;
}

/** A member's figures for 党员分析, in the facets' order (1 birthday YYYYMMDD … 7 member type; '' 未填写). */
const KEYS = (r: string) => `member_facet_keys(${r}.addition, ${r}.party_member, ${r}.sex, ${r}.party_duty_code, ${r}.party_member_type)`;

function facetsUpsert(event: 'INSERT' | 'UPDATE' | 'DELETE'): string {
  const d = delta(event, (r) => `${KEYS(r)} AS keys`, `${KEYS('n')} = ${KEYS('o')}`);
  return `INSERT INTO organ_member_facets AS c (organ_id, facet, key, n)
    SELECT a.id::bigint, p.i, p.k, sum(p.n)
    FROM (SELECT x.organ_path, f.i, f.k, sum(x.sign) AS n FROM (${d}) x, unnest(x.keys) WITH ORDINALITY f(k, i) GROUP BY 1, 2, 3) p, ${ancestors('p.organ_path')}
    WHERE a.id <> ''
    GROUP BY a.id::bigint, p.i, p.k
    ORDER BY min(a.depth), a.id::bigint, p.i, p.k
    ON CONFLICT (organ_id, facet, key) DO UPDATE SET n = c.n + excluded.n`;
}

/** 044's years: a study day's seconds, an approved offline report's hours, per account and year, in one order. */
function studyDaysUpsert(event: 'INSERT' | 'UPDATE' | 'DELETE'): string {
  const rows = [
    event !== 'DELETE' && `SELECT user_id, extract(year FROM day)::int AS year, seconds AS s FROM new_rows`,
    event !== 'INSERT' && `SELECT user_id, extract(year FROM day)::int AS year, -seconds AS s FROM old_rows`,
  ].filter(Boolean).join(' UNION ALL ');
  return `INSERT INTO member_study_years AS y (user_id, year, online_seconds, offline_hours)
    SELECT user_id, year, sum(s), 0 FROM (${rows}) x GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (user_id, year) DO UPDATE SET online_seconds = y.online_seconds + excluded.online_seconds`;
}
function offlineUpsert(event: 'INSERT' | 'UPDATE' | 'DELETE'): string {
  const rows = [
    event !== 'DELETE' && `SELECT user_id, extract(year FROM study_date)::int AS year, hours AS h FROM new_rows WHERE ${counted('new_rows')}`,
    event !== 'INSERT' && `SELECT user_id, extract(year FROM study_date)::int AS year, -hours AS h FROM old_rows WHERE ${counted('old_rows')}`,
  ].filter(Boolean).join(' UNION ALL ');
  return `INSERT INTO member_study_years AS y (user_id, year, online_seconds, offline_hours)
    SELECT user_id, year, 0, sum(h) FROM (${rows}) x GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (user_id, year) DO UPDATE SET offline_hours = y.offline_hours + excluded.offline_hours`;
}

const EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const;
const REFERENCING = { INSERT: 'NEW TABLE AS new_rows', UPDATE: 'OLD TABLE AS old_rows NEW TABLE AS new_rows', DELETE: 'OLD TABLE AS old_rows' };

/** One function and three statement triggers (insert, update, delete) keeping one aggregate. */
function statementTriggers(name: string, table: string, upsert: (e: (typeof EVENTS)[number]) => string): string[] {
  return [
    `CREATE FUNCTION ${name}_statement() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN ${upsert('INSERT')};
      ELSIF TG_OP = 'UPDATE' THEN ${upsert('UPDATE')};
      ELSE ${upsert('DELETE')};
      END IF;
      RETURN NULL;
    END $$`,
    ...EVENTS.map((e) => `CREATE TRIGGER ${TRIGGER_NAME(name, e)} AFTER ${e} ON ${table} REFERENCING ${REFERENCING[e]} FOR EACH STATEMENT EXECUTE FUNCTION ${name}_statement()`),
  ];
}
const TRIGGER_NAME = (name: string, e: string) => `trg_${name}_${e.toLowerCase()}`;

/** The triggers keeping the member aggregates (a bulk load may disable them and rebuild after). */
export const MEMBER_AGGREGATE_TRIGGERS = ['organ_member_counts', 'organ_member_facets'].flatMap((n) => EVENTS.map((e) => TRIGGER_NAME(n, e)));

const statements = [
  `DROP TRIGGER trg_organ_member_counts ON party_members`,
  `DROP FUNCTION organ_member_counts_trigger()`,
  `DROP FUNCTION organ_member_counts_apply(text, int, int, int)`,
  ...statementTriggers('organ_member_counts', 'party_members', countsUpsert),
  `DROP TRIGGER trg_organ_member_facets ON party_members`,
  `DROP FUNCTION organ_member_facets_trigger()`,
  `DROP FUNCTION organ_member_facets_apply(text, int, text[])`,
  `DROP FUNCTION member_facet_keys(jsonb, jsonb, text, int, text, int)`,
  `CREATE FUNCTION member_facet_keys(addition jsonb, party_member jsonb, sex int, duty text, member_type int) RETURNS text[]
  LANGUAGE sql IMMUTABLE AS $$
    SELECT ARRAY[
      coalesce(CASE WHEN addition->>'birthday' ~ '^\\d{4}-\\d{2}-\\d{2}' THEN replace(substr(addition->>'birthday', 1, 10), '-', '') END, ''),
      coalesce(sex::text, ''),
      coalesce(addition->>'nation', ''),
      coalesce(addition->>'education', ''),
      coalesce(CASE WHEN party_member->>'joinPartyDate' ~ '^\\d{4}' THEN substr(party_member->>'joinPartyDate', 1, 4)::int::text END, ''),
      coalesce(duty, ''),
      coalesce(member_type::text, '')]
  $$`,
  ...statementTriggers('organ_member_facets', 'party_members', facetsUpsert),
  `DROP TRIGGER trg_member_study_years_days ON study_days`,
  `DROP FUNCTION member_study_years_days()`,
  ...statementTriggers('member_study_years_days', 'study_days', studyDaysUpsert),
  `DROP TRIGGER trg_member_study_years_offline ON offline_reports`,
  `DROP FUNCTION member_study_years_offline()`,
  `DROP FUNCTION member_study_years_add(bigint, int, bigint, numeric)`,
  ...statementTriggers('member_study_years_offline', 'offline_reports', offlineUpsert),
];

/** Recounts every subtree's 党员分析 figures from the member rows (this migration; the generator after a bulk load). */
export const REBUILD_ORGAN_MEMBER_FACETS = `
  DELETE FROM organ_member_facets;
  INSERT INTO organ_member_facets (organ_id, facet, key, n)
  SELECT a::bigint, own.i, own.k, sum(own.n)
  FROM (SELECT m.organ_path, f.i, f.k, count(*) AS n
        FROM party_members m, unnest(member_facet_keys(m.addition, m.party_member, m.sex, m.party_duty_code, m.party_member_type)) WITH ORDINALITY f(k, i)
        WHERE m.status = 1 AND NOT m.is_deleted
        GROUP BY 1, 2, 3) own,
       unnest(string_to_array(trim(both '/' from own.organ_path), '/')) a
  WHERE a <> ''
  GROUP BY 1, 2, 3`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
  for (const s of REBUILD_ORGAN_MEMBER_FACETS.split(';')) await sql.raw(s).execute(db);
}
