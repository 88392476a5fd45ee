/**
 * The single upload helper, built on the one request wrapper (src/client/api/request.ts): the same
 * umi-request client instance (`preloadRequestClient`), the same bearer token, the same ABP envelope
 * handling into `ApiError`, the same error toast, and a 401 handed to the wrapper's unauthorized
 * handler. It exists only because the wrapper's `call` always sends JSON: a multipart body needs the
 * browser's own Content-Type with its boundary. Every JSON call of the uploaders (upload auth,
 * md5Check, chunk list, merge, download auth) goes through `api` itself.
 */
import { ApiError, currentToken, handleUnauthorized, HTTP_TIMEOUT, preloadRequestClient } from '../../api/request';
import { toastError } from '../../api/toast';
import { DEFAULT_PROJECT } from './limits';

export interface FormOptions {
  timeout?: number;
  signal?: AbortSignal;
  /** no toast on failure (the widget shows the message itself) */
  silent?: boolean;
}

/** Thrown when the caller aborted (pause, remove). */
export class UploadAborted extends Error {
  constructor() {
    super('aborted');
    this.name = 'UploadAborted';
  }
}

/** A request that timed out (the editor shows 上传超时，请重试！). */
export const isTimeout = (e: unknown) => e instanceof ApiError && e.code === -408;

/** A 401 goes to the wrapper's one unauthorized handler, which logs out. */
const handOver401 = handleUnauthorized;

/** POST a multipart form (fields in order, the file last) and return the envelope's result. */
export async function postForm<T>(url: string, fields: [string, string | Blob, string?][], opts: FormOptions = {}): Promise<T> {
  const form = new FormData();
  for (const [k, v, name] of fields) {
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, v, name);
  }
  const token = currentToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const fail = (e: ApiError) => {
    if (!opts.silent) void toastError(e.message);
    return e;
  };
  let body: any;
  try {
    const client = await preloadRequestClient();
    if (opts.signal?.aborted) throw new UploadAborted();
    // a FormData body is sent as it is (no JSON), with the browser's multipart Content-Type
    body = await client(url, { method: 'POST', data: form, headers, timeout: opts.timeout ?? HTTP_TIMEOUT, signal: opts.signal } as any);
  } catch (e: any) {
    if (e instanceof UploadAborted || e?.name === 'AbortError' || opts.signal?.aborted) throw new UploadAborted();
    if (e?.type === 'Timeout') throw fail(new ApiError(0, '上传超时，请重试', { code: -408 } as any));
    const status = e?.response?.status ?? 0;
    const data = e?.data && typeof e.data === 'object' ? e.data : null;
    if (status === 401) {
      handOver401();
      throw new ApiError(401, data?.error?.message || '登录已失效，请重新登录', data?.error);
    }
    throw fail(new ApiError(status, data?.error?.message || data?.error?.details || e?.response?.statusText || e?.message || '网络异常，请稍后再试', data?.error));
  }
  if (body && typeof body === 'object' && 'success' in body) {
    if (body.success === false) {
      if (body.unAuthorizedRequest) {
        handOver401();
        throw new ApiError(401, body.error?.message || '登录已失效，请重新登录', body.error);
      }
      throw fail(new ApiError(200, body.error?.message || body.error?.details || '上传失败', body.error));
    }
    return body.result as T;
  }
  return body as T;
}

/** The answer of POST /file/Upload (core §3): value is the id for classes 2 and 4, else the path. */
export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  path: string;
  url: string;
  value: string;
}

/** One file to the file server under an attachment class. */
export function uploadFile(file: Blob & { name?: string }, opts: FormOptions & { attachClass: number; project?: string }): Promise<UploadedFile> {
  const q = new URLSearchParams({ project: opts.project ?? DEFAULT_PROJECT, AttachClass: String(opts.attachClass) });
  return postForm<UploadedFile>(`/file/Upload?${q}`, [['file', file, file.name ?? 'file']], opts);
}
