/**
 * Field rules of core §5, shared by the server's validation and the client's forms.
 * Masked forms (e.g. 138****1234, 5101**********1234) are accepted because the server returns
 * masked values to readers without the right to see them, and a form may send them back unchanged.
 */
import { MSG } from './messages';

export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const PHONE_MASKED_PATTERN = /^1[3-9]\d\*{4}\d{4}$/;
export const ID_CARD_PATTERN = /^(\d{15}|\d{17}[\dXx])$/;
export const ID_CARD_MASKED_PATTERN = /^\d{4,6}\*{6,10}[\dXx*]{2,4}$/;

/** A number sent back masked, as it was shown, stands for the stored one (never stored masked). */
export const unmasked = (incoming: string | null | undefined, stored: string | null) =>
  incoming && incoming.includes('*') ? stored : incoming ?? null;

/** As JSON-schema patterns: a number either whole or masked as the server shows it. */
export const PHONE_ANY = `(${PHONE_PATTERN.source})|(${PHONE_MASKED_PATTERN.source})`;
export const ID_CARD_ANY = `(${ID_CARD_PATTERN.source})|(${ID_CARD_MASKED_PATTERN.source})`;
export const isPhone = (v: string) => PHONE_PATTERN.test(v) || PHONE_MASKED_PATTERN.test(v);

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The check character (GB 11643) of an identity number's first 17 digits. */
export function idCardCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11];
}

/** An 18-character resident identity number whose last character is the check character of the first 17 (upper-case X). */
export function isValidIdCard(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  return idCardCheckDigit(id.slice(0, 17)) === id[17];
}

/**
 * The one identity-card rule of the member form, the registration and the browser: a number either
 * masked as the server shows it or whole; with `checkDigit` a whole number must also carry the right
 * check character (x read as X), so a typo is 身份证号格式错误.
 */
export const isIdCard = (v: string, opts: { checkDigit?: boolean } = {}) =>
  ID_CARD_MASKED_PATTERN.test(v) || (ID_CARD_PATTERN.test(v) && (!opts.checkDigit || isValidIdCard(v.toUpperCase())));

export type FieldError = { message: string; members: string[] };

/** Sex codes of the code table `sex`. */
export const SEX = { male: 1, female: 2 } as const;

/**
 * What an 18-digit identity number says of its holder (GB 11643): the birthday (digits 7–14, a real
 * calendar day) and the sex (digit 17: odd 男 1, even 女 2). Null unless the number is whole and its
 * check character right. The browser fills 性别 and 出生日期 from it; the server refuses a form that
 * contradicts it.
 */
export function idCardFacts(id: string | null | undefined): { birthday: string; sex: 1 | 2 } | null {
  const v = String(id ?? '').trim().toUpperCase();
  if (!isValidIdCard(v)) return null;
  const y = Number(v.slice(6, 10)), m = Number(v.slice(10, 12)), d = Number(v.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return { birthday: `${v.slice(6, 10)}-${v.slice(10, 12)}-${v.slice(12, 14)}`, sex: Number(v[16]) % 2 ? SEX.male : SEX.female };
}

/** The fields of a form that contradict its identity number: 性别 and 出生日期, with Chinese messages. */
export function idCardContradictions(
  id: string | null | undefined,
  given: { sex?: unknown; birthday?: unknown },
  members: { sex: string; birthday: string } = { sex: 'sex', birthday: 'birthday' },
): FieldError[] {
  const facts = idCardFacts(id);
  if (!facts) return [];
  const errors: FieldError[] = [];
  const sex = given.sex == null || given.sex === '' ? null : Number(given.sex);
  if (sex != null && (sex === SEX.male || sex === SEX.female) && sex !== facts.sex) {
    errors.push({ message: `性别与身份证号不符：身份证号显示为${facts.sex === SEX.male ? '男' : '女'}`, members: [members.sex] });
  }
  const birthday = typeof given.birthday === 'string' && given.birthday ? given.birthday.slice(0, 10) : null;
  if (birthday && birthday !== facts.birthday) errors.push({ message: `出生日期与身份证号不符：身份证号显示为${facts.birthday}`, members: [members.birthday] });
  return errors;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The member form of core §5: name, organId, phoneNumber; idCard when `requireIdCard`, with its check character when `checkDigit`. */
export function validateMemberForm(
  input: { name?: unknown; organId?: unknown; phoneNumber?: unknown; idCard?: unknown },
  opts: { requireIdCard?: boolean; checkDigit?: boolean } = {},
): FieldError[] {
  const errors: FieldError[] = [];
  if (blank(input.name)) errors.push({ message: MSG.nameRequired, members: ['name'] });
  if (blank(input.organId)) errors.push({ message: MSG.organRequired, members: ['organId'] });
  if (blank(input.phoneNumber)) errors.push({ message: MSG.phoneRequired, members: ['phoneNumber'] });
  else if (!isPhone(String(input.phoneNumber))) errors.push({ message: MSG.phoneInvalid, members: ['phoneNumber'] });
  if (blank(input.idCard)) {
    if (opts.requireIdCard) errors.push({ message: MSG.idCardRequired, members: ['idCard'] });
  } else if (!isIdCard(String(input.idCard), { checkDigit: opts.checkDigit })) errors.push({ message: MSG.idCardInvalid, members: ['idCard'] });
  return errors;
}

/** Passwords: 8 to 20 characters with at least one letter and one digit. */
export const isStrongPassword = (v: string) => v.length >= 8 && v.length <= 20 && /[A-Za-z]/.test(v) && /\d/.test(v);

export const maskPhone = (v: string | null | undefined) => (v && PHONE_PATTERN.test(v) ? `${v.slice(0, 3)}****${v.slice(7)}` : v ?? '');
export const maskIdCard = (v: string | null | undefined) =>
  v && ID_CARD_PATTERN.test(v) ? `${v.slice(0, 6)}${'*'.repeat(v.length - 10)}${v.slice(-4)}` : v ?? '';
