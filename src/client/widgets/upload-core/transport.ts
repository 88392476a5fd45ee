/**
 * The uploads' side of the one request wrapper: multipart forms through `api.upload` (real
 * progress, same token, envelope and error handling as every call). Every JSON call of the
 * uploaders (upload auth, md5Check, chunk list, merge, download auth) goes through `api` itself.
 */
import { api, ApiError, UPLOAD_TIMEOUT_CODE, type UploadOptions } from '../../api/request';
import { DEFAULT_PROJECT } from './limits';

export type FormOptions = UploadOptions;

/** Thrown when the caller aborted (pause, remove). */
export class UploadAborted extends Error {
  constructor() {
    super('aborted');
    this.name = 'UploadAborted';
  }
}

/** A request that timed out (the editor shows 上传超时，请重试！). */
export const isTimeout = (e: unknown) => e instanceof ApiError && e.code === UPLOAD_TIMEOUT_CODE;

/** POST a multipart form (fields in order, the file last) and return the envelope's result. */
export async function postForm<T>(url: string, fields: [string, string | Blob, string?][], opts: FormOptions = {}): Promise<T> {
  const form = new FormData();
  for (const [k, v, name] of fields) {
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, v, name);
  }
  try {
    return await api.upload<T>(url, form, opts);
  } catch (e) {
    if ((e as Error)?.name === 'AbortError' || opts.signal?.aborted) throw new UploadAborted();
    throw e;
  }
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
