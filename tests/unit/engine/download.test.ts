/**
 * api.download on the one request wrapper: a GET with the query, the bearer token and a blob answer,
 * the bytes received reported as they come, the file name from Content-Disposition; an error answer
 * is JSON in the ABP envelope read from the blob, with the same 401 and toast path as every call.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(() => Promise.resolve()), TOAST_SECONDS: 3 }));

import { api, ApiError, dispositionFileName, registerTokenProvider, registerUnauthorizedHandler } from '../../../src/client/api/request';
import { toastError } from '../../../src/client/api/toast';

class FakeXHR {
  static sent: FakeXHR[] = [];
  static answer: (x: FakeXHR) => void = () => {};
  method = '';
  url = '';
  headers: Record<string, string> = {};
  responseType = '';
  response: unknown = null;
  status = 0;
  statusText = '';
  timeout = 0;
  answerHeaders: Record<string, string> = {};
  onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k.toLowerCase()] = v;
  }
  getResponseHeader(k: string) {
    return this.answerHeaders[k.toLowerCase()] ?? null;
  }
  send() {
    FakeXHR.sent.push(this);
    queueMicrotask(() => FakeXHR.answer(this));
  }
  abort() {
    this.onabort?.();
  }
  reply(status: number, body: Blob, headers: Record<string, string> = {}) {
    this.status = status;
    this.statusText = status === 200 ? 'OK' : 'Bad Request';
    this.response = body;
    this.answerHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    this.onload?.();
  }
}

const json = (o: unknown) => new Blob([JSON.stringify(o)], { type: 'application/json' });
const refused = (message: string, unAuthorizedRequest = false) => ({ success: false, result: null, error: { code: 0, message, details: null, validationErrors: null }, unAuthorizedRequest });

beforeEach(() => {
  FakeXHR.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXHR);
  registerTokenProvider(() => 'tok-9');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toastError).mockClear();
});

describe('api.download', () => {
  it('GETs with the query and bearer token, reports the bytes received, and names the file from Content-Disposition', async () => {
    FakeXHR.answer = (x) => {
      x.onprogress?.({ loaded: 1000, total: 0, lengthComputable: false });
      x.onprogress?.({ loaded: 5000, total: 0, lengthComputable: false });
      x.reply(200, new Blob(['PK…']), {
        'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'Content-Disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent('教学计划.xlsx')}`,
        'X-Export-Truncated': '1',
      });
    };
    const progress: [number, number | null][] = [];
    const r = await api.download('/api/services/app/ExportService/Export', { call: 'PlanService/PageList', columns: '[{"field":"title"}]', year: 2026, empty: undefined }, { onProgress: (n, t) => progress.push([n, t]) });
    const x = FakeXHR.sent[0];
    expect(x.method).toBe('GET');
    expect(x.url).toBe('/api/services/app/ExportService/Export?call=PlanService%2FPageList&columns=%5B%7B%22field%22%3A%22title%22%7D%5D&year=2026');
    expect(x.headers.authorization).toBe('Bearer tok-9');
    expect(x.responseType).toBe('blob');
    expect(progress).toEqual([
      [1000, null],
      [5000, null],
    ]);
    expect(r.fileName).toBe('教学计划.xlsx');
    expect(r.header('X-Export-Truncated')).toBe('1');
    expect(r.blob).toBeInstanceOf(Blob);
  });

  it('an error answer is the ABP envelope read from the blob: its message is toasted and thrown', async () => {
    FakeXHR.answer = (x) => x.reply(403, json(refused('您没有该操作的权限')), { 'Content-Type': 'application/json; charset=utf-8' });
    await expect(api.download('/api/x')).rejects.toMatchObject({ status: 403, message: '您没有该操作的权限' });
    expect(toastError).toHaveBeenLastCalledWith('您没有该操作的权限');
    FakeXHR.answer = (x) => x.reply(400, json(refused('导出失败')), { 'Content-Type': 'application/json' });
    await expect(api.download('/api/x', {}, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(toastError).toHaveBeenCalledTimes(1);
  });

  it('a 401 ends the session without a toast; a 200 envelope refusing is an error too', async () => {
    const handler = vi.fn();
    registerUnauthorizedHandler(handler);
    FakeXHR.answer = (x) => x.reply(401, json(refused('登录已失效，请重新登录', true)), { 'Content-Type': 'application/json' });
    await expect(api.download('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(toastError).not.toHaveBeenCalled();
    FakeXHR.answer = (x) => x.reply(200, json(refused('模板不存在')), { 'Content-Type': 'application/json' });
    await expect(api.download('/api/x')).rejects.toMatchObject({ message: '模板不存在' });
    expect(toastError).toHaveBeenLastCalledWith('模板不存在');
  });

  it('reads file names from Content-Disposition', () => {
    expect(dispositionFileName(`attachment; filename*=UTF-8''%E5%AD%A6%E6%97%B6.xlsx`)).toBe('学时.xlsx');
    expect(dispositionFileName('attachment; filename="plan list.xlsx"')).toBe('plan list.xlsx');
    expect(dispositionFileName('attachment; filename=plan.xlsx')).toBe('plan.xlsx');
    expect(dispositionFileName('attachment')).toBeNull();
    expect(dispositionFileName(null)).toBeNull();
  });
});
