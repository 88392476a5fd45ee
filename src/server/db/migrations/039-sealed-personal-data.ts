import { sql, type Kysely } from 'kysely';

/**
 * Personal data sealed at rest (docs/SECURITY.md §19): the search hash beside each sealed column, and
 * the uniqueness that lay on the plain number moved onto its hash (ciphertexts of one number differ).
 * The rows already there are sealed by `sealPlaintextRows` right after the migrations, at start.
 */
const statements = [
  `ALTER TABLE party_members ADD COLUMN id_card_hash text, ADD COLUMN phone_number_hash text`,
  `ALTER TABLE users ADD COLUMN phone_number_hash text`,
  // the member analysis read the birthday from the number when the profile had none: the last chance to read it in SQL
  `UPDATE party_members SET addition = coalesce(addition, '{}'::jsonb) || jsonb_build_object('birthday', substr(id_card, 7, 4) || '-' || substr(id_card, 11, 2) || '-' || substr(id_card, 13, 2))
    WHERE id_card ~ '^\\d{17}[0-9Xx]$' AND NOT coalesce(addition->>'birthday' ~ '^\\d{4}-\\d{2}-\\d{2}', false)`,
  // the number lives in its column alone (older seeds copied it into the profile's JSON)
  `UPDATE party_members SET addition = addition - 'idCard' WHERE addition ? 'idCard'`,
  `DROP INDEX IF EXISTS ux_party_members_id_card`,
  `DROP INDEX IF EXISTS ux_users_phone`,
  `CREATE UNIQUE INDEX ux_party_members_id_card_hash ON party_members(id_card_hash) WHERE NOT is_deleted AND id_card_hash IS NOT NULL`,
  `CREATE INDEX ix_party_members_phone_hash ON party_members(phone_number_hash) WHERE phone_number_hash IS NOT NULL`,
  `CREATE UNIQUE INDEX ux_users_phone_hash ON users(phone_number_hash) WHERE NOT is_deleted AND phone_number_hash IS NOT NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
