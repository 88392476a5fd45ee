import { sql, type Kysely } from 'kysely';

/**
 * Foundations of the remaining services (docs/foundations.md):
 * - one history of workflow transitions for every audited thing (records, reports, offline
 *   declarations, member registrations), backfilled from the decisions already taken;
 * - one table of upward reports instead of two of the same shape (records and resources);
 * - participants of records (enrolments with a capacity, sign-in) and the organiser's sign-in codes.
 */
const statements = [
  `CREATE TABLE workflow_history (
    id bigserial PRIMARY KEY,
    subject_type text NOT NULL,
    subject_id bigint NOT NULL,
    transition text NOT NULL,
    from_state int,
    to_state int NOT NULL,
    actor_user_id bigint,
    actor_organ_id bigint,
    remark text,
    creation_time timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX ix_workflow_history_subject ON workflow_history(subject_type, subject_id, id)`,

  `CREATE TABLE upward_reports (
    id bigserial PRIMARY KEY,
    subject_type text NOT NULL,
    subject_id bigint NOT NULL,
    from_organ_id bigint NOT NULL REFERENCES organizations(id),
    to_organ_path text NOT NULL,
    status int NOT NULL DEFAULT 0,
    remark text,
    reporter_user_id bigint,
    auditor_user_id bigint,
    audit_remark text,
    audit_time timestamptz,
    result_id bigint,
    creation_time timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX ix_upward_reports_to ON upward_reports(subject_type, to_organ_path text_pattern_ops, status, id DESC)`,
  `CREATE INDEX ix_upward_reports_from ON upward_reports(subject_type, from_organ_id, id DESC)`,
  `CREATE UNIQUE INDEX ux_upward_reports_pending ON upward_reports(subject_type, subject_id) WHERE status = 0`,
  `INSERT INTO upward_reports (subject_type, subject_id, from_organ_id, to_organ_path, status, remark, reporter_user_id, auditor_user_id, audit_remark, audit_time, result_id, creation_time)
     SELECT entity, record_id, from_organ_id, to_organ_path, status, remark, reporter_user_id, auditor_user_id, audit_remark, audit_time, result_record_id, creation_time FROM record_reports ORDER BY id`,
  `INSERT INTO upward_reports (subject_type, subject_id, from_organ_id, to_organ_path, status, remark, reporter_user_id, auditor_user_id, audit_remark, audit_time, result_id, creation_time)
     SELECT 'resource', resource_id, from_organ_id, to_organ_path, status, remark, reporter_user_id, auditor_user_id, audit_remark, audit_time, adopted_resource_id, creation_time FROM resource_reports ORDER BY id`,
  `DROP TABLE record_reports`,
  `DROP TABLE resource_reports`,

  // decisions taken before this history existed
  `INSERT INTO workflow_history (subject_type, subject_id, transition, from_state, to_state, actor_user_id, remark, creation_time)
     SELECT entity, id, 'audit', 0, audit_status, auditor_user_id, audit_remark, audit_time FROM records WHERE audit_time IS NOT NULL AND audit_status IS NOT NULL`,
  `INSERT INTO workflow_history (subject_type, subject_id, transition, from_state, to_state, actor_user_id, remark, creation_time)
     SELECT 'report', id, 'audit', 0, status, auditor_user_id, audit_remark, audit_time FROM upward_reports WHERE audit_time IS NOT NULL`,
  `INSERT INTO workflow_history (subject_type, subject_id, transition, from_state, to_state, actor_user_id, remark, creation_time)
     SELECT 'offlineReport', id, 'audit', 0, status, auditor_user_id, audit_remark, audit_time FROM offline_reports WHERE audit_time IS NOT NULL`,
  `INSERT INTO workflow_history (subject_type, subject_id, transition, from_state, to_state, actor_user_id, remark, creation_time)
     SELECT 'memberRegistration', id, 'audit', 0, status, auditor_user_id, audit_remark, audit_time FROM party_members WHERE audit_time IS NOT NULL`,

  `ALTER TABLE records ADD COLUMN participant_count int NOT NULL DEFAULT 0`,
  `CREATE TABLE record_participants (
    record_id bigint NOT NULL REFERENCES records(id) ON DELETE CASCADE,
    user_id bigint NOT NULL REFERENCES users(id),
    organ_id bigint REFERENCES organizations(id),
    organ_path text NOT NULL,
    status int NOT NULL DEFAULT 1,
    sign_in_time timestamptz,
    sign_in_by_user_id bigint,
    added_by_user_id bigint,
    creation_time timestamptz NOT NULL DEFAULT now(),
    cancel_time timestamptz,
    PRIMARY KEY (record_id, user_id)
  )`,
  `CREATE INDEX ix_record_participants_user ON record_participants(user_id, status, record_id DESC)`,
  `CREATE TABLE record_sign_codes (
    record_id bigint PRIMARY KEY REFERENCES records(id) ON DELETE CASCADE,
    code text NOT NULL,
    created_by_user_id bigint,
    creation_time timestamptz NOT NULL DEFAULT now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
