/**
 * The request wrapper's transport for engine tests: every call is recorded and answered by the
 * test's responder (an Error thrown), as screens.test.tsx does inline. Use with
 * `vi.mock('../../../src/client/api/request', () => import('./api-mock'))`.
 */
export const calls: { method: string; url: string; payload: any }[] = [];
type Responder = (method: string, url: string, payload: any) => unknown;
let responder: Responder = () => ({ totalCount: 0, items: [] });
export const respond = (r: Responder) => {
  responder = r;
};
export const resetCalls = () => {
  calls.length = 0;
};

export class ApiError extends Error {
  status: number;
  code = 0;
  details = null;
  validationErrors: any;
  constructor(status: number, text: string, err?: any) {
    super(text);
    this.status = status;
    this.validationErrors = err?.validationErrors ?? null;
  }
}

const call = (method: string) => async (url: string, payload: any) => {
  calls.push({ method, url, payload });
  const r = await responder(method, url, payload);
  if (r instanceof Error) throw r;
  return r;
};

export const api = {
  get: call('GET'),
  post: call('POST'),
  put: call('PUT'),
  delete: call('DELETE'),
  upload: (url: string, form: FormData) => call('UPLOAD')(url, form),
  download: (url: string, params: any, opts?: { onProgress?: (n: number, t: number | null) => void }) => {
    opts?.onProgress?.(2048, null);
    return call('DOWNLOAD')(url, params);
  },
};
export const HTTP_TIMEOUT = 30_000;
export const UPLOAD_TIMEOUT_CODE = -408;
export const registerTokenProvider = () => {};
export const registerUnauthorizedHandler = () => {};
export const serializeParams = (p: Record<string, unknown>) => new URLSearchParams(p as Record<string, string>).toString();
export const dispositionFileName = () => null;
