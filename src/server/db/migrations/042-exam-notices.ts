import { sql, type Kysely } from 'kysely';

/**
 * The exam notices sent to a paper's members (站内消息): one row per paper, kind and platform day,
 * written in the transaction that sends the message — so a notice goes out once whichever process
 * runs the job, and a job run again (a retry, a restart) sends nothing twice.
 * kind 1: the paper is published; kind 2: it opens today.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS exam_paper_notices (
    paper_id integer NOT NULL REFERENCES exam_papers(id),
    kind smallint NOT NULL CHECK (kind IN (1, 2)),
    day date NOT NULL,
    receivers integer NOT NULL DEFAULT 0,
    creation_time timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (paper_id, kind, day)
  )`.execute(db);
}
