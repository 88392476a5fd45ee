/**
 * The secretary (书记) of a member's own branch, for the contact cards of the party-space pages
 * (PartyMemberService/GetUserSecretaryInfo). Read from the organisation's leadership team
 * (organ_team_members, duties of the partyDuty code table): the 书记 in office, else the 副书记,
 * else only the organisation's own office number.
 */
import type { AppContext } from '../../context';
import { maskPhone } from '../../../contract/validators';
import type { SecretaryInfo } from '../../../contract/types';
import { platformDay } from '../../platform-day';

/** partyDuty codes (seed/base-codes.ts): 1 书记, 2 副书记 — in the order they are asked for */
const DUTIES = [
  { code: '1', name: '书记' },
  { code: '2', name: '副书记' },
] as const;


export async function findSecretary(ctx: Pick<AppContext, 'db' | 'config' | 'now'>, organId: number): Promise<SecretaryInfo | null> {
  const organ = await ctx.db
    .selectFrom('organizations')
    .select(['id', 'organName', 'contactPhone'])
    .where('id', '=', organId)
    .where('isDeleted', '=', false)
    .executeTakeFirst();
  if (!organ) return null;
  const today = platformDay(ctx);
  const team = await ctx.db
    .selectFrom('organTeamMembers as t')
    .leftJoin('partyMembers as m', 'm.id', 't.memberId')
    .leftJoin('users as u', 'u.id', 't.userId')
    .select(['t.name', 't.dutyCode', 't.dutyName', 'm.phoneNumber as memberPhone', 'u.phoneNumber as userPhone'])
    .where('t.organId', '=', organ.id)
    .where((eb) => eb.or([eb('t.dutyCode', 'in', DUTIES.map((d) => d.code)), eb('t.dutyName', 'in', DUTIES.map((d) => d.name))]))
    // in office: started (or no start recorded) and not yet ended, by the platform's calendar day
    .where((eb) => eb.or([eb('t.startDate', 'is', null), eb('t.startDate', '<=', today)]))
    .where((eb) => eb.or([eb('t.endDate', 'is', null), eb('t.endDate', '>=', today)]))
    .orderBy('t.sort')
    .orderBy('t.id')
    .execute();
  const contactPhone = organ.contactPhone ?? '';
  for (const duty of DUTIES) {
    const s = team.find((t) => t.dutyCode === duty.code || (!t.dutyCode && t.dutyName === duty.name));
    if (s) return { organId: organ.id, organName: organ.organName, dutyName: duty.name, name: s.name, phoneNumber: maskPhone(s.memberPhone || s.userPhone || ''), contactPhone };
  }
  if (!contactPhone) return null;
  return { organId: organ.id, organName: organ.organName, dutyName: '', name: '', phoneNumber: '', contactPhone };
}
