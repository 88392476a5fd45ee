import { MSG } from '../../contract/messages';

/** Stable error codes the client can react to (ABP error.code). */
export const ERROR_CODE = {
  general: 0,
  captchaRequired: 1001,
  accountLocked: 1002,
  needChangePassword: 1003,
  /** too many failed sign-ins from the caller's network address */
  addressBlocked: 1004,
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
