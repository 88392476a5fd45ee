import { defineService } from '../../http/actions';
import { memberActions } from './member-payments';
import { baseActions } from './bases';
import { confirmationActions } from './confirmation';
import { arrearsActions } from './arrears';
import { expenditureActions } from './expenditure';

/**
 * 党费 (docs/party-dues.md): the contract's three member calls (GetMyPayBase, MyPayRecord,
 * PayPartyBues — sic) and the administrator side of 党费管理 (Pages.PartyDues) under the names of the
 * original client (PayDuesPageList, PayBasePageList, UserPayBaseChangeRecordPageList, GetPayBase,
 * SetPayBase, GetPayScle — sic —, AddPayOutRecord, PayOutPageList) plus ConfirmPay, RejectPay,
 * ArrearsPageList and ArrearsStatistics. Money is integer fen in every input, column and answer.
 *
 * member-payments.ts — the member's base, months and paying (idempotent, one payment per month)
 * bases.ts — the scale and the bases the branch sets, with their record of changes
 * confirmation.ts — the payments of a subtree, confirming or returning offline ones
 * arrears.ts — who owes what, listed and summed by organisation
 * expenditure.ts — the organisation's expenditure records
 */
export const partyDuesService = defineService('PartyDuesService', { ...memberActions, ...baseActions, ...confirmationActions, ...arrearsActions, ...expenditureActions });

export { DUES_MSG, DUES_PERMISSION, DUES_ROUTE, dueMonths } from './rules';
