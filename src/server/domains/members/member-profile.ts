import { MSG } from '../../../contract/messages';
import { maskIdCard, maskPhone } from '../../../contract/validators';
import { entityInput } from '../../records/entity-input';
import type { Selectable } from 'kysely';
import type { PartyMemberTable } from '../../db/schema';
import type { MemberProfile } from '../../../contract/members';

/**
 * The member profile of core §3: top-level fields plus the `addition` and `partyMember` groups.
 * Spec spellings are kept (otherContack, currentTechnicalLevle, partyMemeberType, difficulInstruction, intergrity).
 */
/** The group's schema without its `required`: the identity card is checked by validateMemberForm (its field name, the check digit). */
type Prop = Record<string, unknown>;
const groupOf = (props: Record<string, Prop>, name: 'addition' | 'partyMember') => {
  const { required: _formOnly, ...group } = props[name];
  return group as Prop & { properties: Record<string, Prop> };
};
const profile = entityInput('partyMember', { optional: ['addition'] }).properties as Record<string, Prop>;

/**
 * Top-level member form fields and the two groups, with the limits and the messages of core §5 —
 * all from schemas/party-member.json, the form the administrators and the member's page read.
 */
export const memberFormProps = {
  id: { type: 'integer', minimum: 1, title: '党员' },
  name: profile.name,
  organId: profile.organId,
  phoneNumber: profile.phoneNumber,
  headImage: { type: ['string', 'null'], maxLength: 500, title: '头像' },
  isJoinOneLineSituation: profile.isJoinOneLineSituation,
  addition: groupOf(profile, 'addition'),
  partyMember: groupOf(profile, 'partyMember'),
};
export const additionSchema = memberFormProps.addition;
export const partyMemberGroupSchema = memberFormProps.partyMember;

export type MemberRow = Pick<
  Selectable<PartyMemberTable>,
  'organId' | 'organPath' | 'name' | 'idCard' | 'phoneNumber' | 'sex' | 'headImage' | 'partyDutyCode' | 'isJoinOneLineSituation' | 'addition' | 'partyMember'
> & { id: number; userId: number | null; status: number; organName?: string | null; userName?: string | null; creationTime?: Date };

/** Row → profile DTO. `reveal` false masks the identity card and phone (lists, readers without the right). */
export function toProfile(r: MemberRow, reveal = true): MemberProfile {
  const addition: Record<string, unknown> = { ...(r.addition as Record<string, unknown>), sex: r.sex, idCard: reveal ? r.idCard : maskIdCard(r.idCard) };
  const partyMember: Record<string, unknown> = { partyMemeberType: 1, ...(r.partyMember as Record<string, unknown>), partyDutyCode: r.partyDutyCode };
  return {
    id: r.id,
    userId: r.userId,
    name: r.name,
    organId: r.organId,
    organName: r.organName ?? '',
    organPath: r.organPath,
    headImage: r.headImage,
    userName: r.userName ?? null,
    phoneNumber: reveal ? r.phoneNumber : maskPhone(r.phoneNumber),
    isJoinOneLineSituation: r.isJoinOneLineSituation,
    status: r.status,
    addition,
    partyMember,
  };
}

/** A masked value sent back unchanged keeps what is stored. */
