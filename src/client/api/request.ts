/**
 * The one request wrapper (core §7). Every call of the client goes through `api`; no screen uses
 * fetch or umi-request itself.
 */
import type { RequestMethod, ResponseError } from 'umi-request';
import type { AbpEnvelope, AbpError } from '../../contract/types';
import { toastError } from './toast';

export const HTTP_TIMEOUT = 30_000;

/** A failed call. `code` is the server's error code (e.g. 1001 captcha required). */
export class ApiError extends Error {
  status: number;
  code: number;
  details: string | null;
  validationErrors: AbpError['validationErrors'];
  constructor(status: number, text: string, err?: Partial<AbpError> | null) {
    super(text);
    this.name = 'ApiError';
    this.status = status;
    this.code = err?.code ?? 0;
    this.details = err?.details ?? null;
    this.validationErrors = err?.validationErrors ?? null;
  }
}

let tokenProvider: () => string | null | undefined = () => null;
let unauthorizedHandler: () => void = () => {};

/** The state layer tells the wrapper where the token lives and what a 401 does. */
export function registerTokenProvider(fn: () => string | null | undefined) {
  tokenProvider = fn;
}
export function registerUnauthorizedHandler(fn: () => void) {
  unauthorizedHandler = fn;
}
/** For the upload helper, which sends multipart bodies on this wrapper's client: a 401 ends the session the same way. */
export function handleUnauthorized() {
  unauthorizedHandler();
}
/** The bearer token the wrapper sends (the upload helper uses the same one). */
export const currentToken = () => tokenProvider() ?? null;

/** Query string without array indices: {a:[1,2]} -> a=1&a=2; empty values are left out. */
export function serializeParams(params: Record<string, unknown> = {}): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) v.forEach((x) => x !== undefined && x !== null && sp.append(k, String(x)));
    else if (typeof v === 'object') sp.append(k, JSON.stringify(v));
    else sp.append(k, String(v));
  }
  return sp.toString();
}

/**
 * umi-request (with its qs and fetch polyfill) is loaded on the first call, not with the page: the
 * login page renders before any request is needed. `preloadRequestClient` warms it when idle.
 */
let clientPromise: Promise<RequestMethod> | null = null;
export function preloadRequestClient(): Promise<RequestMethod> {
  clientPromise ??= import('umi-request').then(({ extend }) =>
    extend({ timeout: HTTP_TIMEOUT, timeoutMessage: '请求超时，请稍后再试', paramsSerializer: serializeParams as any }),
  );
  return clientPromise;
}

export interface CallOptions {
  /** no toast on failure (the caller shows its own message). */
  silent?: boolean;
  /** a token other than the session's (e.g. before the session is stored). */
  token?: string | null;
  headers?: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function showError(text: string) {
  void toastError(text);
}

async function call<T>(method: Method, url: string, payload?: unknown, opts: CallOptions = {}): Promise<T> {
  const token = opts.token !== undefined ? opts.token : tokenProvider();
  const headers: Record<string, string> = { Accept: 'application/json', ...(opts.headers ?? {}) };
  if (token) headers.Authorization = `Bearer ${token}`;
  const queryStyle = method === 'GET' || method === 'DELETE';
  if (!queryStyle) headers['Content-Type'] = 'application/json-patch+json';
  let body: AbpEnvelope<T> | undefined;
  try {
    const client = await preloadRequestClient();
    body = (await client(url, {
      method,
      headers,
      ...(queryStyle ? { params: (payload ?? {}) as Record<string, unknown> } : { data: payload ?? {}, requestType: 'json' }),
    })) as AbpEnvelope<T>;
  } catch (e) {
    const err = e as ResponseError<AbpEnvelope<unknown>>;
    const status = err.response?.status ?? 0;
    const data = err.data && typeof err.data === 'object' ? (err.data as AbpEnvelope<unknown>) : null;
    if (status === 401) {
      unauthorizedHandler();
      throw new ApiError(401, data?.error?.message || '登录已失效，请重新登录', data?.error);
    }
    const text = data?.error?.message || data?.error?.details || err.response?.statusText || err.message || '网络异常，请稍后再试';
    if (!opts.silent) showError(text);
    throw new ApiError(status, text, data?.error);
  }
  if (body && typeof body === 'object' && 'success' in body) {
    if (body.success === false) {
      const text = body.error?.message || body.error?.details || '请求失败';
      if (body.unAuthorizedRequest) {
        unauthorizedHandler();
        throw new ApiError(401, text, body.error);
      }
      if (!opts.silent) showError(text);
      throw new ApiError(200, text, body.error);
    }
    return body.result as T;
  }
  return body as unknown as T;
}

export const api = {
  get: <T>(url: string, params?: Record<string, unknown>, opts?: CallOptions) => call<T>('GET', url, params, opts),
  delete: <T>(url: string, params?: Record<string, unknown>, opts?: CallOptions) => call<T>('DELETE', url, params, opts),
  post: <T>(url: string, data?: unknown, opts?: CallOptions) => call<T>('POST', url, data, opts),
  put: <T>(url: string, data?: unknown, opts?: CallOptions) => call<T>('PUT', url, data, opts),
};
