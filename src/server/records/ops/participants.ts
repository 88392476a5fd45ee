import { sql } from 'kysely';
import { maskPhone } from '../../../contract/validators';
import { action, type Call } from '../../http/actions';
import { badRequest, invalid, notFound } from '../../http/errors';
import { objectInput, pageQuery, pagingProps } from '../../http/paging';
import { platformInstant } from '../../platform-day';
import { isInSubtree, actingOrgan } from '../../scope';
import type { ParticipantsConfig } from '../entities';
import { type RecordRow } from '../store';
import { SIGN_CODE_MSG, checkSignIn, newSignInCode, signInToken, type SignInEvent } from '../../security/sign-in-codes';
import { idProp, loadInScope, type OpContext } from '../op-kit';
import type { Builder } from '../op-kit';

/**
 * Participants of a record (enrolment in an activity, a class, a meeting): join with a capacity
 * that simultaneous joins can never exceed (the record row is locked first, then counted), leave
 * before it starts, administrators add and remove members of their subtree, and sign-in by the
 * organiser's code or QR token within a window (the kernel's security/sign-in-codes.ts: limits,
 * rotation, signed QR tokens).
 */
export const PARTICIPANT_MSG = {
  closed: '报名已截止',
  full: '名额已满',
  already: '您已报名，请勿重复报名',
  notJoined: '您未报名该活动',
  codeWrong: SIGN_CODE_MSG.wrong,
  started: '活动已开始，不能取消报名',
  cancelSigned: '您已签到，不能取消报名',
  cancelSignInOpen: '活动已开始签到，不能取消报名',
  outOfWindow: '不在签到时间内',
  signed: '您已签到',
  notMember: '所选党员不在您的管理范围内',
  memberNotJoined: '该党员未报名',
  notParticipant: '您不在参加人员名单中',
  leaveClosed: '已开始，不能再请假',
  leaveSigned: '您已签到，无需请假',
  leaveAgain: '您已请假，请勿重复提交',
  noLeave: '该党员未请假',
  leaveDecided: '该请假已审批',
  pickMembers: '请选择党员',
} as const;

/**
 * Attendance of a participant (status list `attendance`): signed in; on approved leave; leave
 * pending; absent once the sign-in window has closed without either; else not yet signed.
 */
export const ATTENDANCE = { unsigned: 0, signed: 1, leave: 2, absent: 3, leavePending: 4 } as const;
export function attendanceOf(p: { signInTime: Date | null; leaveStatus: number | null }, ended: boolean): number {
  if (p.signInTime) return ATTENDANCE.signed;
  if (p.leaveStatus === 1) return ATTENDANCE.leave;
  if (p.leaveStatus === 0) return ATTENDANCE.leavePending;
  return ended ? ATTENDANCE.absent : ATTENDANCE.unsigned;
}

const cfgOf = (o: OpContext): ParticipantsConfig => o.entity.service!.participants!;
const capacityOf = (o: OpContext, data: Record<string, unknown>) => Math.max(0, Number(data[cfgOf(o).capacityField ?? ''] ?? 0) || 0);

/** The instant a body field names, in the platform zone; a day-only deadline includes that day. */
const instantField = (call: Call<unknown>, data: Record<string, unknown>, field: string | undefined, endOfDay = false) =>
  field ? platformInstant(call.ctx, data[field], { endOfDay }) : null;

/** The sign-in window: from `openMinutesBefore` the start to the end. */
function signInWindow(call: Call<unknown>, o: OpContext, data: Record<string, unknown>) {
  const s = cfgOf(o).signIn;
  if (!s) return null;
  const from = instantField(call, data, s.fromField);
  const to = instantField(call, data, s.toField, true);
  if (!from || !to) return null;
  return { from: new Date(from.getTime() - (s.openMinutesBefore ?? 30) * 60_000), to };
}

/**
 * Adds participants in one transaction with the record row locked: the count read under the lock
 * is the count at the insert, so no two joins can both take the last place. All or none.
 */
async function enrol(call: Call<unknown>, o: OpContext, rec: RecordRow, people: { userId: number; organId: number | null; organPath: string }[], addedBy: number | null) {
  return call.ctx.db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('records').select(['participantCount', 'data']).where('id', '=', rec.id).forUpdate().executeTakeFirstOrThrow();
    const current = await trx.selectFrom('recordParticipants').select(['userId', 'status']).where('recordId', '=', rec.id).where('userId', 'in', people.map((p) => p.userId)).execute();
    const active = new Set(current.filter((c) => c.status === 1).map((c) => c.userId));
    const adding = people.filter((p) => !active.has(p.userId));
    if (!adding.length) throw badRequest(PARTICIPANT_MSG.already);
    const capacity = capacityOf(o, locked.data as Record<string, unknown>);
    if (capacity > 0 && locked.participantCount + adding.length > capacity) throw badRequest(PARTICIPANT_MSG.full);
    const now = call.ctx.now();
    await trx
      .insertInto('recordParticipants')
      .values(adding.map((p) => ({ recordId: rec.id, userId: p.userId, organId: p.organId, organPath: p.organPath, status: 1, addedByUserId: addedBy, creationTime: now })))
      .onConflict((oc) => oc.columns(['recordId', 'userId']).doUpdateSet({ status: 1, organId: sql`excluded.organ_id`, organPath: sql`excluded.organ_path`, addedByUserId: addedBy, creationTime: now, cancelTime: null, signInTime: null, signInByUserId: null }))
      .execute();
    const row = await trx.updateTable('records').set({ participantCount: sql`participant_count + ${adding.length}` }).where('id', '=', rec.id).returning('participantCount').executeTakeFirstOrThrow();
    return row.participantCount;
  });
}

/** Participants out (a member leaving, or an organiser removing several): all of them or none — one not taking part refuses the whole. */
async function withdraw(call: Call<unknown>, rec: RecordRow, userIds: number[], notJoined: string) {
  await call.ctx.db.transaction().execute(async (trx) => {
    const hit = await trx
      .updateTable('recordParticipants')
      .set({ status: 2, cancelTime: call.ctx.now() })
      .where('recordId', '=', rec.id)
      .where('userId', 'in', userIds)
      .where('status', '=', 1)
      .returning('userId')
      .execute();
    if (hit.length !== userIds.length) throw badRequest(notJoined);
    await trx.updateTable('records').set({ participantCount: sql`greatest(participant_count - ${hit.length}, 0)` }).where('id', '=', rec.id).execute();
  });
}

async function participation(call: Call<unknown>, recordId: number, userId: number) {
  return call.ctx.db.selectFrom('recordParticipants').selectAll().where('recordId', '=', recordId).where('userId', '=', userId).where('status', '=', 1).executeTakeFirst();
}

const idOnly = objectInput({ id: idProp }, ['id']);

/** The record as an event of the kernel's code sign-in (security/sign-in-codes.ts). */
const signInEvent = (o: OpContext, rec: RecordRow, code: string | null): SignInEvent => ({
  key: `record:${rec.id}`,
  name: typeof rec.data.title === 'string' && rec.data.title ? rec.data.title : o.entity.title,
  code,
});

async function rotateCode(call: Call<unknown>, rec: RecordRow) {
  const code = newSignInCode();
  const creationTime = call.ctx.now();
  await call.ctx.db
    .insertInto('recordSignCodes')
    .values({ recordId: rec.id, code, createdByUserId: call.user.userId, creationTime })
    .onConflict((oc) => oc.column('recordId').doUpdateSet({ code, createdByUserId: call.user.userId, creationTime }))
    .execute();
  return { code, creationTime };
}

/**
 * The code, its window and — when the entity names a member page (signIn.url) — the address a QR
 * code opens: `{token}` there is a signed token valid until the window ends (no code in it).
 */
function codeAnswer(call: Call<unknown>, o: OpContext, rec: RecordRow, current: { code: string; creationTime: Date }) {
  const window = signInWindow(call, o, rec.data);
  const url = cfgOf(o).signIn?.url;
  const token = url ? signInToken(call.ctx, { ...signInEvent(o, rec, current.code), code: current.code }, window?.to ?? null) : null;
  const signUrl = url && token ? url.replace('{id}', String(rec.id)).replace('{token}', encodeURIComponent(token)) : undefined;
  return { code: current.code, validFrom: window?.from ?? null, validTo: window?.to ?? null, ...(signUrl ? { signUrl } : {}) };
}
const idAndUser = objectInput({ id: idProp, userId: { type: 'integer', minimum: 1, title: '党员' } }, ['id', 'userId']);

export const PARTICIPANT_OPERATIONS: Record<string, Builder> = {
  join: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: idOnly, returns: '{participantCount, isJoined}',
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        const until = instantField(call, rec.data, cfgOf(o).applyUntilField, true) ?? instantField(call, rec.data, cfgOf(o).cancelBeforeField);
        if (until && call.ctx.now() >= until) throw badRequest(PARTICIPANT_MSG.closed);
        const memberOrgan = call.user.memberOrganId ?? call.user.organId;
        const participantCount = await enrol(call, o, rec, [{ userId: call.user.userId, organId: memberOrgan, organPath: call.user.memberOrganPath ?? call.user.organPath }], null);
        return { participantCount, isJoined: true };
      },
    }),

  leave: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: idOnly, returns: 'true',
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        // one who has signed in attended: his registration stays (whatever the clock says)
        const mine = await call.ctx.db.selectFrom('recordParticipants').select('signInTime').where('recordId', '=', rec.id).where('userId', '=', call.user.userId).where('status', '=', 1).executeTakeFirst();
        if (mine?.signInTime) throw badRequest(PARTICIPANT_MSG.cancelSigned);
        const start = instantField(call, rec.data, cfgOf(o).cancelBeforeField);
        if (start && call.ctx.now() >= start) throw badRequest(PARTICIPANT_MSG.started);
        // nor once the sign-in window has opened (30 minutes before the start): the organiser counts on him
        const window = signInWindow(call, o, rec.data);
        if (window && call.ctx.now() >= window.from) throw badRequest(PARTICIPANT_MSG.cancelSignInOpen);
        await withdraw(call, rec, [call.user.userId], PARTICIPANT_MSG.notJoined);
        return true;
      },
    }),

  addParticipants: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ id: idProp, userIds: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'integer', minimum: 1 }, title: '党员' } }, ['id', 'userIds']),
      returns: '{participantCount}',
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        const organ = actingOrgan(call.user);
        const ids = [...new Set<number>(call.input.userIds)];
        const people = await call.ctx.db
          .selectFrom('users as u')
          .innerJoin('organizations as og', 'og.id', 'u.organId')
          .select(['u.id as userId', 'u.organId', 'og.organPath'])
          .where('u.id', 'in', ids)
          .where('u.isDeleted', '=', false)
          .execute();
        // members beyond the administrator's subtree are refused as a whole, not skipped
        if (people.length !== ids.length || people.some((p) => !isInSubtree(p.organPath, organ.path))) throw invalid([{ message: PARTICIPANT_MSG.notMember, members: ['userIds'] }]);
        return { participantCount: await enrol(call, o, rec, people.map((p) => ({ userId: p.userId, organId: p.organId, organPath: p.organPath })), call.user.userId) };
      },
    }),

  removeParticipant: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ id: idProp, userId: { type: 'integer', minimum: 1, title: '党员' }, userIds: { type: 'array', minItems: 1, maxItems: 500, items: { type: 'integer', minimum: 1 }, title: '党员' } }, ['id']),
      returns: 'true',
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        const ids = [...new Set<number>(call.input.userIds ?? (call.input.userId ? [call.input.userId] : []))];
        if (!ids.length) throw invalid([{ message: PARTICIPANT_MSG.pickMembers, members: ['userId'] }]);
        await withdraw(call, rec, ids, PARTICIPANT_MSG.memberNotJoined);
        return true;
      },
    }),

  participantsPage: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput(
        { ...pagingProps, id: idProp, name: { type: 'string', maxLength: 50, title: '姓名' }, signed: { type: 'boolean', title: '是否签到' }, offWorkStatus: { type: 'integer', enum: [-1, 0, 1], title: '请假状态' } },
        ['id'],
      ),
      returns: '{totalCount, items: {userId, name, organName, phoneNumber(脱敏), status, signInTime, signInBy, creationTime, signInStatus, offWorkStatus, leaveReason, leaveTime, leaveAuditRemark, attendance}[]}',
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        let q = call.ctx.db
          .selectFrom('recordParticipants as pt')
          .innerJoin('users as u', 'u.id', 'pt.userId')
          .leftJoin('organizations as og', 'og.id', 'pt.organId')
          .leftJoin('users as sb', 'sb.id', 'pt.signInByUserId')
          .where('pt.recordId', '=', rec.id)
          .where('pt.status', '=', 1);
        if (call.input.name?.trim()) q = q.where('u.name', 'like', `%${call.input.name.trim().replace(/[\\%_]/g, (c: string) => `\\${c}`)}%`);
        if (call.input.signed === true) q = q.where('pt.signInTime', 'is not', null);
        if (call.input.signed === false) q = q.where('pt.signInTime', 'is', null);
        if (call.input.offWorkStatus !== undefined) q = q.where('pt.leaveStatus', '=', call.input.offWorkStatus);
        const page = await pageQuery(q, call.input, (x) =>
          x
            .select(['pt.userId', 'u.name', 'og.organName', 'u.phoneNumber', 'pt.status', 'pt.signInTime', 'sb.name as signInBy', 'pt.creationTime', 'pt.leaveStatus', 'pt.leaveReason', 'pt.leaveTime', 'pt.leaveAuditRemark'])
            .orderBy('pt.creationTime')
            .orderBy('pt.userId'),
        );
        const window = signInWindow(call, o, rec.data);
        const ended = !!window && call.ctx.now() >= window.to;
        return {
          totalCount: page.totalCount,
          items: page.items.map(({ leaveStatus, ...p }) => ({
            ...p, phoneNumber: maskPhone(p.phoneNumber), signInStatus: p.signInTime ? 1 : 0, offWorkStatus: leaveStatus, attendance: attendanceOf({ signInTime: p.signInTime, leaveStatus }, ended),
          })),
        };
      },
    }),

  signInCode: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ id: idProp, refresh: { type: 'boolean', title: '重新生成' } }), returns: '{code, validFrom, validTo, signUrl?}',
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        const existing = await call.ctx.db.selectFrom('recordSignCodes').select(['code', 'creationTime']).where('recordId', '=', rec.id).executeTakeFirst();
        // `refresh` is the older way to rotate (a GET); rotateSignInCode is the call for it
        const current = !existing || call.input.refresh ? await rotateCode(call, rec) : existing;
        return codeAnswer(call, o, rec, current);
      },
    }),

  /** The organiser replaces the code: the old code and every QR code showing it stop working at once. */
  rotateSignInCode: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: idOnly, returns: '{code, validFrom, validTo, signUrl?}',
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        return codeAnswer(call, o, rec, await rotateCode(call, rec));
      },
    }),

  signIn: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput(
        { id: idProp, code: { type: 'string', maxLength: 10, title: '签到码', 'x-required-message': '请输入签到码' }, token: { type: 'string', maxLength: 1000, title: '签到二维码' } },
        ['id'],
      ),
      returns: '{signInTime}',
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        const mine = await participation(call, rec.id, call.user.userId);
        if (!mine) throw badRequest(PARTICIPANT_MSG.notJoined);
        if (mine.signInTime) throw badRequest(PARTICIPANT_MSG.signed);
        const window = signInWindow(call, o, rec.data);
        const now = call.ctx.now();
        if (!window || now < window.from || now >= window.to) throw badRequest(PARTICIPANT_MSG.outOfWindow);
        const code = await call.ctx.db.selectFrom('recordSignCodes').select('code').where('recordId', '=', rec.id).executeTakeFirst();
        await checkSignIn(call.ctx, signInEvent(o, rec, code?.code ?? null), call.user.userId, { code: call.input.code, token: call.input.token });
        await call.ctx.db.updateTable('recordParticipants').set({ signInTime: now, signInByUserId: null }).where('recordId', '=', rec.id).where('userId', '=', call.user.userId).where('signInTime', 'is', null).execute();
        return { signInTime: now };
      },
    }),

  /** A participant asks for leave, with a reason, before the record's start (`participants.leave`). A rejected request may be asked again. */
  askLeave: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ id: idProp, reason: { type: 'string', minLength: 1, maxLength: 500, title: '请假事由', 'x-message': '请输入请假事由', 'x-required-message': '请输入请假事由' } }, ['id', 'reason']),
      returns: '{offWorkStatus: 0}',
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        const reason = String(call.input.reason).trim();
        if (!reason) throw invalid([{ message: '请输入请假事由', members: ['reason'] }]);
        const mine = await participation(call, rec.id, call.user.userId);
        if (!mine) throw badRequest(PARTICIPANT_MSG.notParticipant);
        if (mine.signInTime) throw badRequest(PARTICIPANT_MSG.leaveSigned);
        const before = instantField(call, rec.data, cfgOf(o).leave!.beforeField);
        if (before && call.ctx.now() >= before) throw badRequest(PARTICIPANT_MSG.leaveClosed);
        // a pending or approved request stands; two simultaneous asks: the conditional update lets one through
        const hit = await call.ctx.db
          .updateTable('recordParticipants')
          .set({ leaveReason: reason, leaveStatus: 0, leaveTime: call.ctx.now(), leaveAuditUserId: null, leaveAuditTime: null, leaveAuditRemark: null })
          .where('recordId', '=', rec.id)
          .where('userId', '=', call.user.userId)
          .where('status', '=', 1)
          .where((eb) => eb.or([eb('leaveStatus', 'is', null), eb('leaveStatus', '=', -1)]))
          .returning('userId')
          .executeTakeFirst();
        if (!hit) throw badRequest(PARTICIPANT_MSG.leaveAgain);
        return { offWorkStatus: 0 };
      },
    }),

  /** The organiser approves or rejects a pending leave request (offWorkStatus 1 / -1). */
  decideLeave: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      decides: { noun: '请假', verb: '审批', caseOf: '请假的党员', subject: async ({ input }) => input.userId },
      input: objectInput(
        { id: idProp, userId: { type: 'integer', minimum: 1, title: '党员' }, approved: { type: 'boolean', title: '审批结果', 'x-required-message': '请选择审批结果' }, remark: { type: 'string', maxLength: 500, title: '备注' } },
        ['id', 'userId', 'approved'],
      ),
      returns: '{offWorkStatus}',
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        const offWorkStatus = call.input.approved ? 1 : -1;
        const hit = await call.ctx.db
          .updateTable('recordParticipants')
          .set({ leaveStatus: offWorkStatus, leaveAuditUserId: call.user.userId, leaveAuditTime: call.ctx.now(), leaveAuditRemark: call.input.remark?.trim() || null })
          .where('recordId', '=', rec.id)
          .where('userId', '=', call.input.userId)
          .where('status', '=', 1)
          .where('leaveStatus', '=', 0)
          .returning('userId')
          .executeTakeFirst();
        if (!hit) {
          const p = await participation(call, rec.id, call.input.userId);
          if (!p) throw notFound(PARTICIPANT_MSG.memberNotJoined);
          throw badRequest(p.leaveStatus == null ? PARTICIPANT_MSG.noLeave : PARTICIPANT_MSG.leaveDecided);
        }
        return { offWorkStatus };
      },
    }),

  supplementSignIn: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: idAndUser, returns: 'true',
      decides: { noun: '签到', verb: '补签', caseOf: '被补签的党员', subject: async ({ input }) => input.userId },
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        const p = await participation(call, rec.id, call.input.userId);
        if (!p) throw notFound(PARTICIPANT_MSG.memberNotJoined);
        if (p.signInTime) throw badRequest('该党员已签到');
        await call.ctx.db.updateTable('recordParticipants').set({ signInTime: call.ctx.now(), signInByUserId: call.user.userId }).where('recordId', '=', rec.id).where('userId', '=', call.input.userId).execute();
        return true;
      },
    }),
};
