import { sql, type Kysely } from 'kysely';

/**
 * Papers and their sittings (ExamPaperService).
 *
 * - exam_papers: an ordinary paper (type 1, fixed questions in exam_paper_questions) or a random one
 *   (type 2, N per type and difficulty drawn from banks, exam_paper_random_sets); `train_class_id`
 *   makes it a course paper of a special topic. Owned by an organisation like a bank.
 * - Who sits it: the members of the organisations in exam_paper_organs (their subtrees, resolved when
 *   asked, so a member who joins later is included), plus members added one by one and minus those
 *   taken off (exam_paper_users.excluded).
 * - exam_sheets: a member's own copy of the questions, made when he first opens the paper — the
 *   random draw, and for every paper the questions as they were then, answers included. Scoring and
 *   review read the sheet, so a later edit of a bank changes nobody's sitting.
 * - exam_results: one row per attempt (`resultId` in the original client); `deadline` is the server's,
 *   the earlier of start + time limit and the paper's end.
 * - exam_answers: one row per question answered, upserted as the member answers (the hot path:
 *   primary key only, no secondary index).
 */
const statements = [
  `CREATE TABLE IF NOT EXISTS exam_papers (
    id serial PRIMARY KEY,
    paper_name varchar(100) NOT NULL,
    paper_type smallint NOT NULL DEFAULT 1 CHECK (paper_type IN (1, 2)),
    train_class_id integer,
    description text,
    begin_time timestamptz NOT NULL,
    end_time timestamptz NOT NULL,
    test_time integer NOT NULL DEFAULT 60,
    test_count integer NOT NULL DEFAULT 1,
    pass_score numeric(6,1) NOT NULL DEFAULT 60,
    single_choice_score numeric(5,1) NOT NULL DEFAULT 2,
    multiple_choice_score numeric(5,1) NOT NULL DEFAULT 3,
    juge_score numeric(5,1) NOT NULL DEFAULT 1,
    blank_score numeric(5,1) NOT NULL DEFAULT 2,
    short_score numeric(5,1) NOT NULL DEFAULT 10,
    show_answer smallint NOT NULL DEFAULT 1 CHECK (show_answer IN (1, 2, 3)),
    organ_id integer NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    creator_user_id integer,
    creation_time timestamptz NOT NULL DEFAULT now(),
    last_modification_time timestamptz,
    is_deleted boolean NOT NULL DEFAULT false
  )`,
  `CREATE INDEX IF NOT EXISTS ix_exam_papers_path ON exam_papers (organ_path COLLATE "C", id DESC) WHERE NOT is_deleted`,
  `CREATE INDEX IF NOT EXISTS ix_exam_papers_class ON exam_papers (train_class_id) WHERE train_class_id IS NOT NULL AND NOT is_deleted`,
  `CREATE TABLE IF NOT EXISTS exam_paper_questions (
    paper_id integer NOT NULL REFERENCES exam_papers(id),
    question_id integer NOT NULL REFERENCES exam_questions(id),
    sort integer NOT NULL DEFAULT 0,
    score numeric(5,1),
    PRIMARY KEY (paper_id, question_id)
  )`,
  `CREATE TABLE IF NOT EXISTS exam_paper_random_sets (
    id serial PRIMARY KEY,
    paper_id integer NOT NULL REFERENCES exam_papers(id),
    libary_id integer NOT NULL REFERENCES exam_libraries(id),
    difficulty smallint CHECK (difficulty BETWEEN 1 AND 3),
    single_choice_count integer NOT NULL DEFAULT 0,
    multi_choice_count integer NOT NULL DEFAULT 0,
    juge_count integer NOT NULL DEFAULT 0,
    blank_count integer NOT NULL DEFAULT 0,
    short_count integer NOT NULL DEFAULT 0
  )`,
  `CREATE INDEX IF NOT EXISTS ix_exam_paper_random_sets_paper ON exam_paper_random_sets (paper_id)`,
  `CREATE TABLE IF NOT EXISTS exam_paper_organs (
    paper_id integer NOT NULL REFERENCES exam_papers(id),
    organ_id integer NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    PRIMARY KEY (paper_id, organ_id)
  )`,
  `CREATE INDEX IF NOT EXISTS ix_exam_paper_organs_path ON exam_paper_organs (organ_path COLLATE "C")`,
  `CREATE TABLE IF NOT EXISTS exam_paper_users (
    paper_id integer NOT NULL REFERENCES exam_papers(id),
    user_id integer NOT NULL,
    excluded boolean NOT NULL DEFAULT false,
    creation_time timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (paper_id, user_id)
  )`,
  `CREATE INDEX IF NOT EXISTS ix_exam_paper_users_user ON exam_paper_users (user_id) WHERE NOT excluded`,
  `CREATE TABLE IF NOT EXISTS exam_sheets (
    paper_id integer NOT NULL REFERENCES exam_papers(id),
    user_id integer NOT NULL,
    questions jsonb NOT NULL,
    creation_time timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (paper_id, user_id)
  )`,
  `CREATE TABLE IF NOT EXISTS exam_results (
    id serial PRIMARY KEY,
    paper_id integer NOT NULL REFERENCES exam_papers(id),
    user_id integer NOT NULL,
    member_name varchar(50) NOT NULL,
    organ_id integer NOT NULL,
    organ_path text NOT NULL,
    attempt_no integer NOT NULL,
    start_time timestamptz NOT NULL DEFAULT now(),
    deadline timestamptz NOT NULL,
    submit_time timestamptz,
    status smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
    closed_by smallint,
    score numeric(6,1),
    objective_score numeric(6,1),
    passed boolean,
    error_count integer,
    UNIQUE (paper_id, user_id, attempt_no)
  )`,
  `CREATE INDEX IF NOT EXISTS ix_exam_results_user ON exam_results (user_id, paper_id)`,
  `CREATE INDEX IF NOT EXISTS ix_exam_results_open ON exam_results (deadline) WHERE status = 1`,
  `CREATE INDEX IF NOT EXISTS ix_exam_results_marking ON exam_results (paper_id) WHERE status = 2`,
  `CREATE TABLE IF NOT EXISTS exam_answers (
    result_id integer NOT NULL REFERENCES exam_results(id),
    question_id integer NOT NULL,
    answer jsonb,
    marked boolean NOT NULL DEFAULT false,
    answered_at timestamptz NOT NULL DEFAULT now(),
    is_right boolean,
    score numeric(5,1),
    PRIMARY KEY (result_id, question_id)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
