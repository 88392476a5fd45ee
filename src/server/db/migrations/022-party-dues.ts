import { sql, type Kysely } from 'kysely';

/**
 * 党费 (docs/party-dues.md). Money is integer fen in every column.
 *
 * - party_dues_bases: one pay base per member and year, set by his branch (category, income or the
 *   fixed amount, the band of the PartyDuesScale code table and the monthly amount it gives).
 * - party_dues_base_changes: every SetPayBase, with the values before and after.
 * - party_dues_payments: one submission of PayPartyBues; `idempotency_key` is unique, so a repeat of
 *   the same attempt (double click, retry, second tab) finds the first row instead of paying again.
 * - party_dues_payment_months: the months a payment covers; the partial unique index lets a member's
 *   month be held by at most one payment that is not returned (待确认 or 已缴), whatever the keys.
 * - party_dues_payouts: the organisation's expenditure records (党费支出).
 */
const statements = [
  `CREATE TABLE IF NOT EXISTS party_dues_bases (
    id serial PRIMARY KEY,
    member_id integer NOT NULL REFERENCES party_members(id),
    user_id integer,
    organ_id integer NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    year integer NOT NULL,
    category varchar(10) NOT NULL,
    base_income integer,
    band varchar(20) NOT NULL,
    monthly_amount integer NOT NULL CHECK (monthly_amount >= 0),
    remark varchar(200),
    set_by_user_id integer,
    set_by_name varchar(50),
    creation_time timestamptz NOT NULL DEFAULT now(),
    last_modification_time timestamptz,
    UNIQUE (member_id, year)
  )`,
  `CREATE INDEX IF NOT EXISTS ix_party_dues_bases_path ON party_dues_bases (year, organ_path COLLATE "C", member_id)`,
  `CREATE INDEX IF NOT EXISTS ix_party_dues_bases_user ON party_dues_bases (user_id, year)`,

  `CREATE TABLE IF NOT EXISTS party_dues_base_changes (
    id serial PRIMARY KEY,
    member_id integer NOT NULL REFERENCES party_members(id),
    organ_path text NOT NULL,
    year integer NOT NULL,
    old_category varchar(10),
    old_base_income integer,
    old_band varchar(20),
    old_monthly_amount integer,
    new_category varchar(10) NOT NULL,
    new_base_income integer,
    new_band varchar(20) NOT NULL,
    new_monthly_amount integer NOT NULL,
    remark varchar(200),
    changed_by_user_id integer,
    changed_by_name varchar(50),
    creation_time timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX IF NOT EXISTS ix_party_dues_base_changes ON party_dues_base_changes (member_id, id)`,
  `CREATE INDEX IF NOT EXISTS ix_party_dues_base_changes_path ON party_dues_base_changes (organ_path COLLATE "C", id)`,

  `CREATE TABLE IF NOT EXISTS party_dues_payments (
    id serial PRIMARY KEY,
    idempotency_key varchar(64) NOT NULL UNIQUE,
    member_id integer NOT NULL REFERENCES party_members(id),
    user_id integer NOT NULL,
    member_name varchar(50) NOT NULL,
    organ_id integer NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    year integer NOT NULL,
    months varchar(40) NOT NULL,
    amount integer NOT NULL CHECK (amount >= 0),
    channel varchar(20) NOT NULL,
    status smallint NOT NULL DEFAULT 0,
    remark varchar(200),
    confirm_user_id integer,
    confirm_name varchar(50),
    confirm_time timestamptz,
    creation_time timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX IF NOT EXISTS ix_party_dues_payments_path ON party_dues_payments (organ_path COLLATE "C", id)`,
  `CREATE INDEX IF NOT EXISTS ix_party_dues_payments_user ON party_dues_payments (user_id, id)`,

  `CREATE TABLE IF NOT EXISTS party_dues_payment_months (
    payment_id integer NOT NULL REFERENCES party_dues_payments(id),
    member_id integer NOT NULL,
    year integer NOT NULL,
    month smallint NOT NULL CHECK (month BETWEEN 1 AND 12),
    amount integer NOT NULL,
    status smallint NOT NULL DEFAULT 0,
    PRIMARY KEY (payment_id, month)
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS ux_party_dues_month_held ON party_dues_payment_months (member_id, year, month) WHERE status <> 2`,

  `CREATE TABLE IF NOT EXISTS party_dues_payouts (
    id serial PRIMARY KEY,
    organ_id integer NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    pay_date date NOT NULL,
    amount integer NOT NULL CHECK (amount > 0),
    purpose varchar(200) NOT NULL,
    handler varchar(50) NOT NULL,
    remark varchar(500),
    creator_user_id integer,
    creation_time timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX IF NOT EXISTS ix_party_dues_payouts_path ON party_dues_payouts (organ_path COLLATE "C", pay_date, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
