import { sql, type Kysely } from 'kysely';

/**
 * Training classes (TrainClassService): one table for both kinds the original server kept there —
 * class_type 1 培训班 and 2 专题 (special topics). A class belongs to the
 * organisation of the administrator who made it (`organ_path`: his subtree manages it) and is
 * published downwards: members at or below that organisation see it once enabled.
 *
 * - train_class_courses: a class's courses, in `sort` order.
 * - train_class_course_resources: a course's resources from the resource library. Playing them goes
 *   through the ordinary study report (study_report, migration 005), so 学时 follows the one set of
 *   credit rules; a topic's progress is read from study_totals over these resources.
 * - train_class_notes: a member's 学习心得 on a class (SubmitNote), one per member and class, kept
 *   under his organisation's path so administrators read those of their subtree.
 */
const statements = [
  `CREATE TABLE IF NOT EXISTS train_classes (
    id serial PRIMARY KEY,
    class_type smallint NOT NULL CHECK (class_type IN (1, 2)),
    name varchar(100) NOT NULL,
    cover_photo varchar(500),
    introduction text,
    organ_id integer NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    sort integer NOT NULL DEFAULT 0,
    is_enabled boolean NOT NULL DEFAULT true,
    is_recommend boolean NOT NULL DEFAULT false,
    creator_user_id integer,
    creation_time timestamptz NOT NULL DEFAULT now(),
    last_modification_time timestamptz,
    is_deleted boolean NOT NULL DEFAULT false
  )`,
  // administrators list their subtree's classes of a type; members read the chain above them
  `CREATE INDEX IF NOT EXISTS ix_train_classes_path ON train_classes (class_type, organ_path COLLATE "C", sort, id) WHERE NOT is_deleted`,
  `CREATE TABLE IF NOT EXISTS train_class_courses (
    id serial PRIMARY KEY,
    train_class_id integer NOT NULL REFERENCES train_classes(id),
    course_name varchar(100) NOT NULL,
    introduction text,
    sort integer NOT NULL DEFAULT 0,
    creation_time timestamptz NOT NULL DEFAULT now(),
    last_modification_time timestamptz,
    is_deleted boolean NOT NULL DEFAULT false
  )`,
  `CREATE INDEX IF NOT EXISTS ix_train_class_courses_class ON train_class_courses (train_class_id, sort, id) WHERE NOT is_deleted`,
  `CREATE TABLE IF NOT EXISTS train_class_course_resources (
    course_id integer NOT NULL REFERENCES train_class_courses(id),
    resource_id integer NOT NULL REFERENCES resources(id),
    sort integer NOT NULL DEFAULT 0,
    PRIMARY KEY (course_id, resource_id)
  )`,
  `CREATE TABLE IF NOT EXISTS train_class_notes (
    id serial PRIMARY KEY,
    train_class_id integer NOT NULL REFERENCES train_classes(id),
    user_id integer NOT NULL,
    member_name varchar(50) NOT NULL,
    organ_id integer,
    organ_path text NOT NULL,
    title varchar(100) NOT NULL,
    content text NOT NULL,
    creation_time timestamptz NOT NULL DEFAULT now(),
    last_modification_time timestamptz,
    UNIQUE (train_class_id, user_id)
  )`,
  `CREATE INDEX IF NOT EXISTS ix_train_class_notes_class ON train_class_notes (train_class_id, organ_path COLLATE "C", id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
