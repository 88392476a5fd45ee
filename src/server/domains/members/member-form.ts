/**
 * The member form on the server: core §5's rules (with the identity card's check digit for an
 * administrator's entry), uniqueness of the identity card and phone, the split of a profile into the
 * promoted columns and the JSON groups, the fields a member may not change himself, and the quick
 * form (SimpleCreate / SimpleUpdate).
 */
import { MSG } from '../../../contract/messages';
import type { MemberProfileInput } from '../../../contract/members';
import { lockedMessage, MEMBER_LOCKED_FIELDS, normaliseLocked } from '../../../contract/member-self-edit';
import { ID_CARD_ANY, idCardContradictions, idCardFacts, unmasked, validateMemberForm, type FieldError } from '../../../contract/validators';
import { badRequest, invalid } from '../../http/errors';
import { objectInput } from '../../http/paging';
import type { Database } from '../../db/database';
import { memberFormProps, toProfile, type MemberRow } from './member-profile';

export type Profile = MemberProfileInput;
type Stored = Pick<MemberRow, 'phoneNumber' | 'idCard'>;
export type FormOptions = { checksum?: boolean; idCardMember?: string };

const text = (v: unknown) => v as string | null | undefined;

/**
 * Core §5 member-form rules, checked on the server too (the identity card sits in `addition`).
 * Values are checked as they will be stored: a masked value sent back stands for the stored one.
 * An administrator's entry must also carry a right check digit (GB 11643): a typo is 身份证号格式错误.
 */
export function memberFormErrors(p: Profile, stored?: Stored, opts: FormOptions = {}): FieldError[] {
  const phoneNumber = unmasked(p.phoneNumber, stored?.phoneNumber ?? null);
  const idCard = unmasked(text(p.addition?.idCard), stored?.idCard ?? null);
  // a number already on record is not checked again
  const checkDigit = !!opts.checksum && idCard !== stored?.idCard;
  const errors = validateMemberForm({ name: p.name, organId: p.organId, phoneNumber, idCard }, { requireIdCard: true, checkDigit });
  // 性别 and 出生日期 must agree with the number (the browser fills them from it)
  if (!errors.some((e) => e.members[0] === 'idCard')) errors.push(...idCardContradictions(idCard, { sex: p.addition?.sex, birthday: p.addition?.birthday }, opts.idCardMember === 'addition.idCard' ? { sex: 'addition.sex', birthday: 'addition.birthday' } : undefined));
  const idMember = opts.idCardMember ?? 'idCard';
  return errors.map((e) => (e.members[0] === 'idCard' ? { ...e, members: [idMember] } : e));
}

export function checkForm(p: Profile, stored?: Stored, opts?: FormOptions) {
  const errors = memberFormErrors(p, stored, opts);
  if (errors.length) throw invalid(errors);
}

export async function assertUnique(db: Database, field: 'idCard' | 'phoneNumber', value: string | null, exceptMemberId?: number) {
  if (!value) return;
  let q = db.selectFrom('partyMembers').select('id').where(field, '=', value).where('isDeleted', '=', false);
  if (exceptMemberId) q = q.where('id', '!=', exceptMemberId);
  if (await q.executeTakeFirst()) {
    const message = field === 'idCard' ? MSG.idCardExists : MSG.phoneExists;
    throw badRequest(message, { validationErrors: [{ message, members: [field] }] });
  }
}

/** Splits a profile into the promoted columns and the JSON groups. */
export function toColumns(p: Profile, stored?: Stored) {
  const { sex, idCard, ...addition } = p.addition ?? {};
  const storedIdCard = unmasked(text(idCard), stored?.idCard ?? null)?.toUpperCase() ?? null;
  // the analysis counts ages from the birthday alone: the sealed number cannot be read in SQL
  if (!addition.birthday && idCardFacts(storedIdCard)) addition.birthday = idCardFacts(storedIdCard)!.birthday;
  const { partyDutyCode, ...partyMember } = p.partyMember ?? {};
  return {
    name: p.name.trim(),
    phoneNumber: unmasked(p.phoneNumber, stored?.phoneNumber ?? null),
    idCard: storedIdCard,
    sex: (sex ?? null) as number | null,
    headImage: p.headImage ?? null,
    isJoinOneLineSituation: !!p.isJoinOneLineSituation,
    partyDutyCode: (partyDutyCode ?? null) as string | null,
    partyMemberType: Number(partyMember.partyMemeberType ?? 1),
    addition: JSON.stringify(addition),
    partyMember: JSON.stringify(partyMember),
  };
}

export type MemberColumns = ReturnType<typeof toColumns>;

/**
 * A member's own update: an administrator-only field echoed back unchanged (or left out) keeps the
 * stored value; a changed one is refused, naming the field.
 */
export function guardOwnEdit(stored: MemberRow, p: Profile): Profile {
  const current = toProfile(stored);
  const out: Profile = { ...p, addition: { ...(p.addition ?? {}) }, partyMember: { ...(p.partyMember ?? {}) } };
  const errors: FieldError[] = [];
  for (const f of MEMBER_LOCKED_FIELDS) {
    const into = (f.group === 'top' ? out : out[f.group]!) as Record<string, unknown>;
    const was = (f.group === 'top' ? current : current[f.group]) as unknown as Record<string, unknown>;
    const sent = into[f.name];
    const masked = typeof sent === 'string' && sent.includes('*');
    if (sent !== undefined && !masked && normaliseLocked(f.kind, sent) !== normaliseLocked(f.kind, was[f.name])) {
      errors.push({ message: lockedMessage(f), members: [f.group === 'top' ? f.name : `${f.group}.${f.name}`] });
    }
    if (was[f.name] === undefined) delete into[f.name];
    else into[f.name] = was[f.name];
  }
  if (errors.length) throw invalid(errors);
  return out;
}

export const profileInput = objectInput(memberFormProps, ['name', 'organId', 'phoneNumber']);

/** The quick form's fields (SimpleCreate, SimpleUpdate). */
export const simpleProps = {
  id: memberFormProps.id,
  name: memberFormProps.name,
  organId: memberFormProps.organId,
  phoneNumber: memberFormProps.phoneNumber,
  idCard: { type: 'string', pattern: ID_CARD_ANY, title: '身份证号', 'x-message': MSG.idCardInvalid, 'x-required-message': MSG.idCardRequired },
  sex: { type: ['integer', 'null'], enum: [1, 2, null], title: '性别' },
  partyDutyCode: { type: ['string', 'null'], maxLength: 32, title: '党内职务' },
  partyMemeberType: { type: ['integer', 'null'], enum: [1, 2, null], title: '党员类型' },
  joinPartyDate: { type: ['string', 'null'], pattern: '^(\\d{4}-\\d{2}-\\d{2}.*)?$', title: '入党日期', 'x-message': '入党日期格式不正确' },
};
export type Simple = { id?: number; name: string; organId: number; phoneNumber: string; idCard: string; sex?: number | null; partyDutyCode?: string | null; partyMemeberType?: number | null; joinPartyDate?: string | null };

export const simpleToProfile = (s: Simple, stored?: ReturnType<typeof toProfile>): Profile => ({
  name: s.name,
  organId: s.organId,
  phoneNumber: s.phoneNumber,
  headImage: stored?.headImage ?? null,
  isJoinOneLineSituation: stored?.isJoinOneLineSituation ?? false,
  addition: { ...(stored?.addition ?? {}), idCard: s.idCard, sex: s.sex ?? stored?.addition.sex ?? null },
  partyMember: { ...(stored?.partyMember ?? {}), partyDutyCode: s.partyDutyCode ?? null, partyMemeberType: s.partyMemeberType ?? 1, joinPartyDate: s.joinPartyDate ?? null },
});
