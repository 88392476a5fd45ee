import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { maskPhone } from '../../../contract/validators';
import { action, type Call } from '../../http/actions';
import { badRequest, invalid, notFound } from '../../http/errors';
import { objectInput, pageQuery, pagingProps } from '../../http/paging';
import { platformInstant } from '../../platform-day';
import { isInSubtree } from '../../scope';
import type { ParticipantsConfig } from '../entities';
import { actingOrgan, type RecordRow } from '../store';
import { idProp, loadInScope, type OpContext } from '../op-kit';
import type { Builder } from '../operations';

/**
 * Participants of a record (enrolment in an activity, a class, a meeting): join with a capacity
 * that simultaneous joins can never exceed (the record row is locked first, then counted), leave
 * before it starts, administrators add and remove members of their subtree, and sign-in by the
 * organiser's code within a window.
 */
export const PARTICIPANT_MSG = {
  closed: '报名已截止',
  full: '名额已满',
  already: '您已报名，请勿重复报名',
  notJoined: '您未报名该活动',
  started: '活动已开始，不能取消报名',
  codeWrong: '签到码错误',
  outOfWindow: '不在签到时间内',
  signed: '您已签到',
  notMember: '所选党员不在您的管理范围内',
  memberNotJoined: '该党员未报名',
} as const;

const cfgOf = (o: OpContext): ParticipantsConfig => o.entity.service!.participants!;
const capacityOf = (o: OpContext, data: Record<string, unknown>) => Math.max(0, Number(data[cfgOf(o).capacityField ?? ''] ?? 0) || 0);

/** The instant a body field names, in the platform zone; a day-only deadline includes that day. */
const instantField = (call: Call<any>, data: Record<string, unknown>, field: string | undefined, endOfDay = false) =>
  field ? platformInstant(call.ctx, data[field], { endOfDay }) : null;

/** The sign-in window: from `openMinutesBefore` the start to the end. */
function signInWindow(call: Call<any>, o: OpContext, data: Record<string, unknown>) {
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
async function enrol(call: Call<any>, o: OpContext, rec: RecordRow, people: { userId: number; organId: number | null; organPath: string }[], addedBy: number | null) {
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

async function withdraw(call: Call<any>, rec: RecordRow, userId: number, notJoined: string) {
  await call.ctx.db.transaction().execute(async (trx) => {
    const hit = await trx
      .updateTable('recordParticipants')
      .set({ status: 2, cancelTime: call.ctx.now() })
      .where('recordId', '=', rec.id)
      .where('userId', '=', userId)
      .where('status', '=', 1)
      .returning('userId')
      .executeTakeFirst();
    if (!hit) throw badRequest(notJoined);
    await trx.updateTable('records').set({ participantCount: sql`greatest(participant_count - 1, 0)` }).where('id', '=', rec.id).execute();
  });
}

async function participation(call: Call<any>, recordId: number, userId: number) {
  return call.ctx.db.selectFrom('recordParticipants').selectAll().where('recordId', '=', recordId).where('userId', '=', userId).where('status', '=', 1).executeTakeFirst();
}

const idOnly = objectInput({ id: idProp }, ['id']);
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
        const start = instantField(call, rec.data, cfgOf(o).cancelBeforeField);
        if (start && call.ctx.now() >= start) throw badRequest(PARTICIPANT_MSG.started);
        await withdraw(call, rec, call.user.userId, PARTICIPANT_MSG.notJoined);
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
      method: o.config.method, summary: o.summary, access: o.access, input: idAndUser, returns: 'true',
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        await withdraw(call, rec, call.input.userId, PARTICIPANT_MSG.memberNotJoined);
        return true;
      },
    }),

  participantsPage: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ ...pagingProps, id: idProp, name: { type: 'string', maxLength: 50, title: '姓名' }, signed: { type: 'boolean', title: '是否签到' } }, ['id']),
      returns: '{totalCount, items: {userId, name, organName, phoneNumber(脱敏), status, signInTime, signInBy, creationTime}[]}',
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
        const page = await pageQuery<any>(q, call.input, (x) =>
          x.select(['pt.userId', 'u.name', 'og.organName', 'u.phoneNumber', 'pt.status', 'pt.signInTime', 'sb.name as signInBy', 'pt.creationTime']).orderBy('pt.creationTime').orderBy('pt.userId'),
        );
        return { totalCount: page.totalCount, items: page.items.map((p) => ({ ...p, phoneNumber: maskPhone(p.phoneNumber), signInStatus: p.signInTime ? 1 : 0 })) };
      },
    }),

  signInCode: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ id: idProp, refresh: { type: 'boolean', title: '重新生成' } }), returns: '{code, validFrom, validTo}',
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        const window = signInWindow(call, o, rec.data);
        const existing = await call.ctx.db.selectFrom('recordSignCodes').select('code').where('recordId', '=', rec.id).executeTakeFirst();
        let code = existing?.code;
        if (!code || call.input.refresh) {
          code = String(randomInt(0, 1_000_000)).padStart(6, '0');
          await call.ctx.db
            .insertInto('recordSignCodes')
            .values({ recordId: rec.id, code, createdByUserId: call.user.userId, creationTime: call.ctx.now() })
            .onConflict((oc) => oc.column('recordId').doUpdateSet({ code, createdByUserId: call.user.userId, creationTime: call.ctx.now() }))
            .execute();
        }
        return { code, validFrom: window?.from ?? null, validTo: window?.to ?? null };
      },
    }),

  signIn: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ id: idProp, code: { type: 'string', minLength: 1, maxLength: 10, title: '签到码', 'x-required-message': '请输入签到码' } }, ['id', 'code']),
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
        if (!code || code.code !== call.input.code.trim()) throw invalid([{ message: PARTICIPANT_MSG.codeWrong, members: ['code'] }]);
        await call.ctx.db.updateTable('recordParticipants').set({ signInTime: now, signInByUserId: null }).where('recordId', '=', rec.id).where('userId', '=', call.user.userId).where('signInTime', 'is', null).execute();
        return { signInTime: now };
      },
    }),

  supplementSignIn: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: idAndUser, returns: 'true',
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
