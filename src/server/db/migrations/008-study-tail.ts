import { sql, type Kysely } from 'kysely';

/**
 * The study report with the player's claim: a report may say how many seconds were
 * played since the previous one (`p_claimed`; null from an older client), so that the tail of a
 * clip — reported when it ends, or when the page is hidden or closed — is credited for what was
 * played, not for the wall time of a pause. The server still credits at most the wall time since
 * the previous report, to the second: the wall time is rounded up, and the session's clock moves by
 * what was credited, so the fraction credited ahead is owed by the next report. Otherwise as in
 * migration 005, which this replaces.
 */
const statements = [
  `DROP FUNCTION study_report(bigint, text, bigint, timestamptz, date, text[], text, text, int, interval, int)`,
  `CREATE FUNCTION study_report(
    p_user bigint, p_session text, p_resource bigint, p_now timestamptz, p_day date,
    p_paths text[], p_managed_like text, p_member_path text,
    p_interval int, p_window interval, p_daily_cap int, p_claimed int,
    OUT visible boolean, OUT duration int, OUT state text, OUT credit int, OUT total int,
    OUT completed_now boolean, OUT capped_by_day boolean)
  LANGUAGE plpgsql AS $fn$
  DECLARE
    v_prev timestamptz; v_already int; v_done boolean; v_today int; v_elapsed int; v_left int;
    v_seconds int; v_completed boolean; v_wall numeric;
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

    -- the member's one playing session; its row lock orders simultaneous reports
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
      last_report_at = CASE WHEN ss.auth_session_id <> excluded.auth_session_id AND p_now - coalesce(ss.last_report_at, ss.opened_at) < p_window THEN ss.last_report_at ELSE excluded.last_report_at END
    RETURNING ss.state, ss.prev_activity INTO state, v_prev;

    IF state <> 'go' OR v_done THEN RETURN; END IF;

    -- wall time to the second (rounded up: a tail of 14.95 s is the clip's last 15 s), at most the
    -- interval and at most the play time the player claims
    v_wall := greatest(0, extract(epoch FROM (p_now - v_prev)));
    v_elapsed := least(p_interval, ceil(v_wall)::int, coalesce(p_claimed, p_interval));
    -- credit bound by the wall clock: the session's clock moves by what was credited, so the part of
    -- a second credited ahead is owed by the next report (reports never add up to more than the wall
    -- time plus one second); otherwise time not credited (paused, capped) is dropped
    IF v_elapsed >= ceil(v_wall) AND v_wall < p_interval THEN
      UPDATE study_sessions SET last_report_at = v_prev + make_interval(secs => v_elapsed) WHERE user_id = p_user;
    END IF;
    IF least(v_elapsed, duration - v_already) <= 0 THEN RETURN; END IF;  -- nothing to credit
    -- under the session lock: the latest total (a simultaneous report may have just committed) and the day's sum
    SELECT coalesce((SELECT t.seconds FROM study_totals t WHERE t.user_id = p_user AND t.resource_id = p_resource), 0),
           coalesce((SELECT t.completed FROM study_totals t WHERE t.user_id = p_user AND t.resource_id = p_resource), false),
           (SELECT coalesce(sum(d.seconds), 0) FROM study_days d WHERE d.user_id = p_user AND d.day = p_day)
      INTO v_already, v_done, v_today;
    total := v_already;
    IF v_done THEN RETURN; END IF;
    v_left := greatest(0, duration - v_already);
    credit := least(v_elapsed, v_left, greatest(0, p_daily_cap - v_today));
    capped_by_day := least(v_elapsed, v_left) > greatest(0, p_daily_cap - v_today);
    IF credit <= 0 THEN RETURN; END IF;

    INSERT INTO study_days (user_id, resource_id, day, seconds, reports) VALUES (p_user, p_resource, p_day, credit, 1)
    ON CONFLICT (user_id, resource_id, day) DO UPDATE SET seconds = study_days.seconds + excluded.seconds, reports = study_days.reports + 1;

    INSERT INTO study_totals AS tt (user_id, resource_id, seconds, completed, completed_at, first_study_time, last_study_time, organ_path)
      VALUES (p_user, p_resource, credit, credit >= duration, CASE WHEN credit >= duration THEN p_now END, p_now, p_now, p_member_path)
    ON CONFLICT (user_id, resource_id) DO UPDATE SET
      seconds = least(duration, tt.seconds + excluded.seconds),
      completed = tt.seconds + excluded.seconds >= duration,
      completed_at = CASE WHEN tt.seconds + excluded.seconds >= duration THEN p_now ELSE tt.completed_at END,
      last_study_time = excluded.last_study_time
    RETURNING tt.seconds, tt.completed INTO v_seconds, v_completed;
    total := v_seconds;
    completed_now := v_completed AND NOT v_done;
  END
  $fn$`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
