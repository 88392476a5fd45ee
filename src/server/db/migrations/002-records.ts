import { sql, type Kysely } from 'kysely';

/**
 * The generic record store behind configured services (schemas/*.json with an x-service block).
 * One row per record: entity name, owning organisation (path), owner, workflow state and the body
 * as JSONB validated by the entity schema. Side tables hold what many records share: likes, reads,
 * reports upward and issues downward.
 */
const statements = [
  `CREATE TABLE records (
    id bigserial PRIMARY KEY,
    entity text NOT NULL,
    parent_id bigint REFERENCES records(id),
    organ_id bigint NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    organ_level int NOT NULL,
    owner_user_id bigint REFERENCES users(id),
    audit_status int,
    audit_remark text,
    auditor_user_id bigint,
    audit_time timestamptz,
    is_top boolean NOT NULL DEFAULT false,
    top_time timestamptz,
    is_enabled boolean NOT NULL DEFAULT true,
    sort int NOT NULL DEFAULT 0,
    like_count int NOT NULL DEFAULT 0,
    reply_count int NOT NULL DEFAULT 0,
    source_record_id bigint,
    select_remark text,
    data jsonb NOT NULL DEFAULT '{}'::jsonb,
    creator_user_id bigint,
    creation_time timestamptz NOT NULL DEFAULT now(),
    last_modification_time timestamptz,
    is_deleted boolean NOT NULL DEFAULT false
  )`,
  `CREATE INDEX ix_records_entity_path ON records(entity, organ_path text_pattern_ops, id DESC) WHERE NOT is_deleted`,
  `CREATE INDEX ix_records_entity_organ ON records(entity, organ_id, id DESC) WHERE NOT is_deleted`,
  `CREATE INDEX ix_records_entity_owner ON records(entity, owner_user_id, id DESC) WHERE NOT is_deleted`,
  `CREATE INDEX ix_records_parent ON records(parent_id, id) WHERE NOT is_deleted`,
  `CREATE INDEX ix_records_data ON records USING gin (data jsonb_path_ops)`,

  `CREATE TABLE record_likes (record_id bigint NOT NULL REFERENCES records(id) ON DELETE CASCADE, user_id bigint NOT NULL REFERENCES users(id), creation_time timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (record_id, user_id))`,
  `CREATE TABLE record_reads (record_id bigint NOT NULL REFERENCES records(id) ON DELETE CASCADE, user_id bigint NOT NULL REFERENCES users(id), creation_time timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (record_id, user_id))`,

  `CREATE TABLE record_reports (
    id bigserial PRIMARY KEY,
    entity text NOT NULL,
    record_id bigint NOT NULL REFERENCES records(id) ON DELETE CASCADE,
    from_organ_id bigint NOT NULL REFERENCES organizations(id),
    to_organ_id bigint NOT NULL REFERENCES organizations(id),
    to_organ_path text NOT NULL,
    status int NOT NULL DEFAULT 0,
    remark text,
    reporter_user_id bigint,
    auditor_user_id bigint,
    audit_remark text,
    audit_time timestamptz,
    result_record_id bigint,
    creation_time timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX ix_record_reports_to ON record_reports(entity, to_organ_id, status)`,
  `CREATE UNIQUE INDEX ux_record_reports_pending ON record_reports(record_id) WHERE status = 0`,

  `CREATE TABLE record_issues (
    id bigserial PRIMARY KEY,
    record_id bigint NOT NULL REFERENCES records(id) ON DELETE CASCADE,
    organ_id bigint NOT NULL REFERENCES organizations(id),
    organ_path text NOT NULL,
    status int NOT NULL DEFAULT 0,
    done_time timestamptz,
    creation_time timestamptz NOT NULL DEFAULT now(),
    UNIQUE (record_id, organ_id)
  )`,
  `CREATE INDEX ix_record_issues_organ ON record_issues(organ_id, status)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
