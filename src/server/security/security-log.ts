/**
 * The security log (等保 2.0 安全审计; docs/SECURITY.md §14). Every security event — sign-in and its
 * failure, sign-out and timeout, second-factor events, grants and role changes, policy changes,
 * exports and unmasked views of personal data — is one row with time, type, actor, target, result
 * and source address, and a hash over the row and the hash of the row before it (SM3 when Node's
 * OpenSSL has it, else SHA-256; the algorithm is the hash's prefix, so a verifier never guesses).
 *
 * Appending locks the chain's one head row (`security_log_head`, UPDATE … RETURNING) for the length
 * of the writer's transaction: writers of every process and machine queue on it, so the chain never
 * forks, on PostgreSQL and PGlite alike. A write inside a caller's transaction (a grant) commits or
 * rolls back with it — a grant is never without its record. Nothing in the product updates or
 * deletes a row except the retention job (`pruneSecurityLog`), which moves the anchor in the same
 * transaction, so rows deleted any other way are found by `verifySecurityLog`.
 */
import { createHash, getHashes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../db/schema';
import type { SecurityLogTable } from '../db/schema/platform';

export const CHAIN_ALGORITHM = getHashes().includes('sm3') ? 'sm3' : 'sha256';

/** Event types (ASCII codes; the screen shows the Chinese labels). Other modules may add their own code. */
export const SECURITY_EVENT_LABELS: Record<string, string> = {
  signIn: '登录',
  signInFailure: '登录失败',
  signOut: '退出登录',
  timeout: '超时退出',
  forceLogout: '强制下线',
  secondFactor: '第二因子认证',
  secondFactorEnroll: '第二因子绑定',
  roleChange: '角色权限变更',
  grant: '授予或收回角色',
  accountChange: '账号启用停用',
  policyChange: '安全策略变更',
  passwordChange: '修改密码',
  export: '导出数据',
  sensitiveView: '查看完整个人信息',
  logPruned: '安全日志到期清理',
  keyRotation: '数据密钥轮换',
};

export interface SecurityEvent {
  /** one of SECURITY_EVENT_LABELS' codes (or a new camelCase code with a label added there) */
  type: string;
  result: 'success' | 'failure';
  actorUserId?: number | null;
  /** the user name at the time (looked up from actorUserId when absent); for a failed sign-in, the name typed */
  actorName?: string | null;
  /** what the event was about: `user:12`, `role:3 ProvinceAdmin`, `PartyMemberService/GetPartyMemberPage` … */
  target?: string | null;
  /** particulars; never a password, code or secret */
  detail?: Record<string, unknown> | string | null;
  clientIp?: string | null;
  /** the organisation whose administrators' scope the row falls in (the actor's managing organisation) */
  organPath?: string | null;
}

/** A record as hashed: every column but its own hash (the table's type, one definition). */
type Row = Omit<Selectable<SecurityLogTable>, 'hash'>;

/** The hash of one row: its fields in a fixed order and the previous row's hash. */
export function rowHash(r: Row, algorithm = CHAIN_ALGORITHM): string {
  const content = JSON.stringify([
    Number(r.seq), r.prevHash, r.occurredAt.toISOString(), r.eventType, r.result,
    r.actorUserId ?? null, r.actorName ?? null, r.target ?? null, r.detail ?? null, r.clientIp ?? null, r.organPath ?? null,
  ]);
  return `${algorithm}:${createHash(algorithm).update(content, 'utf8').digest('hex')}`;
}

const cut = (s: string | null | undefined, n: number) => (s == null ? null : s.length > n ? s.slice(0, n) : s);

async function append(db: Kysely<DB>, now: Date, e: SecurityEvent) {
  const head = await sql<{ seq: number; hash: string }>`UPDATE security_log_head SET seq = seq + 1 WHERE id = 1 RETURNING seq, hash`.execute(db);
  const { seq, hash: prevHash } = head.rows[0];
  let actorName = e.actorName ?? null;
  if (actorName == null && e.actorUserId != null) {
    actorName = (await db.selectFrom('users').select('userName').where('id', '=', e.actorUserId).executeTakeFirst())?.userName ?? null;
  }
  const row: Row = {
    seq: Number(seq),
    // stored with microseconds, read back with milliseconds: hash what is read back
    occurredAt: new Date(now.getTime()),
    eventType: e.type,
    result: e.result,
    actorUserId: e.actorUserId ?? null,
    actorName: cut(actorName, 64),
    target: cut(e.target, 500),
    detail: e.detail == null ? null : cut(typeof e.detail === 'string' ? e.detail : JSON.stringify(e.detail), 4000),
    clientIp: cut(e.clientIp, 64),
    organPath: e.organPath ?? null,
    prevHash,
  };
  const hash = rowHash(row);
  await db.insertInto('securityLogs').values({ ...row, hash }).execute();
  await db.updateTable('securityLogHead').set({ hash }).where('id', '=', 1).execute();
  return row.seq;
}

/**
 * Appends one event to the chain. Given a transaction (`db` that `isTransaction`), the row is part of
 * it; otherwise it is its own short transaction. Throws when it cannot be written: an event that must
 * be logged does not happen silently unlogged.
 */
export async function securityEvent(ctx: { db: Kysely<DB>; now: () => Date }, event: SecurityEvent, db: Kysely<DB> = ctx.db): Promise<number> {
  const now = ctx.now();
  if (db.isTransaction) return append(db, now, event);
  return db.transaction().execute((trx) => append(trx, now, event));
}

export interface ChainCheck {
  valid: boolean;
  /** rows checked */
  checked: number;
  /** the last record's number the head names */
  headSeq: number;
  /** rows before this number were removed by the retention job */
  prunedThrough: number;
  algorithm: string;
  /** the first broken link: the record's number and what is wrong with it */
  firstBroken: { seq: number; reason: string } | null;
}

/** Walks the whole chain by key in batches and names the first broken link. */
export async function verifySecurityLog(db: Kysely<DB>, batch = 2000): Promise<ChainCheck> {
  const head = await db.selectFrom('securityLogHead').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  const headSeq = Number(head.seq);
  const prunedThrough = Number(head.prunedSeq);
  let expectSeq = prunedThrough + 1;
  let expectPrev = head.prunedHash;
  let checked = 0;
  const out = (firstBroken: ChainCheck['firstBroken']): ChainCheck => ({ valid: !firstBroken, checked, headSeq, prunedThrough, algorithm: CHAIN_ALGORITHM, firstBroken });
  for (;;) {
    const rows = await db.selectFrom('securityLogs').selectAll().where('seq', '>', expectSeq - 1).orderBy('seq').limit(batch).execute();
    if (!rows.length) break;
    for (const r of rows) {
      const seq = Number(r.seq);
      if (seq !== expectSeq) return out({ seq: expectSeq, reason: `第 ${expectSeq} 条记录缺失（被删除）` });
      if (r.prevHash !== expectPrev) return out({ seq, reason: `第 ${seq} 条记录的前序摘要与第 ${seq - 1} 条记录不符（前一条被删除或篡改）` });
      const algorithm = r.hash.split(':')[0];
      const ok = /^(sm3|sha256)$/.test(algorithm) && rowHash({ ...r, seq, occurredAt: new Date(r.occurredAt) }, algorithm) === r.hash;
      if (!ok) return out({ seq, reason: `第 ${seq} 条记录的内容与其摘要不符（被篡改）` });
      checked += 1;
      expectSeq = seq + 1;
      expectPrev = r.hash;
    }
  }
  if (expectSeq - 1 < headSeq) return out({ seq: expectSeq, reason: `第 ${expectSeq} 条及以后的记录缺失（被删除）` });
  if (expectPrev !== head.hash) return out({ seq: headSeq, reason: `链头摘要与第 ${headSeq} 条记录不符` });
  return out(null);
}

/**
 * Removes records older than the retention period (the oldest first, whole prefix of the chain) and
 * moves the anchor to the last removed record in the same transaction; the removal is itself logged.
 * Answers how many records were removed.
 */
export async function pruneSecurityLog(ctx: { db: Kysely<DB>; now: () => Date }, retentionDays: number): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - retentionDays * 86_400_000);
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const head = await sql<{ seq: number; prunedSeq: number }>`SELECT seq, pruned_seq FROM security_log_head WHERE id = 1 FOR UPDATE`.execute(trx);
    const headSeq = Number(head.rows[0].seq);
    const prunedSeq = Number(head.rows[0].prunedSeq);
    const firstKept = await trx.selectFrom('securityLogs').select('seq').where('occurredAt', '>=', cutoff).orderBy('seq').limit(1).executeTakeFirst();
    const through = firstKept ? Number(firstKept.seq) - 1 : headSeq;
    if (through <= prunedSeq) return 0;
    const last = await trx.selectFrom('securityLogs').select('hash').where('seq', '=', through).executeTakeFirst();
    // the anchor must be a record that was there; a gap is for the verifier to report, not to paper over
    if (!last) return 0;
    const del = await trx.deleteFrom('securityLogs').where('seq', '<=', through).where('seq', '>', prunedSeq).executeTakeFirst();
    await trx.updateTable('securityLogHead').set({ prunedSeq: through, prunedHash: last.hash }).where('id', '=', 1).execute();
    return Number(del.numDeletedRows);
  });
  if (removed) await securityEvent(ctx, { type: 'logPruned', result: 'success', target: 'security_logs', detail: { removed, retentionDays, before: cutoff.toISOString() } });
  return removed;
}

/** The retention job (once across processes, through the shared queue). */
export const securityLogPruneJob = (ctx: { db: Kysely<DB>; now: () => Date; config: { securityLogRetentionDays: number } }) => ({
  kind: 'security-log.prune',
  everyMs: 6 * 3600_000,
  run: async () => {
    await pruneSecurityLog(ctx, ctx.config.securityLogRetentionDays);
  },
});
