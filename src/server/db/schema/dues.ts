import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, NullableTs } from './columns';

/** Party dues: bases, payments, months and payouts. */

/** 党费 (migration 022): money columns are integer fen */
export interface PartyDuesBaseTable {
  id: Generated<number>;
  memberId: number;
  userId: number | null;
  organId: number;
  organPath: string;
  year: number;
  category: string;
  baseIncome: number | null;
  band: string;
  monthlyAmount: number;
  remark: string | null;
  setByUserId: number | null;
  setByName: string | null;
  creationTime: Timestamp;
  lastModificationTime: NullableTs;
}
export interface PartyDuesBaseChangeTable {
  id: Generated<number>;
  memberId: number;
  organPath: string;
  year: number;
  oldCategory: string | null;
  oldBaseIncome: number | null;
  oldBand: string | null;
  oldMonthlyAmount: number | null;
  newCategory: string;
  newBaseIncome: number | null;
  newBand: string;
  newMonthlyAmount: number;
  remark: string | null;
  changedByUserId: number | null;
  changedByName: string | null;
  creationTime: Timestamp;
}
export interface PartyDuesPaymentTable {
  id: Generated<number>;
  idempotencyKey: string;
  memberId: number;
  userId: number;
  memberName: string;
  organId: number;
  organPath: string;
  year: number;
  /** the months paid, comma-separated in order ("3,4,5") */
  months: string;
  amount: number;
  channel: string;
  /** 0 待确认, 1 已缴 (confirmed), 2 已退回 */
  status: Generated<number>;
  remark: string | null;
  confirmUserId: number | null;
  confirmName: string | null;
  confirmTime: NullableTs;
  creationTime: Timestamp;
}
export interface PartyDuesPaymentMonthTable { paymentId: number; memberId: number; year: number; month: number; amount: number; status: Generated<number> }
export interface PartyDuesPayoutTable {
  id: Generated<number>;
  organId: number;
  organPath: string;
  payDate: ColumnType<string, string, string>;
  amount: number;
  purpose: string;
  handler: string;
  remark: string | null;
  creatorUserId: number | null;
  creationTime: Timestamp;
}
