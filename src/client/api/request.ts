/**
 * The one request wrapper (core §7). Every call of the client goes through `api`; no screen uses
 * fetch or XMLHttpRequest itself. JSON calls run on fetch (`send`, what umi-request did for us
 * before); multipart uploads (`api.upload`) and file answers (`api.download`) on
 * XMLHttpRequest for their progress — all with the same token,
 * envelope and error handling.
 */
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
let unauthorizedHandler: (error?: { code?: number } | null) => void = () => {};
let sessionStampListener: (stamp: string, token: string | undefined) => void = () => {};

/** The state layer tells the wrapper where the token lives and what a 401 does. */
export function registerTokenProvider(fn: () => string | null | undefined) {
  tokenProvider = fn;
}
export function registerUnauthorizedHandler(fn: (error?: { code?: number } | null) => void) {
  unauthorizedHandler = fn;
}
/**
 * The state layer hears the session stamp of every answer (x-session-stamp: what the server's session
 * shows — role, organisation, roles held), with the token the call was made with: a changed stamp
 * means a transfer or a role changed since, and the session is reloaded (state/session.ts).
 */
export function registerSessionStampListener(fn: (stamp: string, token: string | undefined) => void) {
  sessionStampListener = fn;
}

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

/** The message of a call that got no answer within HTTP_TIMEOUT. */
export const TIMEOUT_MESSAGE = '请求超时，请稍后再试';

/** A plain object or array (sent as JSON), as umi-request told them from other bodies. */
const isJsonBody = (v: unknown) => {
  const t = Object.prototype.toString.call(v);
  return t === '[object Object]' || t === '[object Array]';
};

/** What failed: the HTTP status (0 when no answer came), its parsed body, and the text to fall back to. */
interface SendFailure {
  status: number;
  data: unknown;
  fallback: string;
}

/**
 * One JSON call on fetch, doing exactly what the wrapper used umi-request 1.4 for (it
 * weighed 24 KB gzip with qs and a fetch polyfill, on every signed-in page):
 * - the query string is `serializeParams` (the wrapper's own serializer, given to umi-request as
 *   `paramsSerializer`), appended with `?`, or `&` when the URL has one; nothing when empty;
 * - a POST or PUT sends a plain object or array (none: `{}`) as JSON, any other truthy body as it
 *   is, a falsy one not at all; credentials `same-origin`;
 * - a call whose answer has not begun within HTTP_TIMEOUT fails with TIMEOUT_MESSAGE and status 0
 *   (umi-request raced the fetch against a timer; here the fetch is also aborted);
 * - the answer is read as text and parsed as JSON when it parses (else the text); a 2xx gives it
 *   back, anything else fails with its status and the parsed body, falling back to the status text
 *   or `http error`; a network failure fails with status 0 and the browser's message.
 */
async function send(method: Method, url: string, headers: Record<string, string>, payload: unknown, keepalive: boolean): Promise<unknown> {
  const queryStyle = method === 'GET' || method === 'DELETE';
  let target = url;
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (keepalive) init.keepalive = true;
  if (queryStyle) {
    const qs = serializeParams((payload ?? {}) as Record<string, unknown>);
    if (qs) target = `${url}${url.includes('?') ? '&' : '?'}${qs}`;
  } else {
    const data = payload ?? {};
    if (data) init.body = isJsonBody(data) ? JSON.stringify(data) : (data as BodyInit);
  }
  const controller = typeof AbortController === 'function' ? new AbortController() : null;
  if (controller) init.signal = controller.signal;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject({ status: 0, data: null, fallback: TIMEOUT_MESSAGE } satisfies SendFailure);
      controller?.abort();
    }, HTTP_TIMEOUT);
  });
  let res: Response;
  try {
    res = await Promise.race([fetch(target, init), timedOut]);
  } catch (e) {
    if (e && typeof e === 'object' && 'fallback' in e) throw e;
    throw { status: 0, data: null, fallback: (e as Error)?.message ?? '' } satisfies SendFailure;
  } finally {
    clearTimeout(timer);
  }
  let data: unknown;
  try {
    const text = await res.text();
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  } catch (e) {
    throw { status: res.status, data: null, fallback: res.statusText || (e as Error)?.message || '' } satisfies SendFailure;
  }
  const stamp = res.headers?.get?.('x-session-stamp');
  if (stamp) sessionStampListener(stamp, /^Bearer (.+)$/.exec(headers.Authorization ?? '')?.[1]);
  if (res.status >= 200 && res.status < 300) return data;
  throw { status: res.status, data, fallback: res.statusText || 'http error' } satisfies SendFailure;
}

export interface CallOptions {
  /** no toast on failure (the caller shows its own message). */
  silent?: boolean;
  /** a token other than the session's (e.g. before the session is stored). */
  token?: string | null;
  /**
   * A device call outside any user session (the big screen authenticates with its registration
   * code): no token is sent, and a 401 is the call's own answer — it does not end a session.
   */
  anonymous?: boolean;
  headers?: Record<string, string>;
  /**
   * The request outlives the page (fetch keepalive): a report sent while the page is hidden or
   * closed. fetch is called within the event's task (after promise callbacks only); the body must
   * stay under the browser's 64 KB.
   */
  keepalive?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function showError(text: string) {
  void toastError(text);
}

/** An HTTP failure (status and parsed body) as an ApiError; a 401 ends the session. */
function httpFailure(status: number, data: AbpEnvelope<unknown> | null, fallback: string, opts: { silent?: boolean; anonymous?: boolean }): ApiError {
  if (status === 401 && !opts.anonymous) {
    unauthorizedHandler(data?.error);
    return new ApiError(401, data?.error?.message || '登录已失效，请重新登录', data?.error);
  }
  const text = data?.error?.message || data?.error?.details || fallback || '网络异常，请稍后再试';
  if (!opts.silent) showError(text);
  return new ApiError(status, text, data?.error);
}

/** The result of an ABP envelope, or its error thrown. */
function unwrap<T>(body: unknown, opts: { silent?: boolean; anonymous?: boolean }, failed = '请求失败'): T {
  if (body && typeof body === 'object' && 'success' in body) {
    const env = body as AbpEnvelope<T>;
    if (env.success === false) {
      const text = env.error?.message || env.error?.details || failed;
      if (env.unAuthorizedRequest && !opts.anonymous) {
        unauthorizedHandler(env.error);
        throw new ApiError(401, text, env.error);
      }
      if (!opts.silent) showError(text);
      throw new ApiError(200, text, env.error);
    }
    return env.result as T;
  }
  return body as T;
}

async function call<T>(method: Method, url: string, payload?: unknown, opts: CallOptions = {}): Promise<T> {
  const token = opts.anonymous ? null : opts.token !== undefined ? opts.token : tokenProvider();
  const headers: Record<string, string> = { Accept: 'application/json', ...(opts.headers ?? {}) };
  if (token) headers.Authorization = `Bearer ${token}`;
  const queryStyle = method === 'GET' || method === 'DELETE';
  if (!queryStyle) headers['Content-Type'] = 'application/json-patch+json';
  let body: AbpEnvelope<T> | undefined;
  try {
    body = (await send(method, url, headers, payload, !!opts.keepalive)) as AbpEnvelope<T>;
  } catch (e) {
    const f = e as SendFailure;
    const data = f.data && typeof f.data === 'object' ? (f.data as AbpEnvelope<unknown>) : null;
    throw httpFailure(f.status, data, f.fallback, opts);
  }
  return unwrap<T>(body, opts);
}

export interface UploadOptions {
  timeout?: number;
  signal?: AbortSignal;
  /** no toast on failure (the widget shows the message itself) */
  silent?: boolean;
  /** percent of the body sent, as the browser reports it */
  onProgress?: (percent: number) => void;
}

/** Error code of an upload that timed out (the editor says 上传超时，请重试！). */
export const UPLOAD_TIMEOUT_CODE = -408;

/**
 * A multipart POST with real upload progress: XMLHttpRequest, because fetch reports none. Same token, envelope, toast and 401 handling as every other call; the browser sets
 * the multipart Content-Type with its boundary. An abort through `signal` rejects with an
 * AbortError (a DOMException), as fetch would.
 */
function upload<T>(url: string, form: FormData, opts: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = opts.timeout ?? HTTP_TIMEOUT;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = tokenProvider();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    const onAbort = () => xhr.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = (fn: () => void) => {
      opts.signal?.removeEventListener('abort', onAbort);
      try {
        fn();
      } catch (e) {
        reject(e);
      }
    };
    xhr.onload = () =>
      settle(() => {
        let body: unknown = null;
        try {
          body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
        } catch {
          /* not JSON: the status says what happened */
        }
        if (xhr.status < 200 || xhr.status >= 300) throw httpFailure(xhr.status, body as AbpEnvelope<unknown> | null, xhr.statusText, opts);
        resolve(unwrap<T>(body, opts, '上传失败'));
      });
    xhr.onerror = () => settle(() => reject(httpFailure(0, null, '网络异常，请稍后再试', opts)));
    xhr.ontimeout = () =>
      settle(() => {
        if (!opts.silent) showError('上传超时，请重试');
        reject(new ApiError(0, '上传超时，请重试', { code: UPLOAD_TIMEOUT_CODE } as Partial<AbpError>));
      });
    xhr.onabort = () => settle(() => reject(new DOMException('aborted', 'AbortError')));
    xhr.send(form);
  });
}

export interface DownloadOptions {
  /** the whole transfer (default 10 minutes: an export streams while the server pages) */
  timeout?: number;
  signal?: AbortSignal;
  silent?: boolean;
  /** bytes received so far, and the size when the server sent one */
  onProgress?: (received: number, total: number | null) => void;
}

export interface Downloaded {
  blob: Blob;
  /** from Content-Disposition (filename* first), else null */
  fileName: string | null;
  header: (name: string) => string | null;
}

export const DOWNLOAD_TIMEOUT = 600_000;

/** The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8''…` first, then `filename=`. */
export function dispositionFileName(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      /* a malformed escape: fall back to the plain name */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain ? (plain[2] ?? plain[1]).trim() : '';
  return name || null;
}

const blobText = (b: Blob): Promise<string> =>
  typeof b.text === 'function'
    ? b.text()
    : new Promise((resolve, reject) => {
        const r = new FileReader();
        r.onload = () => resolve(String(r.result ?? ''));
        r.onerror = () => reject(r.error);
        r.readAsText(b);
      });

const parseJson = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
};

/**
 * A GET whose answer is a file (an XLSX export, an import template): XMLHttpRequest with a blob
 * answer, for the bytes-received progress fetch does not give. A failure answers JSON in the ABP
 * envelope, read from the blob, and takes the same path as every call (401 ends the session; other
 * errors toast the message unless silent).
 */
function download(url: string, params?: Record<string, unknown>, opts: DownloadOptions = {}): Promise<Downloaded> {
  return new Promise<Downloaded>((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
    const qs = serializeParams(params ?? {});
    const xhr = new XMLHttpRequest();
    xhr.open('GET', qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url);
    xhr.responseType = 'blob';
    xhr.timeout = opts.timeout ?? DOWNLOAD_TIMEOUT;
    const token = tokenProvider();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.onprogress = (e) => opts.onProgress?.(e.loaded, e.lengthComputable && e.total > 0 ? e.total : null);
    const onAbort = () => xhr.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => opts.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      const blob: Blob = xhr.response instanceof Blob ? xhr.response : new Blob([xhr.response ?? '']);
      const type = (xhr.getResponseHeader('Content-Type') ?? blob.type ?? '').toLowerCase();
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (ok && !type.includes('json')) {
        resolve({ blob, fileName: dispositionFileName(xhr.getResponseHeader('Content-Disposition')), header: (n) => xhr.getResponseHeader(n) });
        return;
      }
      blobText(blob).then(
        (text) => {
          const body = parseJson(text);
          try {
            if (!ok) throw httpFailure(xhr.status, body as AbpEnvelope<unknown> | null, xhr.statusText, opts);
            // a 200 in JSON: an envelope refusing, or a file that happens to be JSON
            unwrap(body, opts, '下载失败');
            resolve({ blob, fileName: dispositionFileName(xhr.getResponseHeader('Content-Disposition')), header: (n) => xhr.getResponseHeader(n) });
          } catch (e) {
            reject(e);
          }
        },
        () => reject(httpFailure(xhr.status, null, xhr.statusText, opts)),
      );
    };
    xhr.onerror = () => {
      done();
      reject(httpFailure(0, null, '网络异常，请稍后再试', opts));
    };
    xhr.ontimeout = () => {
      done();
      if (!opts.silent) showError('下载超时，请稍后再试');
      reject(new ApiError(0, '下载超时，请稍后再试'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('aborted', 'AbortError'));
    };
    xhr.send();
  });
}

export const api = {
  get: <T>(url: string, params?: Record<string, unknown>, opts?: CallOptions) => call<T>('GET', url, params, opts),
  delete: <T>(url: string, params?: Record<string, unknown>, opts?: CallOptions) => call<T>('DELETE', url, params, opts),
  post: <T>(url: string, data?: unknown, opts?: CallOptions) => call<T>('POST', url, data, opts),
  put: <T>(url: string, data?: unknown, opts?: CallOptions) => call<T>('PUT', url, data, opts),
  upload,
  download,
};
