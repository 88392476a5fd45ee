/** Typed calls of the member's 党费缴纳 page (PartyDuesService). Money is integer fen. */
import { api } from './request';
import { servicePath } from '../../contract/paths';
import type { DuesPayment, MyPayBase, MyPayRecord } from '../../contract/party-dues';

const dues = (a: string) => servicePath('PartyDuesService', a);

export const duesService = {
  myBase: (year: number) => api.get<MyPayBase>(dues('GetMyPayBase'), { year }),
  myRecord: (year: number) => api.get<MyPayRecord>(dues('MyPayRecord'), { year }),
  pay: (body: { idempotencyKey: string; year: number; months: number[] }) => api.post<DuesPayment>(dues('PayPartyBues'), body),
};

/**
 * A new idempotency key (a v4 UUID) for one payment attempt. crypto.randomUUID exists only in secure
 * contexts; a demo served over plain http on an address still has getRandomValues.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
