import type { FastifyBaseLogger } from 'fastify';

/** Where phone codes go. The default writes them to the server log; a real gateway implements this. */
export interface SmsSender {
  send(phoneNumber: string, text: string): Promise<void>;
}

export class LogSmsSender implements SmsSender {
  /** Last text per number, so tests and the demo can read a code without a phone. */
  readonly sent = new Map<string, string>();
  constructor(private log: () => Pick<FastifyBaseLogger, 'info'>) {}
  async send(phoneNumber: string, text: string) {
    this.sent.set(phoneNumber, text);
    this.log().info({ sms: { phoneNumber, text } }, `短信（演示环境写入日志）→ ${phoneNumber}：${text}`);
  }
}
