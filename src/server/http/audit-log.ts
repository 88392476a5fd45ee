import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';

/** Every write through an action is logged: who, what, when, from where, with which outcome. */
export async function recordAudit(ctx: AppContext, req: FastifyRequest, statusCode: number) {
  if (req.method === 'GET' || !req.actionName) return;
  const [service, action] = req.actionName.split('/');
  const query = req.query as Record<string, unknown> | undefined;
  const targetId = query?.id ?? (req.body as any)?.id;
  try {
    await ctx.db
      .insertInto('auditLogs')
      .values({ userId: req.currentUser?.userId ?? null, service, action, targetId: targetId != null ? String(targetId) : null, detail: JSON.stringify({ status: statusCode }), clientIp: req.ip })
      .execute();
  } catch (err) {
    req.log.warn({ err }, 'audit log write failed');
  }
}
