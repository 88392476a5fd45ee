/** Resident identity numbers (GB 11643) and unified social credit codes (GB 32100) with valid check characters, for the demo data; the identity-card rule itself is src/contract/validators.ts. */
import { idCardCheckDigit } from '../../../contract/validators';

/** areaCode: 6 digits; birthday: YYYY-MM-DD; seq: 0..999 (odd for men, even for women). */
export function makeIdCard(areaCode: string, birthday: string, seq: number): string {
  const first17 = `${areaCode.slice(0, 6)}${birthday.replace(/-/g, '')}${String(seq).padStart(3, '0')}`;
  return first17 + idCardCheckDigit(first17);
}

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(first17[i]) * CREDIT_WEIGHTS[i];
  const c = 31 - (sum % 31);
  return CREDIT_CHARS[c === 31 ? 0 : c];
}

/** kind: registering authority + category, e.g. '11' (organ), '12' (institution), '91' (company). */
export function makeCreditCode(kind: string, areaCode: string, orgCode9: string): string {
  const first17 = `${kind}${areaCode.slice(0, 6)}${orgCode9}`;
  return first17 + creditCodeCheckChar(first17);
}
