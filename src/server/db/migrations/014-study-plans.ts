import { sql, type Kysely } from 'kysely';

/**
 * The study report at a real cadence. Same rules and signature as migration 008; two changes.
 *
 * Plans that stay index lookups. PL/pgSQL keeps each inner statement's plan for the life of the
 * connection (that is why a report costs no planning), so the plans are made once, from what the
 * tables looked like then. On a new database the study tables are empty — analyzed empty, or never
 * analyzed on PGlite, where no autovacuum runs — and every lookup by member became a sequential scan
 * that stayed one as the tables grew to millions of rows, until something gathered statistics and
 * invalidated the plans (on PostgreSQL with autovacuum off, or PGlite: never). Every statement here
 * finds its rows by primary key or by (user_id, day), which is right at any size, so the function
 * plans with sequential scans disabled: its plans no longer depend on the statistics at all.
 *
 * Fewer statements. The session upsert also moves the session's clock for a report that comes early
 * (it was an UPDATE of its own), and the day's sum, the re-read of the total under the session lock
 * and both credit upserts are one statement: a report that credits is three statements, was five.
 */
const statements = [
  `CREATE OR REPLACE FUNCTION study_report(
    p_user bigint, p_session text, p_resource bigint, p_now timestamptz, p_day date,
    p_paths text[], p_managed_like text, p_member_path text,
    p_interval int, p_window interval, p_daily_cap int, p_claimed int,
    OUT visible boolean, OUT duration int, OUT state text, OUT credit int, OUT total int,
    OUT completed_now boolean, OUT capped_by_day boolean)
  LANGUAGE plpgsql
  SET enable_seqscan = off
  AS $fn$
  DECLARE
    v_prev timestamptz; v_already int; v_done boolean; v_today int; v_elapsed int;
    v_seconds int; v_completed boolean;
  BEGIN
    visible := false; duration := 0; state := 'start'; credit := 0; total := 0; completed_now := false; capped_by_day := false;
    -- the resource, if the member may study it, with his running total on it (read before the
    -- session lock; re-read under it before anything is credited)
    SELECT r.duration_seconds, coalesce(t.seconds, 0), coalesce(t.completed, false) INTO duration, v_already, v_done
      FROM resources r LEFT JOIN study_totals t ON t.user_id = p_user AND t.resource_id = r.id
      WHERE r.id = p_resource AND NOT r.is_deleted AND r.is_enabled
        AND (r.organ_path = ANY (p_paths) OR (p_managed_like IS NOT NULL AND r.organ_path LIKE p_managed_like));
    IF duration IS NULL THEN duration := 0; RETURN; END IF;
    visible := true;
    total := v_already;
    IF duration <= 0 THEN RETURN; END IF;

    -- the member's one playing session; its row lock orders simultaneous reports. A report of the
    -- same session on the same resource ('go') that comes before the interval is up and claims at
    -- least the wall time (rounded up) moves the session's clock by that many seconds, not to now:
    -- the part of a second credited ahead is owed by the next report (migration 008)
    INSERT INTO study_sessions AS ss (user_id, auth_session_id, resource_id, opened_at, last_report_at, prev_activity, state)
      VALUES (p_user, p_session, p_resource, p_now, p_now, p_now, 'start')
    ON CONFLICT (user_id) DO UPDATE SET
      state = CASE
        WHEN ss.auth_session_id <> excluded.auth_session_id AND p_now - coalesce(ss.last_report_at, ss.opened_at) < p_window THEN 'other'
        WHEN ss.auth_session_id <> excluded.auth_session_id OR ss.resource_id <> excluded.resource_id THEN 'start'
        ELSE 'go' END,
      prev_activity = coalesce(ss.last_report_at, ss.opened_at),
      auth_session_id = CASE WHEN ss.auth_session_id <> excluded.auth_session_id AND p_now - coalesce(ss.last_report_at, ss.opened_at) < p_window THEN ss.auth_session_id ELSE excluded.auth_session_id END,
      resource_id = CASE WHEN ss.auth_session_id <> excluded.auth_session_id AND p_now - coalesce(ss.last_report_at, ss.opened_at) < p_window THEN ss.resource_id ELSE excluded.resource_id END,
      opened_at = CASE WHEN ss.auth_session_id <> excluded.auth_session_id OR ss.resource_id <> excluded.resource_id THEN excluded.opened_at ELSE ss.opened_at END,
      last_report_at = CASE
        WHEN ss.auth_session_id <> excluded.auth_session_id AND p_now - coalesce(ss.last_report_at, ss.opened_at) < p_window THEN ss.last_report_at
        WHEN ss.auth_session_id = excluded.auth_session_id AND ss.resource_id = excluded.resource_id AND NOT v_done
          AND extract(epoch FROM (p_now - coalesce(ss.last_report_at, ss.opened_at))) < p_interval
          AND coalesce(p_claimed, p_interval) >= ceil(greatest(0, extract(epoch FROM (p_now - coalesce(ss.last_report_at, ss.opened_at)))))
          THEN coalesce(ss.last_report_at, ss.opened_at) + make_interval(secs => ceil(greatest(0, extract(epoch FROM (p_now - coalesce(ss.last_report_at, ss.opened_at))))))
        ELSE excluded.last_report_at END
    RETURNING ss.state, ss.prev_activity INTO state, v_prev;

    IF state <> 'go' OR v_done THEN RETURN; END IF;

    -- wall time to the second (rounded up: a tail of 14.95 s is the clip's last 15 s), at most the
    -- interval and at most the play time the player claims
    v_elapsed := least(p_interval, ceil(greatest(0, extract(epoch FROM (p_now - v_prev))))::int, coalesce(p_claimed, p_interval));
    IF least(v_elapsed, duration - v_already) <= 0 THEN RETURN; END IF;  -- nothing to credit

    -- under the session lock: the latest total (a simultaneous report may have just committed) and
    -- the day's sum, the credit they leave, and both upserts — one statement
    WITH cur AS (
      SELECT coalesce(t.seconds, 0) AS c_already, coalesce(t.completed, false) AS c_done, s.c_today
        FROM (SELECT coalesce(sum(d.seconds), 0)::int AS c_today FROM study_days d WHERE d.user_id = p_user AND d.day = p_day) s
        LEFT JOIN study_totals t ON t.user_id = p_user AND t.resource_id = p_resource
    ), c AS (
      SELECT c_already, c_done, c_today,
             CASE WHEN c_done THEN 0 ELSE least(v_elapsed, greatest(0, duration - c_already), greatest(0, p_daily_cap - c_today)) END AS c_credit
        FROM cur
    ), day_row AS (
      INSERT INTO study_days (user_id, resource_id, day, seconds, reports)
      SELECT p_user, p_resource, p_day, c_credit, 1 FROM c WHERE c_credit > 0
      ON CONFLICT (user_id, resource_id, day) DO UPDATE SET seconds = study_days.seconds + excluded.seconds, reports = study_days.reports + 1
    ), total_row AS (
      INSERT INTO study_totals AS tt (user_id, resource_id, seconds, completed, completed_at, first_study_time, last_study_time, organ_path)
      SELECT p_user, p_resource, c_credit, c_credit >= duration, CASE WHEN c_credit >= duration THEN p_now END, p_now, p_now, p_member_path FROM c WHERE c_credit > 0
      ON CONFLICT (user_id, resource_id) DO UPDATE SET
        seconds = least(duration, tt.seconds + excluded.seconds),
        completed = tt.seconds + excluded.seconds >= duration,
        completed_at = CASE WHEN tt.seconds + excluded.seconds >= duration THEN p_now ELSE tt.completed_at END,
        last_study_time = excluded.last_study_time
      RETURNING tt.seconds AS r_seconds, tt.completed AS r_completed
    )
    SELECT c.c_already, c.c_done, c.c_today, c.c_credit, total_row.r_seconds, total_row.r_completed
      FROM c LEFT JOIN total_row ON true
      INTO v_already, v_done, v_today, credit, v_seconds, v_completed;
    total := coalesce(v_seconds, v_already);
    IF v_done THEN RETURN; END IF;
    capped_by_day := least(v_elapsed, greatest(0, duration - v_already)) > greatest(0, p_daily_cap - v_today);
    completed_now := coalesce(v_completed, false);
  END
  $fn$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
