import { sql, type Kysely } from 'kysely';

/**
 * 大屏信息管理: per organisation its screen's information, versions (one current, which
 * names the modules shown and the video played), videos, news by type, resources mapped onto
 * versions, and the concerns a screen's users submit (answered by BackConcern). Every row carries
 * the organisation's path, so every list is a subtree range and every id is checked against it.
 */
const statements = [
  `CREATE TABLE IF NOT EXISTS big_screen_infos (
    id serial PRIMARY KEY,
    organ_id integer NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    screen_name varchar(100) NOT NULL,
    welcome_text varchar(200),
    remark varchar(500),
    creator_user_id integer,
    creation_time timestamptz NOT NULL DEFAULT now(),
    last_modification_time timestamptz,
    is_deleted boolean NOT NULL DEFAULT false
  )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS ux_big_screen_infos_organ ON big_screen_infos (organ_id) WHERE NOT is_deleted`,
  `CREATE INDEX IF NOT EXISTS ix_big_screen_infos_path ON big_screen_infos (organ_path COLLATE "C", id) WHERE NOT is_deleted`,
  `CREATE TABLE IF NOT EXISTS big_screen_videos (
    id serial PRIMARY KEY,
    organ_id integer NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    title varchar(100) NOT NULL,
    resource_id integer REFERENCES resources(id),
    video_url varchar(500) NOT NULL,
    cover_image varchar(500),
    creator_user_id integer,
    creation_time timestamptz NOT NULL DEFAULT now(),
    is_deleted boolean NOT NULL DEFAULT false
  )`,
  `CREATE INDEX IF NOT EXISTS ix_big_screen_videos_path ON big_screen_videos (organ_path COLLATE "C", id) WHERE NOT is_deleted`,
  `CREATE TABLE IF NOT EXISTS big_screen_versions (
    id serial PRIMARY KEY,
    organ_id integer NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    version_name varchar(100) NOT NULL,
    modules jsonb NOT NULL DEFAULT '[]'::jsonb,
    video_id integer REFERENCES big_screen_videos(id),
    remark varchar(500),
    is_current boolean NOT NULL DEFAULT false,
    creator_user_id integer,
    creation_time timestamptz NOT NULL DEFAULT now(),
    last_modification_time timestamptz,
    is_deleted boolean NOT NULL DEFAULT false
  )`,
  // one current version per organisation, held by the database even under simultaneous calls
  `CREATE UNIQUE INDEX IF NOT EXISTS ux_big_screen_versions_current ON big_screen_versions (organ_id) WHERE is_current AND NOT is_deleted`,
  `CREATE INDEX IF NOT EXISTS ix_big_screen_versions_path ON big_screen_versions (organ_path COLLATE "C", id) WHERE NOT is_deleted`,
  `CREATE TABLE IF NOT EXISTS big_screen_news (
    id serial PRIMARY KEY,
    organ_id integer NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    news_type integer NOT NULL,
    title varchar(200) NOT NULL,
    content text,
    cover_image varchar(500),
    creator_user_id integer,
    creation_time timestamptz NOT NULL DEFAULT now(),
    is_deleted boolean NOT NULL DEFAULT false
  )`,
  `CREATE INDEX IF NOT EXISTS ix_big_screen_news_path ON big_screen_news (organ_path COLLATE "C", id) WHERE NOT is_deleted`,
  `CREATE INDEX IF NOT EXISTS ix_big_screen_news_organ ON big_screen_news (organ_id, creation_time DESC) WHERE NOT is_deleted`,
  `CREATE TABLE IF NOT EXISTS big_screen_resources (
    id serial PRIMARY KEY,
    organ_id integer NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    name varchar(100) NOT NULL,
    resource_type integer NOT NULL,
    url varchar(500) NOT NULL,
    creator_user_id integer,
    creation_time timestamptz NOT NULL DEFAULT now(),
    is_deleted boolean NOT NULL DEFAULT false
  )`,
  `CREATE INDEX IF NOT EXISTS ix_big_screen_resources_path ON big_screen_resources (organ_path COLLATE "C", id) WHERE NOT is_deleted`,
  `CREATE TABLE IF NOT EXISTS big_screen_resource_maps (
    version_id integer NOT NULL REFERENCES big_screen_versions(id),
    resource_id integer NOT NULL REFERENCES big_screen_resources(id),
    sort integer NOT NULL DEFAULT 0,
    PRIMARY KEY (version_id, resource_id)
  )`,
  `CREATE TABLE IF NOT EXISTS big_screen_concerns (
    id serial PRIMARY KEY,
    organ_id integer NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    code_id integer REFERENCES big_screen_regist_codes(id),
    name varchar(50) NOT NULL,
    phone varchar(20),
    content varchar(1000) NOT NULL,
    back_content varchar(1000),
    back_time timestamptz,
    back_user_id integer,
    creation_time timestamptz NOT NULL DEFAULT now(),
    is_deleted boolean NOT NULL DEFAULT false
  )`,
  `CREATE INDEX IF NOT EXISTS ix_big_screen_concerns_path ON big_screen_concerns (organ_path COLLATE "C", id) WHERE NOT is_deleted`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
