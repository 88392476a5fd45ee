import { sql, type Kysely } from 'kysely';

/**
 * Question banks and their questions (ExamLibaryService). A bank belongs to an
 * organisation (its subtree manages it; papers below may draw from it). A question keeps its type's
 * answer in typed columns the scorer reads — options with `is_right` for choices, `judge_answer` for
 * true/false, accepted answers per blank, a reference answer for short answers — never in the
 * browser's hands before submission. Deletes are soft: a paper made from a question keeps it.
 */
const statements = [
  `CREATE TABLE IF NOT EXISTS exam_libraries (
    id serial PRIMARY KEY,
    libary_name varchar(100) NOT NULL,
    cover_image_url varchar(500),
    description text,
    organ_id integer NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    creator_user_id integer,
    creation_time timestamptz NOT NULL DEFAULT now(),
    last_modification_time timestamptz,
    is_deleted boolean NOT NULL DEFAULT false
  )`,
  `CREATE INDEX IF NOT EXISTS ix_exam_libraries_path ON exam_libraries (organ_path COLLATE "C", id DESC) WHERE NOT is_deleted`,
  `CREATE TABLE IF NOT EXISTS exam_questions (
    id serial PRIMARY KEY,
    libary_id integer NOT NULL REFERENCES exam_libraries(id),
    type smallint NOT NULL CHECK (type BETWEEN 1 AND 5),
    title text NOT NULL,
    analysis text,
    difficulty smallint NOT NULL DEFAULT 2 CHECK (difficulty BETWEEN 1 AND 3),
    tags text[] NOT NULL DEFAULT '{}',
    options jsonb NOT NULL DEFAULT '[]',
    judge_answer boolean,
    blank_answers jsonb,
    reference_answer text,
    resources jsonb,
    creator_user_id integer,
    creation_time timestamptz NOT NULL DEFAULT now(),
    last_modification_time timestamptz,
    is_deleted boolean NOT NULL DEFAULT false
  )`,
  // a bank's questions by type and difficulty: the list's filters, the counts and a random draw
  `CREATE INDEX IF NOT EXISTS ix_exam_questions_libary ON exam_questions (libary_id, type, difficulty, id) WHERE NOT is_deleted`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
