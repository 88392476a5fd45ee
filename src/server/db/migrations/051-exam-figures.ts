import { sql, type Kysely } from 'kysely';

/**
 * 考试管理's figures kept by the writes instead of grouped from every sitting per call: a province
 * paper has a result row per member (a million), and the paper list and 考试统计 grouped them all
 * for each page (issue 38's sweep: 617 ms a page of papers, 3.9 s 考试统计 at 100,000 members).
 *
 * - `exam_member_bests`: one row per paper and member who opened it — `joined` once an attempt is
 *   handed in (status 2 or 3), his best score over those (null while none is scored) and whether any
 *   passed: what a write's difference to the figures below is taken from.
 * - `exam_paper_figures`: per paper, the members joined and passed, the sum of their bests (null as 0)
 *   and how many bests are scored — the paper list's 参考 / 通过 and the averages, one row a paper.
 * - `exam_paper_scores`: per paper, how many members' best is each score (null as 0) — 考试统计's
 *   highest, lowest and bands, at most a row per tenth of a point whatever the members.
 *
 * Kept by statement triggers on exam_results (the transition tables, one trigger per event, as
 * migration 046). A statement first makes sure each member it touched has his row (ON CONFLICT DO
 * NOTHING, in key order), locks those rows in key order, and only then — a new statement, so a new
 * snapshot under READ COMMITTED — recomputes those members' bests from their attempts (a member has
 * a few) and adds the difference to the papers' figures. Two transactions writing attempts of one
 * member queue on his row, and the second recomputes from what the first committed; rows are locked
 * in one order, so they queue rather than deadlock. No advisory lock: a bulk load of 300,000 results
 * would exhaust the lock table, row locks live in the rows.
 */
/** The members a statement touched, each once (one statement may write several attempts of one member). */
const TOUCHED = (event: 'INSERT' | 'UPDATE' | 'DELETE') =>
  `SELECT DISTINCT paper_id, user_id FROM (${[event !== 'DELETE' && 'SELECT paper_id, user_id FROM new_rows', event !== 'INSERT' && 'SELECT paper_id, user_id FROM old_rows'].filter(Boolean).join(' UNION ALL ')}) w`;

function keep(event: 'INSERT' | 'UPDATE' | 'DELETE') {
  const touched = TOUCHED(event);
  return `
    INSERT INTO exam_member_bests (paper_id, user_id) SELECT paper_id, user_id FROM (${touched}) t ORDER BY 1, 2 ON CONFLICT DO NOTHING;
    PERFORM 1 FROM exam_member_bests b WHERE (b.paper_id, b.user_id) IN (${touched}) ORDER BY b.paper_id, b.user_id FOR UPDATE;
    WITH touched AS (${touched}),
    fresh AS (
      SELECT t.paper_id, t.user_id, coalesce(a.joined, false) AS joined, a.best, coalesce(a.passed, false) AS passed
      FROM touched t LEFT JOIN LATERAL (
        SELECT true AS joined, max(r.score) AS best, bool_or(coalesce(r.passed, false)) AS passed
        FROM exam_results r WHERE r.paper_id = t.paper_id AND r.user_id = t.user_id AND r.status <> 1
        HAVING count(*) > 0) a ON true),
    old AS (SELECT b.* FROM exam_member_bests b JOIN touched t ON t.paper_id = b.paper_id AND t.user_id = b.user_id),
    kept AS (
      UPDATE exam_member_bests b SET joined = f.joined, best = f.best, passed = f.passed
      FROM fresh f WHERE b.paper_id = f.paper_id AND b.user_id = f.user_id
        AND (b.joined, b.best, b.passed) IS DISTINCT FROM (f.joined, f.best, f.passed)),
    diff AS (
      SELECT paper_id, sum(j)::int AS j, sum(p)::int AS p, sum(s) AS s, sum(c)::int AS c FROM (
        SELECT paper_id, 1 AS j, passed::int AS p, coalesce(best, 0) AS s, (best IS NOT NULL)::int AS c FROM fresh WHERE joined
        UNION ALL
        SELECT paper_id, -1, -(passed::int), -coalesce(best, 0), -((best IS NOT NULL)::int) FROM old WHERE joined) x
      GROUP BY paper_id),
    scores AS (
      INSERT INTO exam_paper_scores AS c (paper_id, score, n)
      SELECT paper_id, score, sum(n) FROM (
        SELECT paper_id, coalesce(best, 0) AS score, 1 AS n FROM fresh WHERE joined
        UNION ALL
        SELECT paper_id, coalesce(best, 0), -1 FROM old WHERE joined) x
      GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
      ON CONFLICT (paper_id, score) DO UPDATE SET n = c.n + excluded.n)
    INSERT INTO exam_paper_figures AS f (paper_id, join_count, pass_count, best_sum, scored_count)
    SELECT paper_id, j, p, s, c FROM diff WHERE j <> 0 OR p <> 0 OR s <> 0 OR c <> 0 ORDER BY paper_id
    ON CONFLICT (paper_id) DO UPDATE SET join_count = f.join_count + excluded.join_count, pass_count = f.pass_count + excluded.pass_count,
      best_sum = f.best_sum + excluded.best_sum, scored_count = f.scored_count + excluded.scored_count`;
}

const EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const;
const REFERENCING = { INSERT: 'NEW TABLE AS new_rows', UPDATE: 'OLD TABLE AS old_rows NEW TABLE AS new_rows', DELETE: 'OLD TABLE AS old_rows' };

/** Recounts both tables from the results (this migration; a bulk load after it may call it again). */
export const REBUILD_EXAM_FIGURES = `
  DELETE FROM exam_paper_scores;
  DELETE FROM exam_paper_figures;
  DELETE FROM exam_member_bests;
  INSERT INTO exam_member_bests (paper_id, user_id, joined, best, passed)
  SELECT paper_id, user_id, bool_or(status <> 1), max(score) FILTER (WHERE status <> 1), coalesce(bool_or(coalesce(passed, false)) FILTER (WHERE status <> 1), false)
  FROM exam_results GROUP BY 1, 2;
  INSERT INTO exam_paper_figures (paper_id, join_count, pass_count, best_sum, scored_count)
  SELECT paper_id, count(*), count(*) FILTER (WHERE passed), coalesce(sum(best), 0), count(best)
  FROM exam_member_bests WHERE joined GROUP BY 1;
  INSERT INTO exam_paper_scores (paper_id, score, n)
  SELECT paper_id, coalesce(best, 0), count(*) FROM exam_member_bests WHERE joined GROUP BY 1, 2`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `CREATE TABLE exam_member_bests (
      paper_id integer NOT NULL, user_id integer NOT NULL,
      joined boolean NOT NULL DEFAULT false, best numeric(6,1), passed boolean NOT NULL DEFAULT false,
      PRIMARY KEY (paper_id, user_id))`,
    `CREATE TABLE exam_paper_figures (
      paper_id integer PRIMARY KEY,
      join_count integer NOT NULL DEFAULT 0, pass_count integer NOT NULL DEFAULT 0,
      best_sum numeric(14,1) NOT NULL DEFAULT 0, scored_count integer NOT NULL DEFAULT 0)`,
    `CREATE TABLE exam_paper_scores (
      paper_id integer NOT NULL, score numeric(6,1) NOT NULL, n integer NOT NULL DEFAULT 0,
      PRIMARY KEY (paper_id, score))`,
    `CREATE FUNCTION exam_figures_statement() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN ${keep('INSERT')};
      ELSIF TG_OP = 'UPDATE' THEN ${keep('UPDATE')};
      ELSE ${keep('DELETE')};
      END IF;
      RETURN NULL;
    END $$`,
    ...EVENTS.map((e) => `CREATE TRIGGER trg_exam_figures_${e.toLowerCase()} AFTER ${e} ON exam_results REFERENCING ${REFERENCING[e]} FOR EACH STATEMENT EXECUTE FUNCTION exam_figures_statement()`),
  ];
  for (const s of statements) await sql.raw(s).execute(db);
  for (const s of REBUILD_EXAM_FIGURES.split(';').map((x) => x.trim()).filter(Boolean)) await sql.raw(s).execute(db);
}
