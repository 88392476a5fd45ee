import { sql, type Kysely } from 'kysely';

/**
 * Training on the classes of migration 020.
 *
 * - train_classes gains what a 培训班 (class_type 1) needs: application window, class dates, the
 *   total of places (`train_numbers`, 0 = unlimited), whether applications are audited, a status
 *   (0 draft, 1 published — "open for applications", "in progress" and "finished" follow from the
 *   dates) and `cen_train_id` for the batches of a centralised rotation programme (集中轮训).
 * - train_class_scopes: the teaching scope — organisations whose subtrees may apply; `excluded`
 *   rows are what ShrinkTeachingScope took out of it.
 * - train_class_allocations: places allocated to an organisation of the scope (distributive); an
 *   allocation may be split further below it. Every change locks the class row, so the sums hold.
 * - train_class_students: applications and students (0 pending, 1 approved, 2 rejected, 3 removed),
 *   one row per member and class; its organisation path counts against the allocations.
 * - train_class_courses gains time, place or online, teacher, 学时 and the sign-in code.
 * - train_class_signins: one per student and course.
 * - train_class_notes: notes per course (course_id 0: on the class as a whole, as topics keep them).
 * - train_class_minds: 学员心得 / 思想汇报, commented and published by the organiser.
 * - cen_trains: a centralised rotation programme; its batches are classes with `cen_train_id`.
 */
const statements = [
  `ALTER TABLE train_classes ADD COLUMN IF NOT EXISTS group_name varchar(50)`,
  `ALTER TABLE train_classes ADD COLUMN IF NOT EXISTS teaching_objects varchar(500)`,
  `ALTER TABLE train_classes ADD COLUMN IF NOT EXISTS teaching_plan_id integer`,
  `ALTER TABLE train_classes ADD COLUMN IF NOT EXISTS apply_start_time timestamptz`,
  `ALTER TABLE train_classes ADD COLUMN IF NOT EXISTS apply_end_time timestamptz`,
  `ALTER TABLE train_classes ADD COLUMN IF NOT EXISTS start_time timestamptz`,
  `ALTER TABLE train_classes ADD COLUMN IF NOT EXISTS end_time timestamptz`,
  `ALTER TABLE train_classes ADD COLUMN IF NOT EXISTS address varchar(200)`,
  `ALTER TABLE train_classes ADD COLUMN IF NOT EXISTS train_numbers integer NOT NULL DEFAULT 0`,
  `ALTER TABLE train_classes ADD COLUMN IF NOT EXISTS need_audit boolean NOT NULL DEFAULT true`,
  `ALTER TABLE train_classes ADD COLUMN IF NOT EXISTS status smallint NOT NULL DEFAULT 1`,
  `ALTER TABLE train_classes ADD COLUMN IF NOT EXISTS cen_train_id integer`,
  `CREATE INDEX IF NOT EXISTS ix_train_classes_cen ON train_classes (cen_train_id) WHERE cen_train_id IS NOT NULL AND NOT is_deleted`,

  `CREATE TABLE IF NOT EXISTS train_class_scopes (
    train_class_id integer NOT NULL REFERENCES train_classes(id),
    organ_id integer NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    excluded boolean NOT NULL DEFAULT false,
    PRIMARY KEY (train_class_id, organ_id)
  )`,

  `CREATE TABLE IF NOT EXISTS train_class_allocations (
    id serial PRIMARY KEY,
    train_class_id integer NOT NULL REFERENCES train_classes(id),
    organ_id integer NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    numbers integer NOT NULL CHECK (numbers >= 0),
    creator_user_id integer,
    creation_time timestamptz NOT NULL DEFAULT now(),
    last_modification_time timestamptz,
    UNIQUE (train_class_id, organ_id)
  )`,

  `CREATE TABLE IF NOT EXISTS train_class_students (
    id serial PRIMARY KEY,
    train_class_id integer NOT NULL REFERENCES train_classes(id),
    user_id integer NOT NULL,
    member_name varchar(50) NOT NULL,
    organ_id integer,
    organ_path text NOT NULL,
    status smallint NOT NULL DEFAULT 0,
    source smallint NOT NULL DEFAULT 1,
    audit_remark varchar(500),
    auditor_user_id integer,
    audit_time timestamptz,
    added_by_user_id integer,
    creation_time timestamptz NOT NULL DEFAULT now(),
    UNIQUE (train_class_id, user_id)
  )`,
  `CREATE INDEX IF NOT EXISTS ix_train_class_students_user ON train_class_students (user_id, status)`,
  `CREATE INDEX IF NOT EXISTS ix_train_class_students_path ON train_class_students (train_class_id, organ_path COLLATE "C")`,

  `ALTER TABLE train_class_courses ADD COLUMN IF NOT EXISTS course_type smallint NOT NULL DEFAULT 1`,
  `ALTER TABLE train_class_courses ADD COLUMN IF NOT EXISTS period numeric(6,1)`,
  `ALTER TABLE train_class_courses ADD COLUMN IF NOT EXISTS start_time timestamptz`,
  `ALTER TABLE train_class_courses ADD COLUMN IF NOT EXISTS end_time timestamptz`,
  `ALTER TABLE train_class_courses ADD COLUMN IF NOT EXISTS description text`,
  `ALTER TABLE train_class_courses ADD COLUMN IF NOT EXISTS base_library_id integer`,
  `ALTER TABLE train_class_courses ADD COLUMN IF NOT EXISTS teacher_library_id integer`,
  `ALTER TABLE train_class_courses ADD COLUMN IF NOT EXISTS teacher_name varchar(50)`,
  `ALTER TABLE train_class_courses ADD COLUMN IF NOT EXISTS address varchar(200)`,
  `ALTER TABLE train_class_courses ADD COLUMN IF NOT EXISTS longitude double precision`,
  `ALTER TABLE train_class_courses ADD COLUMN IF NOT EXISTS latitude double precision`,
  `ALTER TABLE train_class_courses ADD COLUMN IF NOT EXISTS sign_code varchar(10)`,
  `ALTER TABLE train_class_courses ADD COLUMN IF NOT EXISTS sign_code_time timestamptz`,

  `CREATE TABLE IF NOT EXISTS train_class_signins (
    course_id integer NOT NULL REFERENCES train_class_courses(id),
    user_id integer NOT NULL,
    train_class_id integer NOT NULL REFERENCES train_classes(id),
    sign_time timestamptz NOT NULL,
    signed_by_user_id integer,
    PRIMARY KEY (course_id, user_id)
  )`,

  `ALTER TABLE train_class_notes ADD COLUMN IF NOT EXISTS course_id integer NOT NULL DEFAULT 0`,
  `ALTER TABLE train_class_notes DROP CONSTRAINT IF EXISTS train_class_notes_train_class_id_user_id_key`,
  `CREATE UNIQUE INDEX IF NOT EXISTS ux_train_class_notes_member ON train_class_notes (train_class_id, user_id, course_id)`,

  `CREATE TABLE IF NOT EXISTS train_class_minds (
    id serial PRIMARY KEY,
    train_class_id integer REFERENCES train_classes(id),
    user_id integer NOT NULL,
    member_name varchar(50) NOT NULL,
    organ_id integer,
    organ_path text NOT NULL,
    title varchar(100) NOT NULL,
    content text NOT NULL,
    comment text,
    commenter_user_id integer,
    commenter_name varchar(50),
    comment_time timestamptz,
    is_public boolean NOT NULL DEFAULT false,
    creation_time timestamptz NOT NULL DEFAULT now(),
    last_modification_time timestamptz,
    is_deleted boolean NOT NULL DEFAULT false
  )`,
  `CREATE INDEX IF NOT EXISTS ix_train_class_minds_path ON train_class_minds (organ_path COLLATE "C", id) WHERE NOT is_deleted`,
  `CREATE INDEX IF NOT EXISTS ix_train_class_minds_user ON train_class_minds (user_id, id) WHERE NOT is_deleted`,
  `CREATE INDEX IF NOT EXISTS ix_train_class_minds_class ON train_class_minds (train_class_id, id) WHERE NOT is_deleted`,

  `CREATE TABLE IF NOT EXISTS cen_trains (
    id serial PRIMARY KEY,
    name varchar(100) NOT NULL,
    year integer NOT NULL,
    cover_photo varchar(500),
    introduction text,
    start_time timestamptz NOT NULL,
    end_time timestamptz NOT NULL,
    organ_id integer NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    creator_user_id integer,
    creation_time timestamptz NOT NULL DEFAULT now(),
    last_modification_time timestamptz,
    is_deleted boolean NOT NULL DEFAULT false
  )`,
  `CREATE INDEX IF NOT EXISTS ix_cen_trains_path ON cen_trains (organ_path COLLATE "C", id) WHERE NOT is_deleted`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
