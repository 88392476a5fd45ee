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
