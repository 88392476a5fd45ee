import { sql, type Kysely } from 'kysely';

/**
 * 等保 2.0 level 3, identification and authentication (issue 37): a second factor for
 * administrators (TOTP, recovery codes), password age, idle timeout and the reason a session ended.
 *
 * - users.totp_secret: the TOTP key, sealed with AES-256-GCM under a key derived from the server
 *   secret (security/totp.ts); totp_enabled_at is set once a code confirmed the enrolment;
 *   totp_last_step refuses a code of a time step already used (RFC 6238 §5.2, replay).
 * - users.password_changed_at: the password's age (existing rows start today: nobody is forced to
 *   change at the first start after the upgrade).
 * - users.enabled_at: when an administrator last re-enabled the account — the unused-account
 *   rule counts from it as from a sign-in.
 * - user_recovery_codes: SHA-256 of each one-time code; used_at marks it spent.
 * - auth_sessions.second_factor: the cryptographic factor this session proved (totp, recovery, ukey);
 *   password_expired: the session may only change the password; end_reason: why it was revoked
 *   (logout, idle), so a later request with its token can say so.
 */
const statements = [
  `ALTER TABLE users ADD COLUMN totp_secret text`,
  `ALTER TABLE users ADD COLUMN totp_enabled_at timestamptz`,
  `ALTER TABLE users ADD COLUMN totp_last_step bigint`,
  `ALTER TABLE users ADD COLUMN password_changed_at timestamptz NOT NULL DEFAULT now()`,
  `ALTER TABLE users ADD COLUMN enabled_at timestamptz`,
  `CREATE TABLE user_recovery_codes (
    id bigserial PRIMARY KEY,
    user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code_hash text NOT NULL,
    used_at timestamptz,
    creation_time timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX ix_user_recovery_codes_user ON user_recovery_codes (user_id)`,
  `ALTER TABLE auth_sessions ADD COLUMN second_factor text`,
  `ALTER TABLE auth_sessions ADD COLUMN password_expired boolean NOT NULL DEFAULT false`,
  `ALTER TABLE auth_sessions ADD COLUMN end_reason text`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
