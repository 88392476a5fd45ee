import { sql, type Kysely } from 'kysely';

/**
 * 大屏注册码. A big-screen device registers with a code that an administrator issued for
 * an organisation, and then pulls that organisation's current version and figures with it — no user
 * session. A deleted code stops working at once (`is_deleted`, checked on every pull).
 */
const statements = [
  `CREATE TABLE IF NOT EXISTS big_screen_regist_codes (
    id serial PRIMARY KEY,
    code varchar(32) NOT NULL UNIQUE,
    organ_id integer NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    remark varchar(200),
    device_name varchar(100),
    register_time timestamptz,
    last_pull_time timestamptz,
    creator_user_id integer,
    creation_time timestamptz NOT NULL DEFAULT now(),
    is_deleted boolean NOT NULL DEFAULT false,
    deletion_time timestamptz
  )`,
  `CREATE INDEX IF NOT EXISTS ix_big_screen_regist_codes_path ON big_screen_regist_codes (organ_path COLLATE "C", id) WHERE NOT is_deleted`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
