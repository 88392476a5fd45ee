import { sql, type Kysely } from 'kysely';

/**
 * Each member's 学时 of a year, kept by the writes that change them, and the summary of a wide
 * subtree's progress against its targets.
 *
 * `member_study_years`: per account and platform year (a study day is a platform day, so its year
 * is the platform's), the online credit in seconds (study_days) and the approved offline hours
 * (offline_reports with status 1, not deleted). Row triggers on both tables add the difference of
 * each written row in the writing transaction: the study report's upsert, an offline report's
 * approval, edit or deletion, a day moved to another year. Only the member's own row is touched,
 * so concurrent reports of different members never wait for each other, and those of one member
 * queue on his row as they already do on his study_days row.
 *
 * `organ_study_progress`: for the province and its cities (subtrees of a million and of tens of
 * thousands of members), a year's members, how many fall under a member rule, how many pass it and
 * their 学时 in seconds — rewritten by the periodic job `study.progress` (domains/study/README.md:
 * why a job and not triggers). A district and below are computed at each call.
 */
const statements = [
  `CREATE TABLE member_study_years (
    user_id bigint NOT NULL,
    year int NOT NULL,
    online_seconds bigint NOT NULL DEFAULT 0,
    offline_hours numeric(14,2) NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, year)
  )`,
  `CREATE FUNCTION member_study_years_add(p_user bigint, p_year int, p_seconds bigint, p_hours numeric) RETURNS void LANGUAGE sql AS $$
    INSERT INTO member_study_years AS y (user_id, year, online_seconds, offline_hours) VALUES (p_user, p_year, p_seconds, p_hours)
    ON CONFLICT (user_id, year) DO UPDATE SET online_seconds = y.online_seconds + excluded.online_seconds, offline_hours = y.offline_hours + excluded.offline_hours
  $$`,
  `CREATE FUNCTION member_study_years_days() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'UPDATE' AND NEW.user_id = OLD.user_id AND extract(year FROM NEW.day) = extract(year FROM OLD.day) THEN
      IF NEW.seconds <> OLD.seconds THEN
        PERFORM member_study_years_add(NEW.user_id, extract(year FROM NEW.day)::int, NEW.seconds - OLD.seconds, 0);
      END IF;
      RETURN NULL;
    END IF;
    IF TG_OP <> 'INSERT' THEN PERFORM member_study_years_add(OLD.user_id, extract(year FROM OLD.day)::int, -OLD.seconds, 0); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM member_study_years_add(NEW.user_id, extract(year FROM NEW.day)::int, NEW.seconds, 0); END IF;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER trg_member_study_years_days AFTER INSERT OR UPDATE OR DELETE ON study_days FOR EACH ROW EXECUTE FUNCTION member_study_years_days()`,
  `CREATE FUNCTION member_study_years_offline() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'INSERT' AND OLD.status = 1 AND NOT OLD.is_deleted THEN
      IF TG_OP = 'UPDATE' AND NEW.status = 1 AND NOT NEW.is_deleted AND NEW.user_id = OLD.user_id
         AND NEW.study_date = OLD.study_date AND NEW.hours = OLD.hours THEN
        RETURN NULL; -- an edit that changes nothing counted
      END IF;
      PERFORM member_study_years_add(OLD.user_id, extract(year FROM OLD.study_date)::int, 0, -OLD.hours);
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.status = 1 AND NOT NEW.is_deleted THEN
      PERFORM member_study_years_add(NEW.user_id, extract(year FROM NEW.study_date)::int, 0, NEW.hours);
    END IF;
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER trg_member_study_years_offline AFTER INSERT OR UPDATE OR DELETE ON offline_reports FOR EACH ROW EXECUTE FUNCTION member_study_years_offline()`,
  `CREATE TABLE organ_study_progress (
    year int NOT NULL,
    organ_id bigint NOT NULL,
    members int NOT NULL,
    ruled int NOT NULL,
    passed int NOT NULL,
    seconds bigint NOT NULL,
    refreshed_at timestamptz NOT NULL,
    PRIMARY KEY (year, organ_id)
  )`,
];

/** Sums every member's years again from the rows (the migration's backfill; the generators after a bulk load). */
export const REBUILD_MEMBER_STUDY_YEARS = `
  DELETE FROM member_study_years;
  INSERT INTO member_study_years (user_id, year, online_seconds, offline_hours)
  SELECT user_id, year, sum(s), sum(h) FROM (
    SELECT user_id, extract(year FROM day)::int AS year, sum(seconds) AS s, 0 AS h FROM study_days GROUP BY 1, 2
    UNION ALL
    SELECT user_id, extract(year FROM study_date)::int, 0, sum(hours) FROM offline_reports WHERE status = 1 AND NOT is_deleted GROUP BY 1, 2
  ) x GROUP BY 1, 2`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
  for (const s of REBUILD_MEMBER_STUDY_YEARS.split(';')) await sql.raw(s).execute(db);
}
