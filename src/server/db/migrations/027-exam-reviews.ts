import { sql, type Kysely } from 'kysely';

/**
 * Exam reviews that do not hand out the next attempt's answers (issue 32).
 *
 * - exam_sheets gains `attempt_no`: a random paper is drawn anew for each attempt (seeded per
 *   attempt, kept on the attempt's sheet, so a reload shows the same questions); an ordinary paper
 *   keeps its one sheet (user 0, attempt 0). A random paper's sheet made before this served every
 *   attempt of its member: each of his attempts gets a copy of it, so his old attempts read as sat.
 * - exam_paper_authors: who composed a paper (created it, edited its questions or random sets) or
 *   read its answers through GetQuestionByPaperId — he is not assigned that paper as a member.
 * - exam_question_readers: whose eyes saw a question's answer (a bank's question list or one
 *   question, a paper's questions, a member's answer sheet as reviewed for marking); he is not
 *   assigned a paper that holds the question (ordinary) or could draw it (random).
 */
const statements = [
  `ALTER TABLE exam_sheets ADD COLUMN IF NOT EXISTS attempt_no integer NOT NULL DEFAULT 0`,
  `ALTER TABLE exam_sheets DROP CONSTRAINT IF EXISTS exam_sheets_pkey`,
  `ALTER TABLE exam_sheets ADD PRIMARY KEY (paper_id, user_id, attempt_no)`,
  `UPDATE exam_sheets s SET attempt_no = 1 FROM exam_papers p WHERE p.id = s.paper_id AND p.paper_type = 2 AND s.user_id <> 0 AND s.attempt_no = 0`,
  `INSERT INTO exam_sheets (paper_id, user_id, attempt_no, questions, creation_time)
    SELECT s.paper_id, s.user_id, r.attempt_no, s.questions, s.creation_time
    FROM exam_sheets s JOIN exam_results r ON r.paper_id = s.paper_id AND r.user_id = s.user_id
    WHERE s.attempt_no = 1 AND r.attempt_no > 1
    ON CONFLICT DO NOTHING`,
  `CREATE TABLE IF NOT EXISTS exam_paper_authors (
    paper_id integer NOT NULL REFERENCES exam_papers(id),
    user_id integer NOT NULL,
    reason smallint NOT NULL CHECK (reason IN (1, 2)),
    first_time timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (paper_id, user_id)
  )`,
  `CREATE TABLE IF NOT EXISTS exam_question_readers (
    user_id integer NOT NULL,
    question_id integer NOT NULL REFERENCES exam_questions(id),
    first_time timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, question_id)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
