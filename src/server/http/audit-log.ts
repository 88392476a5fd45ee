import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { auditInput } from './audit-input';
import { securityEvent } from '../security/security-log';
import { clientAddress } from '../security/rate-limits';

/**
 * Every write through an action is logged: who, what, when, from where, with which outcome — and
 * what it asked to change (the input without secrets, audit-input.ts) under the caller's
 * organisation at the time, which scopes the 审计日志 search (AuditLogService).
 */
export async function recordAudit(ctx: AppContext, req: FastifyRequest, statusCode: number) {
  if (req.method === 'GET' || !req.actionName) return;
  const [service, action] = req.actionName.split('/');
  const query = req.query as Record<string, unknown> | undefined;
  const targetId = query?.id ?? (req.body as Record<string, unknown> | null | undefined)?.id;
  const input = auditInput(req.method === 'DELETE' ? query : req.body, service);
  try {
    await writeAuditRow(ctx, req, { service, action, targetId: targetId != null ? String(targetId) : null, detail: { status: statusCode, input } });
  } catch (err) {
    req.log.warn({ err }, 'audit log write failed');
  }
}

/**
 * A read that must leave a trace (a member's identity card and phone shown in full): who saw whose
 * record, through which call. GETs are not logged by recordAudit, so the action writes this itself
 * — through the same row as a write, so the 审计日志 search finds it under the viewer's organisation.
 */
export async function recordSensitiveView(ctx: AppContext, req: FastifyRequest, view: { service: string; action: string; targetIds: number[]; detail?: Record<string, unknown> }) {
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
  row: { service: string; action: string; targetId: string | null; organ: { id: number; organPath: string }; detail: Record<string, unknown> },
) {
  return writeAuditRow(ctx, req, { ...row, detail: { status: 200, ...row.detail } }, db, row.organ);
}

/** The one writer of an audit row: the caller, his organisation at the time (or the one concerned), the server's clock, the address. */
function writeAuditRow(
  ctx: AppContext,
  req: FastifyRequest,
  row: { service: string; action: string; targetId: string | null; detail: Record<string, unknown> },
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
      clientIp: req.ip,
      // the server's clock (PLATFORM_TZ days are searched against it), not the database's
      creationTime: ctx.now(),
      organId: organ ? organ.id : (user?.organId ?? user?.memberOrganId ?? null),
      organPath: organ ? organ.organPath : user ? user.organPath || user.memberOrganPath || null : null,
    })
    .execute();
}
