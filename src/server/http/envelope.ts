import type { AbpEnvelope, AbpError } from '../../contract/types';

export const ok = <T>(result: T): AbpEnvelope<T> => ({ result, success: true, error: null, unAuthorizedRequest: false, targetUrl: null, __abp: true });

export const fail = (status: number, error: Partial<AbpError> & { message: string }): AbpEnvelope<null> => ({
  result: null,
  success: false,
  error: { code: error.code ?? 0, message: error.message, details: error.details ?? null, validationErrors: error.validationErrors ?? null },
  unAuthorizedRequest: status === 401,
  targetUrl: null,
  __abp: true,
});
