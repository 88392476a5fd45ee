/**
 * Where a dues payment goes (like security/sms.ts's SmsSender): PayPartyBues hands each new payment
 * to the gateway inside its transaction and stores the state it answers. No online payment is
 * connected: the default records an **offline** payment (待确认) that the member's branch confirms
 * once it has received the money (ConfirmPay). A real gateway (a bank or a wallet) implements
 * `start` — answering a state and, for instance, a pay URL — and confirms through its own callback.
 */
import { PAY_STATUS } from '../../../contract/party-dues';

export interface DuesPaymentRequest {
  paymentId: number;
  idempotencyKey: string;
  userId: number;
  year: number;
  months: number[];
  amountFen: number;
}

export interface DuesGatewayAnswer {
  /** the payment's state: 0 待确认 (the branch confirms), 1 已缴 (a gateway that settles at once) */
  status: number;
  /** stored with the payment: offline, or the gateway's name */
  channel: string;
  /** what the member is told, in Chinese */
  message: string;
}

export interface DuesGateway {
  readonly channel: string;
  start(req: DuesPaymentRequest): Promise<DuesGatewayAnswer>;
}

/** What the page says before paying (GetMyPayBase.payNotice) */
export const OFFLINE_NOTICE = '本平台尚未接入线上支付：点击“缴纳”后登记为线下缴纳（待确认），请将党费交至所在党支部，支部确认收款后即为已缴。';
/** What a payment recorded offline says */
export const OFFLINE_MESSAGE = '线上支付尚未接入：本次缴费已登记为线下缴纳，请将党费交至支部，支部确认收款后即为已缴。';

export const offlineGateway: DuesGateway = {
  channel: 'offline',
  async start() {
    return { status: PAY_STATUS.pending, channel: 'offline', message: OFFLINE_MESSAGE };
  },
};

/** The gateway in use: the context's when one is configured, else the offline one. */
export const duesGateway = (ctx: { duesGateway?: DuesGateway }) => ctx.duesGateway ?? offlineGateway;
