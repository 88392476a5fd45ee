import { sql, type Kysely } from 'kysely';

/**
 * The study loop: resources and their class tree, collections, reports upward, study credit
 * (one aggregated row per member, resource and day, plus a running total per member and resource),
 * the member's single active playing session, and offline study-hour declarations.
 */
const statements = [
  `CREATE TABLE resource_classes (
    id bigserial PRIMARY KEY, parent_id bigint REFERENCES resource_classes(id), class_name text NOT NULL,
    class_path text NOT NULL DEFAULT '', res_class_type int NOT NULL DEFAULT 1, sort int NOT NULL DEFAULT 0,
    creation_time timestamptz NOT NULL DEFAULT now(), is_deleted boolean NOT NULL DEFAULT false
  )`,
  `CREATE TABLE resources (
    id bigserial PRIMARY KEY,
    organ_id bigint NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    class_id bigint REFERENCES resource_classes(id),
    name text NOT NULL,
    resource_type int NOT NULL,
    cover_url text,
    flv_url text,
    key_word text,
    description text,
    file_id text REFERENCES files(id),
    play_url text,
    content_sha256 text,
    is_integrity boolean NOT NULL DEFAULT true,
    integrity_checked_at timestamptz,
    duration_seconds int NOT NULL DEFAULT 0,
    view_count int NOT NULL DEFAULT 0,
    collection_count int NOT NULL DEFAULT 0,
    is_recommend boolean NOT NULL DEFAULT false,
    is_enabled boolean NOT NULL DEFAULT true,
    source_resource_id bigint,
    creator_user_id bigint,
    creation_time timestamptz NOT NULL DEFAULT now(),
    last_modification_time timestamptz,
    is_deleted boolean NOT NULL DEFAULT false
  )`,
  `CREATE INDEX ix_resources_path ON resources(organ_path text_pattern_ops, id DESC) WHERE NOT is_deleted`,
  `CREATE INDEX ix_resources_type ON resources(resource_type, id DESC) WHERE NOT is_deleted`,
  `CREATE TABLE resource_collections (resource_id bigint NOT NULL REFERENCES resources(id) ON DELETE CASCADE, user_id bigint NOT NULL REFERENCES users(id), creation_time timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (user_id, resource_id))`,
  `CREATE TABLE resource_reports (
    id bigserial PRIMARY KEY, resource_id bigint NOT NULL REFERENCES resources(id) ON DELETE CASCADE,
    from_organ_id bigint NOT NULL REFERENCES organizations(id), to_organ_path text NOT NULL,
    status int NOT NULL DEFAULT 0, remark text, reporter_user_id bigint, auditor_user_id bigint,
    audit_remark text, audit_time timestamptz, adopted_resource_id bigint,
    creation_time timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX ix_resource_reports_to ON resource_reports(to_organ_path text_pattern_ops, status)`,
  `CREATE TABLE study_days (
    user_id bigint NOT NULL REFERENCES users(id), resource_id bigint NOT NULL REFERENCES resources(id),
    day date NOT NULL, seconds int NOT NULL DEFAULT 0, reports int NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, resource_id, day)
  )`,
  `CREATE INDEX ix_study_days_user_day ON study_days(user_id, day)`,
  `CREATE TABLE study_totals (
    user_id bigint NOT NULL REFERENCES users(id), resource_id bigint NOT NULL REFERENCES resources(id),
    seconds int NOT NULL DEFAULT 0, completed boolean NOT NULL DEFAULT false, completed_at timestamptz,
    first_study_time timestamptz NOT NULL DEFAULT now(), last_study_time timestamptz NOT NULL DEFAULT now(),
    organ_path text NOT NULL,
    PRIMARY KEY (user_id, resource_id)
  )`,
  `CREATE INDEX ix_study_totals_path ON study_totals(organ_path text_pattern_ops)`,
  `CREATE TABLE study_sessions (
    user_id bigint PRIMARY KEY REFERENCES users(id), auth_session_id text NOT NULL, resource_id bigint NOT NULL,
    opened_at timestamptz NOT NULL, last_report_at timestamptz,
    prev_activity timestamptz, state text NOT NULL DEFAULT 'start'
  )`,
  `CREATE TABLE offline_reports (
    id bigserial PRIMARY KEY, user_id bigint NOT NULL REFERENCES users(id), organ_id bigint NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL, title text NOT NULL, study_date date NOT NULL, hours numeric(6,2) NOT NULL,
    content text, evidence jsonb NOT NULL DEFAULT '[]'::jsonb, status int NOT NULL DEFAULT 0,
    audit_remark text, auditor_user_id bigint, audit_time timestamptz,
    creation_time timestamptz NOT NULL DEFAULT now(), is_deleted boolean NOT NULL DEFAULT false
  )`,
  `CREATE INDEX ix_offline_reports_path ON offline_reports(organ_path text_pattern_ops, status) WHERE NOT is_deleted`,
  `CREATE INDEX ix_offline_reports_user ON offline_reports(user_id) WHERE NOT is_deleted`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
