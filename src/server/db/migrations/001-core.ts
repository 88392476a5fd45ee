import { sql, type Kysely } from 'kysely';

/**
 * Core relational tables. Plain SQL that runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).
 * organ_path is '/1/5/23/' (ids from the root, slash-terminated) so a subtree is one prefix scan
 * on a text_pattern_ops index.
 */
const statements = [
  `CREATE TABLE organizations (
    id bigserial PRIMARY KEY,
    parent_id bigint REFERENCES organizations(id),
    organ_name text NOT NULL,
    short_name text,
    organ_code text,
    organ_path text NOT NULL DEFAULT '',
    organ_level int NOT NULL,
    organ_type text,
    area_code text,
    secretary_name text,
    contact_phone text,
    address text,
    longitude double precision,
    latitude double precision,
    sort int NOT NULL DEFAULT 0,
    status int NOT NULL DEFAULT 1,
    extra jsonb NOT NULL DEFAULT '{}'::jsonb,
    creator_user_id bigint,
    creation_time timestamptz NOT NULL DEFAULT now(),
    last_modification_time timestamptz,
    is_deleted boolean NOT NULL DEFAULT false
  )`,
  `CREATE INDEX ix_organizations_parent ON organizations(parent_id, sort, id) WHERE NOT is_deleted`,
  `CREATE INDEX ix_organizations_path ON organizations(organ_path text_pattern_ops)`,
  `CREATE INDEX ix_organizations_name ON organizations(organ_name text_pattern_ops)`,

  `CREATE TABLE users (
    id bigserial PRIMARY KEY,
    user_name text NOT NULL,
    name text NOT NULL,
    password_hash text NOT NULL,
    phone_number text,
    phone_confirmed boolean NOT NULL DEFAULT false,
    email text,
    organ_id bigint REFERENCES organizations(id),
    user_type int NOT NULL DEFAULT 0,
    is_active boolean NOT NULL DEFAULT true,
    need_change_password boolean NOT NULL DEFAULT false,
    failed_login_count int NOT NULL DEFAULT 0,
    lockout_end timestamptz,
    ukey_public_key text,
    sso_subject text,
    creator_user_id bigint,
    creation_time timestamptz NOT NULL DEFAULT now(),
    last_login_time timestamptz,
    is_deleted boolean NOT NULL DEFAULT false
  )`,
  `CREATE UNIQUE INDEX ux_users_user_name ON users(lower(user_name)) WHERE NOT is_deleted`,
  `CREATE UNIQUE INDEX ux_users_phone ON users(phone_number) WHERE NOT is_deleted AND phone_number IS NOT NULL`,
  `CREATE UNIQUE INDEX ux_users_sso ON users(sso_subject) WHERE sso_subject IS NOT NULL`,

  `CREATE TABLE roles (
    id bigserial PRIMARY KEY,
    name text NOT NULL UNIQUE,
    display_name text NOT NULL,
    description text,
    is_default boolean NOT NULL DEFAULT false,
    is_static boolean NOT NULL DEFAULT false,
    level int,
    organ_type text,
    user_type int NOT NULL DEFAULT 1,
    creation_time timestamptz NOT NULL DEFAULT now()
  )`,

  `CREATE TABLE menus (
    id bigserial PRIMARY KEY,
    parent_id bigint REFERENCES menus(id),
    display_name text NOT NULL,
    url text NOT NULL DEFAULT '',
    icon_path text,
    type int NOT NULL,
    tags text,
    permission_name text,
    sort int NOT NULL DEFAULT 0,
    is_enabled boolean NOT NULL DEFAULT true,
    creation_time timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX ix_menus_parent ON menus(parent_id, sort)`,
  `CREATE TABLE role_menus (role_id bigint NOT NULL REFERENCES roles(id) ON DELETE CASCADE, menu_id bigint NOT NULL REFERENCES menus(id) ON DELETE CASCADE, PRIMARY KEY (role_id, menu_id))`,
  `CREATE TABLE tenant_menus (menu_id bigint PRIMARY KEY REFERENCES menus(id) ON DELETE CASCADE)`,

  `CREATE TABLE user_roles (
    id bigserial PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users(id),
    role_id bigint NOT NULL REFERENCES roles(id),
    organ_id bigint NOT NULL REFERENCES organizations(id),
    creation_time timestamptz NOT NULL DEFAULT now(),
    UNIQUE (user_id, role_id, organ_id)
  )`,
  `CREATE INDEX ix_user_roles_organ ON user_roles(organ_id)`,

  `CREATE TABLE auth_sessions (
    id text PRIMARY KEY,
    user_id bigint NOT NULL REFERENCES users(id),
    role_id bigint,
    organ_id bigint,
    login_method text NOT NULL,
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz,
    creation_time timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX ix_auth_sessions_user ON auth_sessions(user_id)`,

  `CREATE TABLE captchas (id text PRIMARY KEY, answer text NOT NULL, expires_at timestamptz NOT NULL)`,
  `CREATE TABLE phone_codes (
    id bigserial PRIMARY KEY, phone_number text NOT NULL, purpose text NOT NULL, code_hash text NOT NULL,
    attempts int NOT NULL DEFAULT 0, used boolean NOT NULL DEFAULT false,
    expires_at timestamptz NOT NULL, creation_time timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX ix_phone_codes_phone ON phone_codes(phone_number, creation_time)`,
  `CREATE TABLE ukey_challenges (id text PRIMARY KEY, challenge text NOT NULL, expires_at timestamptz NOT NULL, used boolean NOT NULL DEFAULT false)`,
  `CREATE TABLE sso_tickets_used (jti text PRIMARY KEY, expires_at timestamptz NOT NULL)`,

  `CREATE TABLE party_members (
    id bigserial PRIMARY KEY,
    user_id bigint REFERENCES users(id),
    organ_id bigint NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    name text NOT NULL,
    id_card text,
    phone_number text,
    sex int,
    head_image text,
    party_duty_code text,
    party_member_type int NOT NULL DEFAULT 1,
    is_join_one_line_situation boolean NOT NULL DEFAULT false,
    status int NOT NULL DEFAULT 1,
    audit_remark text,
    auditor_user_id bigint,
    audit_time timestamptz,
    addition jsonb NOT NULL DEFAULT '{}'::jsonb,
    party_member jsonb NOT NULL DEFAULT '{}'::jsonb,
    creator_user_id bigint,
    creation_time timestamptz NOT NULL DEFAULT now(),
    last_modification_time timestamptz,
    is_deleted boolean NOT NULL DEFAULT false
  )`,
  `CREATE INDEX ix_party_members_path ON party_members(organ_path text_pattern_ops, id) WHERE NOT is_deleted`,
  `CREATE INDEX ix_party_members_organ ON party_members(organ_id) WHERE NOT is_deleted`,
  `CREATE INDEX ix_party_members_name ON party_members(name text_pattern_ops) WHERE NOT is_deleted`,
  `CREATE INDEX ix_party_members_user ON party_members(user_id)`,
  `CREATE UNIQUE INDEX ux_party_members_id_card ON party_members(id_card) WHERE NOT is_deleted AND id_card IS NOT NULL`,

  `CREATE TABLE member_bonus_penalties (
    id bigserial PRIMARY KEY, member_id bigint NOT NULL REFERENCES party_members(id),
    data jsonb NOT NULL, creation_time timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX ix_member_bonus_penalties_member ON member_bonus_penalties(member_id)`,
  `CREATE TABLE member_abroads (
    id bigserial PRIMARY KEY, member_id bigint NOT NULL REFERENCES party_members(id),
    data jsonb NOT NULL, creation_time timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX ix_member_abroads_member ON member_abroads(member_id)`,

  `CREATE TABLE organ_team_members (
    id bigserial PRIMARY KEY,
    organ_id bigint NOT NULL REFERENCES organizations(id),
    member_id bigint REFERENCES party_members(id),
    user_id bigint REFERENCES users(id),
    name text NOT NULL,
    duty_code text,
    duty_name text,
    start_date date,
    end_date date,
    sort int NOT NULL DEFAULT 0
  )`,
  `CREATE INDEX ix_organ_team_members_organ ON organ_team_members(organ_id)`,
  `CREATE INDEX ix_organ_team_members_user ON organ_team_members(user_id)`,

  `CREATE TABLE units (
    id bigserial PRIMARY KEY,
    organ_id bigint REFERENCES organizations(id),
    organ_path text NOT NULL,
    unit_name text NOT NULL,
    unit_type text,
    credit_code text,
    address text,
    extra jsonb NOT NULL DEFAULT '{}'::jsonb,
    creation_time timestamptz NOT NULL DEFAULT now(),
    is_deleted boolean NOT NULL DEFAULT false
  )`,
  `CREATE INDEX ix_units_path ON units(organ_path text_pattern_ops) WHERE NOT is_deleted`,

  `CREATE TABLE base_code_types (
    id bigserial PRIMARY KEY, name text NOT NULL UNIQUE, display_name text NOT NULL,
    is_tree boolean NOT NULL DEFAULT false, creation_time timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE base_codes (
    id bigserial PRIMARY KEY, type_name text NOT NULL REFERENCES base_code_types(name) ON UPDATE CASCADE ON DELETE CASCADE,
    label text NOT NULL, value text NOT NULL, parent_value text, sort int NOT NULL DEFAULT 0,
    UNIQUE (type_name, value)
  )`,
  `CREATE TABLE settings (key text PRIMARY KEY, value text NOT NULL)`,

  `CREATE TABLE projects (
    id bigserial PRIMARY KEY, code text NOT NULL UNIQUE, name text NOT NULL, description text,
    is_enabled boolean NOT NULL DEFAULT true, creation_time timestamptz NOT NULL DEFAULT now(),
    is_deleted boolean NOT NULL DEFAULT false
  )`,

  `CREATE TABLE site_messages (
    id bigserial PRIMARY KEY, title text NOT NULL, content text NOT NULL DEFAULT '',
    message_type text NOT NULL, sender_organ_id bigint REFERENCES organizations(id), organ_name text NOT NULL DEFAULT '',
    link_url text, creation_time timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE site_message_receivers (
    id bigserial PRIMARY KEY, message_id bigint NOT NULL REFERENCES site_messages(id) ON DELETE CASCADE,
    user_id bigint NOT NULL REFERENCES users(id), source int NOT NULL,
    is_read boolean NOT NULL DEFAULT false, read_time timestamptz,
    UNIQUE (message_id, user_id, source)
  )`,
  `CREATE INDEX ix_site_message_receivers_user ON site_message_receivers(user_id, source, is_read)`,

  `CREATE TABLE audit_logs (
    id bigserial PRIMARY KEY, user_id bigint, service text NOT NULL, action text NOT NULL,
    target_id text, detail jsonb, client_ip text, creation_time timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX ix_audit_logs_time ON audit_logs(creation_time)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
