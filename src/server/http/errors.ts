import { MSG } from '../../contract/messages';

/** Stable error codes the client can react to (ABP error.code). */
export const ERROR_CODE = {
  general: 0,
  captchaRequired: 1001,
  accountLocked: 1002,
  needChangePassword: 1003,
  /** too many failed sign-ins from the caller's network address */
  addressBlocked: 1004,
  /** the current role needs the second factor (docs/SECURITY.md §17): the client asks for it */
  secondFactorRequired: 1005,
  /** the session ended after the idle timeout: the client says 长时间未操作，已自动退出 */
  idleTimeout: 1006,
  /** the password is past its age: only changing it is allowed */
  passwordExpired: 1007,
} as const;

export type ValidationError = { message: string; members: string[] };

/** A failure whose message is meant for the user (ABP's UserFriendlyException). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly opts: { code?: number; details?: string; validationErrors?: ValidationError[] } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, opts?: AppError['opts']) => new AppError(400, message, opts);
export const invalid = (errors: ValidationError[]) =>
  new AppError(400, errors[0]?.message ?? MSG.badRequest, { validationErrors: errors, details: errors.map((e) => e.message).join('；') });
export const unauthorized = (message: string = MSG.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);

export const DATABASE_UNAVAILABLE_MSG = '数据库暂时不可用，请稍后再试';

/**
 * Whether an error means the database cannot be reached just now (PostgreSQL restarting or down),
 * not that the request was wrong: the server is shutting down or starting (57P01–57P03), a
 * connection-class error (08xxx), the connection refused, reset or cut. Such a request is answered
 * 503 with DATABASE_UNAVAILABLE_MSG; the pool opens new connections once PostgreSQL answers again.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown[] };
  const code = typeof e.code === 'string' ? e.code : '';
  if (['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  // pg's own wording when the server closes the socket or the pool cannot connect in time
  if (/^Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect/.test(message)) return true;
  // several addresses tried (localhost: ::1 and 127.0.0.1): an AggregateError of refusals
  return Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every(isDatabaseUnavailable);
}
