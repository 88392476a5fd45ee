import { appendFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';

/** Where phone codes go. A real gateway implements this; the default is the demo outbox below. */
export interface SmsSender {
  send(phoneNumber: string, text: string): Promise<void>;
}

/** 13812345678 → 138****5678: enough to tell messages apart in the log, not enough to be a number. */
export function maskPhone(phone: string) {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/**
 * The demo sender, used while no SMS gateway is plugged in. A text holds a phone code or an initial
 * password, so it never goes to the log: the log gets an event with the masked number, and the text
 * goes to the demo outbox `DATA_DIR/sms-outbox.jsonl` (mode 600, one JSON line a message:
 * `{time, phoneNumber, text}`) — the demo's and the end-to-end tests' phone. Without a data
 * directory (API tests) only `sent` keeps it.
 */
export class LogSmsSender implements SmsSender {
  /** Last text per number, so tests can read a code without a phone. */
  readonly sent = new Map<string, string>();
  constructor(private log: () => Pick<FastifyBaseLogger, 'info'>, readonly outbox: string | null = null) {}
  async send(phoneNumber: string, text: string) {
    this.sent.set(phoneNumber, text);
    let kept = !!this.outbox;
    if (this.outbox) {
      try {
        await appendFile(this.outbox, `${JSON.stringify({ time: new Date().toISOString(), phoneNumber, text })}\n`, { mode: 0o600 });
      } catch {
        kept = false;
      }
    }
    this.log().info(
      { event: 'sms.demo', phone: maskPhone(phoneNumber), outbox: kept ? this.outbox : null },
      `短信（演示环境，未接短信网关）→ ${maskPhone(phoneNumber)}：正文${kept ? `写入 ${this.outbox}` : '未保存'}`,
    );
  }
}
