import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { auditInput } from './audit-input';
import { securityEvent } from '../security/security-log';
import { clientAddress } from '../security/rate-limits';

/** What the 审计日志 says of an action (services/audit-catalog.ts builds it from the services and menus). */
export interface AuditDescription {
  /** the page the action belongs to: 党员管理 */
  module: string;
  /** the kind of operation: 新增, 修改, 删除, 审核, 导入, 导出, 授权, 强退, 其他 */
  operation: string;
  /** the action's own title: 新增党员 */
  title: string;
}
export interface AuditSnapshot { entity: string; fields: Record<string, unknown> }
export interface AuditCatalog {
  /** null: not an operation of the log (a read, a heartbeat, sign-in) */
  describe(service: string, action: string): AuditDescription | null;
  /** field key → Chinese label, for a service's records */
  labels(service: string, entity?: string): Map<string, string>;
  /** the record an action names by id, as stored (null: none, or a service without a loader) */
  snapshot(ctx: AppContext, service: string, id: number): Promise<AuditSnapshot | null>;
  /** the changed fields, labelled and masked */
  diff(before: Record<string, unknown> | null, after: Record<string, unknown> | null, labels: Map<string, string>, service: string): { field: string; label: string; before: string | null; after: string | null }[];
  targetName(fields: Record<string, unknown> | null | undefined): string | null;
  /** the changes as read: code values by their labels, organisations by name */
  present(ctx: AppContext, service: string, entity: string | undefined, changes: ReturnType<AuditCatalog['diff']>): Promise<ReturnType<AuditCatalog['diff']>>;
}

const before = new WeakMap<FastifyRequest, AuditSnapshot | null>();

const targetIdOf = (req: FastifyRequest): unknown => {
  const query = req.query as Record<string, unknown> | undefined;
  return query?.id ?? (req.body as Record<string, unknown> | null | undefined)?.id;
};

/**
 * Before the handler of an operation that names a record by id: the record as it is, so the log
 * can show what the write changed. Runs after the access check and the input's validation.
 */
export async function captureAuditBefore(ctx: AppContext, req: FastifyRequest, catalog: AuditCatalog) {
  if (req.method === 'GET' || !req.actionName) return;
  const [service, action] = req.actionName.split('/');
  if (!catalog.describe(service, action)) return;
  const id = Number(targetIdOf(req));
  if (!Number.isSafeInteger(id) || id <= 0) return;
  try {
    before.set(req, await catalog.snapshot(ctx, service, id));
  } catch (err) {
    req.log.warn({ err }, 'audit snapshot failed');
  }
}

/**
 * Every write through an action is logged (RuoYi's 操作日志): who, when, from where, with which
 * outcome; the module and operation in Chinese, the record named and what changed (labelled, masked
 * — services/audit-catalog.ts), and what it asked to change (the input without secrets,
 * audit-input.ts) under the caller's organisation at the time, which scopes the 审计日志 search
 * (AuditLogService). Reads are not operations: the catalog leaves them out.
 */
export async function recordAudit(ctx: AppContext, req: FastifyRequest, statusCode: number, catalog?: AuditCatalog) {
  if (req.method === 'GET' || !req.actionName) return;
  const [service, action] = req.actionName.split('/');
  const described = catalog ? catalog.describe(service, action) : null;
  if (catalog && !described) return;
  const targetId = targetIdOf(req);
  const raw = req.method === 'DELETE' ? req.query : req.body;
  const input = auditInput(raw, service);
  try {
    let changes: ReturnType<AuditCatalog['diff']> = [];
    let targetName: string | null = null;
    if (catalog && described) {
      const was = before.get(req) ?? null;
      const labels = catalog.labels(service, was?.entity);
      const ok = statusCode < 400;
      let now: AuditSnapshot | null = null;
      if (was && ok && described.operation !== '删除') now = await catalog.snapshot(ctx, service, Number(targetId)).catch(() => null);
      const rawInput = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
      if (was) changes = described.operation === '删除' ? catalog.diff(was.fields, null, labels, service) : catalog.diff(was.fields, now?.fields ?? null, labels, service);
      else if (rawInput && described.operation !== '删除') changes = catalog.diff(null, rawInput, labels, service);
      if (!ok) changes = [];
      if (changes.length) changes = await catalog.present(ctx, service, was?.entity, changes);
      targetName = catalog.targetName(was?.fields) ?? catalog.targetName(now?.fields) ?? catalog.targetName(rawInput);
    }
    await writeAuditRow(ctx, req, {
      service,
      action,
      targetId: targetId != null ? String(targetId) : null,
      detail: { status: statusCode, input, ...(catalog ? { changes } : {}) },
      ...(described ? { module: described.module, operation: described.operation, title: described.title, targetName } : {}),
    });
  } catch (err) {
    req.log.warn({ err }, 'audit log write failed');
  }
}

/**
 * A read that must leave a trace (a member's identity card and phone shown in full): who saw whose
 * record, through which call. GETs are not logged by recordAudit, so the action writes this itself
 * — through the same row as a write, so the 审计日志 search finds it under the viewer's organisation.
 */
export async function recordSensitiveView(ctx: AppContext, req: FastifyRequest, view: { service: string; action: string; targetIds: number[]; detail?: Record<string, unknown>; module?: string; targetName?: string | null }) {
  // and in the security log (security/security-log.ts): an unmasked view of personal data
  const user = req.currentUser;
  await securityEvent(ctx, {
    type: 'sensitiveView', result: 'success', actorUserId: user?.userId ?? null, actorName: user?.userName ?? null,
    target: `${view.service}/${view.action}`, detail: { memberIds: view.targetIds.slice(0, 200), count: view.targetIds.length, ...view.detail },
    clientIp: clientAddress(req), organPath: user?.organPath || null,
  });
  await writeAuditRow(ctx, req, {
    service: view.service,
    action: view.action,
    targetId: view.targetIds.length === 1 ? String(view.targetIds[0]) : null,
    detail: { kind: 'sensitiveView', memberIds: view.targetIds, ...view.detail },
    kind: 'view',
    module: view.module ?? null,
    targetName: view.targetName ?? null,
    operation: '查看敏感信息',
    title: '查看完整身份证号和手机号',
  });
}

/**
 * An event a call brought about beyond what it asked (a transfer that ends the member's administrator
 * roles): written in the call's own transaction (`db`), so it is logged exactly when it happened, by
 * the caller, but filed under the organisation concerned — the 审计日志 search of every administrator
 * above it finds it. `action` says what happened in Chinese; `detail.input` holds the particulars with
 * Chinese keys (the list shows them as 变更内容).
 */
export function recordAuditEvent(
  db: Kysely<DB>,
  ctx: AppContext,
  req: FastifyRequest,
  row: { service: string; action: string; targetId: string | null; organ: { id: number; organPath: string }; detail: Record<string, unknown>; module?: string; operation?: string; targetName?: string | null },
) {
  return writeAuditRow(ctx, req, { ...row, detail: { status: 200, ...row.detail }, operation: row.operation ?? '其他', title: row.action }, db, row.organ);
}

interface AuditRow {
  service: string;
  action: string;
  targetId: string | null;
  detail: Record<string, unknown>;
  /** 'write' (an operation), 'view' (a sensitive read that must leave a trace) */
  kind?: 'write' | 'view';
  module?: string | null;
  operation?: string | null;
  title?: string | null;
  targetName?: string | null;
}

/** The one writer of an audit row: the caller, his organisation at the time (or the one concerned), the server's clock, the address. */
function writeAuditRow(
  ctx: AppContext,
  req: FastifyRequest,
  row: AuditRow,
  db: Kysely<DB> = ctx.db,
  organ?: { id: number; organPath: string },
) {
  const user = req.currentUser;
  return db
    .insertInto('auditLogs')
    .values({
      userId: user?.userId ?? null,
      service: row.service,
      action: row.action,
      targetId: row.targetId?.slice(0, 100) ?? null,
      detail: JSON.stringify(row.detail),
      kind: row.kind ?? 'write',
      module: row.module ?? null,
      operation: row.operation ?? null,
      title: row.title ?? null,
      targetName: row.targetName?.slice(0, 100) ?? null,
      clientIp: req.ip,
      // the server's clock (PLATFORM_TZ days are searched against it), not the database's
      creationTime: ctx.now(),
      organId: organ ? organ.id : (user?.organId ?? user?.memberOrganId ?? null),
      organPath: organ ? organ.organPath : user ? user.organPath || user.memberOrganPath || null : null,
    })
    .execute();
}
