/**
 * A member's child records written by administrators: 奖惩 (BonusPenalty) and 出国（境） (Abroad).
 * Their fields, titles and messages come from schemas/member-bonus-penalty.json and
 * schemas/member-abroad.json — the same files the admin screens render — so the form and the
 * server's validation cannot drift. Field names are the original server's (reference client),
 * spelling quirks included; the member is named by `memberId` or, as the original client sends it,
 * by the member's account `userId`.
 */
import bonusFile from '../../../../schemas/member-bonus-penalty.json' with { type: 'json' };
import abroadFile from '../../../../schemas/member-abroad.json' with { type: 'json' };
import { MSG } from '../../../contract/messages';
import { P } from '../../../contract/permissions';
import { action, type Call } from '../../http/actions';
import { badRequest, notFound } from '../../http/errors';
import { idInput, objectInput } from '../../http/paging';
import { checkEntityFile } from '../../records/entities';
import { bodySchema } from '../../records/op-kit';
import type { Database } from '../../db/database';

type SubTable = 'memberBonusPenalties' | 'memberAbroads';
type Body = Record<string, unknown> & { id?: number; memberId?: number; userId?: number };

const memberRef = {
  memberId: { type: 'integer', minimum: 1, title: '党员' },
  userId: { type: 'integer', minimum: 1, title: '党员用户' },
};

/** The member a record belongs to, visible to the caller; a member beyond his subtree is not found. */
async function memberInScope(call: Call<unknown>, ref: { memberId?: number; userId?: number }, notFoundMessage: string = MSG.memberNotFound) {
  if (!ref.memberId && !ref.userId) throw badRequest('请指定党员');
  let q = call.ctx.db.selectFrom('partyMembers').select(['id', 'userId', 'organPath']);
  q = ref.memberId ? q.where('id', '=', ref.memberId) : q.where('userId', '=', ref.userId!);
  const row = await q.executeTakeFirst();
  call.requireVisible(row?.organPath, notFoundMessage);
  return row!;
}

/** A date that must not fall before another of the same record (ISO days compare as strings). */
const notBefore = (later: string, earlier: string, message: string) => (data: Record<string, unknown>) => {
  const a = data[later];
  const b = data[earlier];
  if (typeof a === 'string' && typeof b === 'string' && a.slice(0, 10) < b.slice(0, 10)) throw badRequest(message);
};

function subRecordActions(table: SubTable, file: unknown, path: string, label: string, check: (data: Record<string, unknown>) => void) {
  const entity = checkEntityFile(file, path);
  const body = bodySchema(entity, false);
  const dto = (r: { id: number; data: unknown }, m: { id: number; userId: number | null }) => ({ id: r.id, memberId: m.id, userId: m.userId, ...(r.data as object) });
  return {
    list: action<{ memberId?: number; userId?: number }>({
      method: 'GET',
      summary: `党员${label}记录列表（扩展接口；管理范围内的党员，详情页的子表）`,
      access: { permission: P.PartyMember },
      input: objectInput(memberRef),
      returns: `{totalCount, items: {id, memberId, userId, …${label}字段}[]}`,
      async handler(call) {
        const m = await memberInScope(call, call.input);
        const rows = await call.ctx.db.selectFrom(table).select(['id', 'data']).where('memberId', '=', m.id).orderBy('id').limit(500).execute();
        const items = rows.map((r) => dto(r, m));
        return { totalCount: items.length, items };
      },
    }),
    update: action<Body>({
      method: 'PUT',
      summary: `新增或修改党员${label}记录（不传 id 为新增；党员以 memberId 或其用户 userId 指定）`,
      access: { permission: P.PartyMemberUpdate },
      input: { ...body, properties: { id: { type: 'integer', minimum: 1, title: '记录' }, ...memberRef, ...body.properties } },
      returns: `{id, memberId, userId, …${label}字段}`,
      async handler(call) {
        const { ctx, input } = call;
        const m = await memberInScope(call, input);
        const { id, memberId: _m, userId: _u, ...data } = input;
        check(data);
        if (id) {
          const row = await ctx.db.updateTable(table).set({ data: JSON.stringify(data) }).where('id', '=', id).where('memberId', '=', m.id).returning(['id', 'data']).executeTakeFirst();
          if (!row) throw notFound(MSG.recordNotFound);
          return dto(row, m);
        }
        const row = await ctx.db.insertInto(table).values({ memberId: m.id, data: JSON.stringify(data) }).returning(['id', 'data']).executeTakeFirstOrThrow();
        return dto(row, m);
      },
    }),
    remove: action<{ id: number }>({
      method: 'DELETE',
      summary: `删除党员${label}记录`,
      access: { permission: P.PartyMemberUpdate },
      input: idInput,
      async handler(call) {
        const row = await call.ctx.db.selectFrom(table).select(['id', 'memberId']).where('id', '=', call.input.id).executeTakeFirst();
        if (!row) throw notFound(MSG.recordNotFound);
        // a record of a member beyond the subtree answers as a missing record
        await memberInScope(call, { memberId: row.memberId }, MSG.recordNotFound);
        await call.ctx.db.deleteFrom(table).where('id', '=', row.id).execute();
        return true;
      },
    }),
  };
}

export const bonusPenaltyActions = subRecordActions('memberBonusPenalties', bonusFile, 'schemas/member-bonus-penalty.json', '奖惩',
  notBefore('revocationDate', 'approvalDate', '撤销日期不能早于批准日期'));
export const abroadActions = subRecordActions('memberAbroads', abroadFile, 'schemas/member-abroad.json', '出国（境）',
  notBefore('backDate', 'abroadDate', '回国日期不能早于出境日期'));

/** Both kinds of a member's child records, for the member's detail (GetPartyMember). */
export async function memberSubRecords(db: Database, member: { id: number; userId: number | null }) {
  const [b, a] = await Promise.all([
    db.selectFrom('memberBonusPenalties').select(['id', 'data']).where('memberId', '=', member.id).orderBy('id').execute(),
    db.selectFrom('memberAbroads').select(['id', 'data']).where('memberId', '=', member.id).orderBy('id').execute(),
  ]);
  const dto = (r: { id: number; data: unknown }) => ({ id: r.id, memberId: member.id, userId: member.userId, ...(r.data as object) });
  return { bonusPenalties: b.map(dto), abroads: a.map(dto) };
}
