import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { IncomingMessage } from 'node:http';
import { pino, type Logger, type LoggerOptions } from 'pino';

/**
 * The one log: every line a JSON object on stdout (pino), whatever wrote it — request lines, the
 * start banner, the demo accounts, worker notices, the shutdown steps. An event carries `event`
 * (a machine name such as `server.listening`) and its fields beside the Chinese `msg`.
 *
 * Secrets never reach a line: headers are not logged, query values whose names look like a secret
 * (token, ticket, key, code, password, signature…) are replaced by `[redacted]`, and `redact` blanks
 * the usual secret fields wherever a caller logs an object (a safety net, not the first line).
 */

/** This process's tag: request ids are `<tag>-<counter>`, unique across processes and machines. */
export const PROCESS_TAG = randomBytes(6).toString('base64url');
let counter = 0;

/** An incoming X-Request-Id is kept when it is a plain token (a proxy's id ties its log to ours); otherwise ours. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@-]{8,128}$/;

export function requestId(req: Pick<IncomingMessage, 'headers'>): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && SANE_REQUEST_ID.test(given)) return given;
  return `${PROCESS_TAG}-${(++counter).toString(36)}`;
}

const SECRET_QUERY_KEY = /token|ticket|key|code|pass|pwd|secret|signature|captcha|auth/i;

/** The path and query of a URL with the values of secret-looking parameters replaced. */
export function scrubUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      /* keep as is */
    }
    return eq >= 0 && SECRET_QUERY_KEY.test(decoded) ? `${name}=[redacted]` : pair;
  });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** Paths pino blanks wherever they appear in a logged object (a second line of defence). */
export const REDACT_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', 'res.headers["set-cookie"]',
  'password', '*.password', 'newPassword', '*.newPassword', 'oldPassword', '*.oldPassword',
  'phoneCode', '*.phoneCode', 'captchaCode', '*.captchaCode', 'verifyCode', '*.verifyCode',
  'token', '*.token', 'accessToken', '*.accessToken', 'ticket', '*.ticket', 'sms.text',
];

/**
 * The server's logger. `LOG_PRETTY=1` writes a short human line instead of JSON (a terminal's
 * convenience; services and files keep JSON).
 */
export function createLogger(level: string, opts: { pretty?: boolean; destination?: NodeJS.WritableStream } = {}): Logger {
  const options: LoggerOptions = {
    level,
    base: { pid: process.pid, hostname: hostname(), proc: PROCESS_TAG, ...(cluster.isWorker ? { worker: cluster.worker?.id } : {}) },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method?: string; url?: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: scrubUrl(String(req.url ?? '')),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      err: pino.stdSerializers.err,
    },
  };
  const out = opts.destination ?? (opts.pretty ? prettyStream(process.stdout) : undefined);
  // stdout written synchronously: pino's default (async) could leave a line's write blocked in the
  // thread pool on a full pipe while process.exit flushes later lines first — shutdown steps came out
  // of order under load; a line written is also never lost to a crash
  return pino(options, (out as pino.DestinationStream | undefined) ?? pino.destination({ dest: 1, sync: true }));
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** One line a record: time, level, message, then the other fields as JSON. */
function prettyStream(out: NodeJS.WritableStream): pino.DestinationStream {
  return {
    write(line: string) {
      try {
        const { time, level, msg, pid, proc, hostname, ...rest } = JSON.parse(line);
        void pid, proc, hostname;
        const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
        out.write(`${String(time).slice(11, 23)} ${LEVELS[level] ?? level} ${msg ?? ''}${extra}\n`);
      } catch {
        out.write(line);
      }
    },
  };
}

/** An event: a machine name and its fields, with a Chinese message for a person reading the log. */
export function logEvent(log: Pick<Logger, 'info' | 'warn' | 'error'>, event: string, fields: Record<string, unknown>, msg: string, level: 'info' | 'warn' | 'error' = 'info') {
  log[level]({ event, ...fields }, msg);
}

/**
 * The logger of lifecycle events — start, the banner, demo accounts, worker exits, shutdown steps:
 * written at `info` even when LOG_LEVEL is quieter (warn, error), since an operator always needs
 * them; LOG_LEVEL filters request and diagnostic lines only.
 */
export function lifecycleLogger(log: Logger): Logger {
  return log.levelVal > 30 ? log.child({}, { level: 'info' }) : log;
}
