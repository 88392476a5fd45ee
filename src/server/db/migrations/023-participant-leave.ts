import { sql, type Kysely } from 'kysely';

/**
 * Absences with a reason (组织生活): a participant asks for leave before the record starts
 * and the organiser approves or rejects it. The request lives on the participant's row — one per
 * record and member, like his sign-in — so attendance (signed, on leave, absent) is one read.
 * leave_status: null none, 0 pending, 1 approved, -1 rejected (the original client's offWorkStatus).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE record_participants ADD COLUMN IF NOT EXISTS leave_reason text`.execute(db);
  await sql`ALTER TABLE record_participants ADD COLUMN IF NOT EXISTS leave_status smallint`.execute(db);
  await sql`ALTER TABLE record_participants ADD COLUMN IF NOT EXISTS leave_time timestamptz`.execute(db);
  await sql`ALTER TABLE record_participants ADD COLUMN IF NOT EXISTS leave_audit_user_id bigint`.execute(db);
  await sql`ALTER TABLE record_participants ADD COLUMN IF NOT EXISTS leave_audit_time timestamptz`.execute(db);
  await sql`ALTER TABLE record_participants ADD COLUMN IF NOT EXISTS leave_audit_remark text`.execute(db);
}
