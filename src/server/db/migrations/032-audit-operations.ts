import { sql, type Kysely } from 'kysely';

/**
 * The 审计日志 as an auditor reads it (RuoYi's 操作日志): each row says its module and operation in
 * Chinese (党员管理 / 新增), the action's title (新增党员) and the record it named (张三); `changes`
 * in `detail` holds the labelled before/after. `kind` tells an operation ('write') from a sensitive
 * read that must leave a trace ('view'); reads the log recorded before (lists asked by POST: the
 * header's message list, 党员分页列表…) become 'read' and are no longer shown.
 */
const statements = [
  `ALTER TABLE audit_logs ADD COLUMN kind text NOT NULL DEFAULT 'write'`,
  `ALTER TABLE audit_logs ADD COLUMN module text`,
  `ALTER TABLE audit_logs ADD COLUMN operation text`,
  `ALTER TABLE audit_logs ADD COLUMN title text`,
  `ALTER TABLE audit_logs ADD COLUMN target_name text`,
  `UPDATE audit_logs SET kind = 'view' WHERE detail->>'kind' = 'sensitiveView'`,
  `UPDATE audit_logs SET kind = 'read' WHERE kind = 'write' AND (service IN ('TokenAuth', 'AuditLogService', 'ExportService')
     OR action ~ '(List|Lists|PageList|PagedList|Statistics|Count|Detail|Details)$'
     OR action ~ '^(Get|SimpleGet|Query|Search|Find|Check|Preview|CurrentUserIs|IntoRoom)' OR action IN ('SetRead', 'SetAllRead', 'SignCode'))`,
  `CREATE INDEX ix_audit_logs_kind_path ON audit_logs(kind, organ_path text_pattern_ops, creation_time)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of statements) await sql.raw(s).execute(db);
}
