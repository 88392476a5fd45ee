/**
 * The member lists (PageList, the picker's SearchPageList, the registration audit list): always
 * inside the caller's subtree, numbers masked unless revealed by one who may (and then logged).
 */
import { MSG } from '../../../contract/messages';
import type { MemberListItem } from '../../../contract/members';
import { P } from '../../../contract/permissions';
import type { Call } from '../../http/actions';
import { forbidden } from '../../http/errors';
import { sql } from 'kysely';
import { cursorPageQuery, cursorPagingProps, type CursorPagingInput } from '../../http/paging';
import { subtreeOrder, subtreeRange } from '../../scope';
import { nameContains } from '../../db/name-search';
import { toProfile } from './member-profile';
import { canSeeSensitive, logSensitiveView, memberRows, type MemberRecord } from './member-queries';

export const LIST_ITEM = '{id, name, sex, organId, organName, phoneNumber(脱敏), idCard(脱敏), partyDutyCode, partyMemeberType, joinPartyDate, status}';

export const listFilters = {
  keyword: { type: 'string', maxLength: 50, title: '关键字' },
  organPath: { type: 'string', maxLength: 500, pattern: '^/(\\d+/)*$', title: '党组织', 'x-message': MSG.organRequired },
  name: { type: 'string', maxLength: 50, title: '姓名' },
  idCard: { type: 'string', maxLength: 18, title: '身份证号' },
  phoneNumber: { type: 'string', maxLength: 11, title: '手机号' },
  sex: { type: 'integer', enum: [1, 2], title: '性别' },
  partyDutyCodes: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 32 }, title: '党内职务' },
  partyMemeberType: { type: 'integer', enum: [1, 2], title: '党员类型' },
  ...cursorPagingProps,
};
export type ListInput = CursorPagingInput & { reveal?: boolean; keyword?: string; organPath?: string; name?: string; idCard?: string; phoneNumber?: string; sex?: number; partyDutyCodes?: string[]; partyMemeberType?: number };

/** The member list, always inside the caller's subtree (a narrower organPath must lie inside it). */
export async function pageMembers(call: Call<ListInput>, status = 1): Promise<{ totalCount: number; items: MemberListItem[]; lastId: number | null }> {
  const { ctx, input, user } = call;
  if (input.organPath) call.requireScope(input.organPath);
  // numbers in full (an export 导出完整信息): only with the right, and every page of them is logged
  if (input.reveal && !canSeeSensitive(call)) throw forbidden(`${MSG.forbidden}（${P.PartyMemberViewSensitive}）`);
  let q = memberRows(ctx.db).where(subtreeRange('m.organPath', input.organPath || user.organPath)).where('m.status', '=', status);
  const like = (v: string) => `%${v.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (input.keyword) q = q.where((eb) => eb.or([eb('m.name', 'like', like(input.keyword!)), eb('m.phoneNumber', '=', input.keyword!.trim()), eb('m.idCard', '=', input.keyword!.trim().toUpperCase())]));
  if (input.name?.trim()) q = q.where(nameContains('m.name', input.name));
  if (input.idCard) q = q.where('m.idCard', '=', input.idCard.trim().toUpperCase());
  if (input.phoneNumber) q = q.where('m.phoneNumber', '=', input.phoneNumber.trim());
  if (input.sex) q = q.where('m.sex', '=', input.sex);
  if (input.partyDutyCodes?.length) q = q.where('m.partyDutyCode', 'in', input.partyDutyCodes);
  if (input.partyMemeberType) q = q.where('m.partyMemberType', '=', input.partyMemeberType);
  // the cursor variant reads on after LastId by the order's own index (organ_path collate "C", id)
  const page = await cursorPageQuery<MemberRecord, typeof q>(
    q,
    input,
    async (list, lastId) => {
      const last = await list.clearSelect().clearOrderBy().select('m.organPath').where('m.id', '=', lastId).executeTakeFirst();
      return last ? list.where(sql<boolean>`(${subtreeOrder('m.organPath')}, m.id) > (${last.organPath as string} collate "C", ${lastId})`) : null;
    },
    (x) => x.orderBy(subtreeOrder('m.organPath')).orderBy('m.id'),
  );
  if (input.reveal && page.items.length) await logSensitiveView(call, 'PageList', page.items.map((r) => r.id), { reveal: true });
  return {
    totalCount: page.totalCount,
    lastId: page.lastId,
    items: page.items.map((r) => {
      const p = toProfile(r, !!input.reveal);
      return {
        id: r.id, userId: r.userId, name: r.name, sex: r.sex, organId: r.organId, organName: r.organName, phoneNumber: p.phoneNumber, idCard: p.addition.idCard as string | null,
        partyDutyCode: r.partyDutyCode, partyMemeberType: p.partyMember.partyMemeberType as number | null, joinPartyDate: (p.partyMember.joinPartyDate ?? null) as string | null,
        status: r.status, creationTime: r.creationTime, auditRemark: r.auditRemark, auditTime: r.auditTime,
      };
    }),
  };
}
