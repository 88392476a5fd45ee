import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(() => Promise.resolve()), TOAST_SECONDS: 3 }));

import { api, ApiError, HTTP_TIMEOUT, registerTokenProvider, registerUnauthorizedHandler, serializeParams, TIMEOUT_MESSAGE } from '../../src/client/api/request';
import { toastError } from '../../src/client/api/toast';

const envelope = (result: unknown) => ({ result, success: true, error: null, unAuthorizedRequest: false });
const failure = (status: number, message: string | null, details: string | null = null, code = 0) =>
  new Response(JSON.stringify({ result: null, success: false, error: { code, message, details, validationErrors: null }, unAuthorizedRequest: status === 401 }), {
    status,
    statusText: status === 500 ? 'Internal Server Error' : 'Bad Request',
    headers: { 'content-type': 'application/json' },
  });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  registerTokenProvider(() => 'tok-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toastError).mockClear();
});

const lastCall = () => {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init as RequestInit & { headers: Record<string, string> } };
};

describe('the request wrapper (core §7)', () => {
  it('has a 30 s timeout', () => expect(HTTP_TIMEOUT).toBe(30_000));

  it('GET sends a query string without array indices, with the bearer token, and returns result', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(envelope([1, 2])), { headers: { 'content-type': 'application/json' } }));
    const r = await api.get('/api/x', { PartyDutyCodes: ['1', '2'], Name: '张', Empty: undefined });
    expect(r).toEqual([1, 2]);
    const { url, init } = lastCall();
    expect(url).toBe('/api/x?PartyDutyCodes=1&PartyDutyCodes=2&Name=%E5%BC%A0');
    expect(init.method).toBe('GET');
    expect(init.headers.Authorization).toBe('Bearer tok-1');
    expect(serializeParams({ a: [1, 2] })).toBe('a=1&a=2');
  });

  it('POST and PUT send a JSON body as json-patch+json', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(envelope('ok')), { headers: { 'content-type': 'application/json' } }));
    await api.put('/api/y', { a: 1 });
    const { init } = lastCall();
    expect(init.method).toBe('PUT');
    expect(init.headers['Content-Type']).toBe('application/json-patch+json');
    expect(init.body).toBe('{"a":1}');
  });

  it('keepalive: the request is a keepalive fetch with the token, and unwraps the envelope', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify(envelope({ studyState: 1 })), { headers: { 'content-type': 'application/json' } }));
    await expect(api.post('/api/study', { resouceId: 3, seconds: 15 }, { keepalive: true, silent: true })).resolves.toEqual({ studyState: 1 });
    const { url, init } = lastCall();
    expect(url).toBe('/api/study');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, body: JSON.stringify({ resouceId: 3, seconds: 15 }) });
    expect(init.headers.Authorization).toBe('Bearer tok-1');
    expect(init.headers['Content-Type']).toBe('application/json-patch+json');
    fetchMock.mockResolvedValue(failure(400, '资源不存在或已下架'));
    await expect(api.post('/api/study', {}, { keepalive: true, silent: true })).rejects.toMatchObject({ status: 400, message: '资源不存在或已下架' });
  });

  it('a 401 calls the unauthorized handler and fails, without a toast', async () => {
    const handler = vi.fn();
    registerUnauthorizedHandler(handler);
    fetchMock.mockResolvedValue(failure(401, '登录已失效，请重新登录'));
    await expect(api.get('/api/z')).rejects.toBeInstanceOf(ApiError);
    expect(handler).toHaveBeenCalledTimes(1);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('an anonymous (device) call sends no token, and its 401 is its own answer: no session handler', async () => {
    const handler = vi.fn();
    registerUnauthorizedHandler(handler);
    fetchMock.mockResolvedValue(failure(401, '注册码无效或已停用'));
    await expect(api.get('/api/screen', { code: 'X' }, { anonymous: true, silent: true })).rejects.toMatchObject({ status: 401, message: '注册码无效或已停用' });
    const [, init] = fetchMock.mock.calls.at(-1)!;
    expect(init.headers.Authorization).toBeUndefined();
    expect(handler).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('other errors toast error.message, else details, else the status text', async () => {
    fetchMock.mockResolvedValueOnce(failure(400, '手机号格式错误', '细节'));
    await expect(api.post('/api/a', {})).rejects.toMatchObject({ message: '手机号格式错误', status: 400 });
    expect(toastError).toHaveBeenLastCalledWith('手机号格式错误');
    fetchMock.mockResolvedValueOnce(failure(400, null, '参数细节'));
    await expect(api.post('/api/a', {})).rejects.toMatchObject({ message: '参数细节' });
    expect(toastError).toHaveBeenLastCalledWith('参数细节');
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 500, statusText: 'Internal Server Error' }));
    await expect(api.get('/api/a')).rejects.toMatchObject({ status: 500 });
    expect(toastError).toHaveBeenLastCalledWith('Internal Server Error');
  });

  it('keeps the server error code (e.g. 1001 captcha required) and can stay silent', async () => {
    fetchMock.mockResolvedValueOnce(failure(400, '请输入图形验证码', null, 1001));
    await expect(api.post('/api/TokenAuth/Sigin', {}, { silent: true })).rejects.toMatchObject({ code: 1001 });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('a network failure fails with status 0 and toasts the browser’s message; a timeout with 请求超时', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/api/n')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
    expect(toastError).toHaveBeenLastCalledWith('Failed to fetch');
    vi.useFakeTimers();
    try {
      let signal: AbortSignal | undefined;
      fetchMock.mockImplementationOnce((_url: string, init: RequestInit) => {
        signal = init.signal ?? undefined;
        return new Promise(() => {});
      });
      const pending = api.get('/api/slow');
      const settled = expect(pending).rejects.toMatchObject({ status: 0, message: TIMEOUT_MESSAGE });
      await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT - 1);
      expect(signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await settled;
      expect(signal?.aborted).toBe(true);
      expect(toastError).toHaveBeenLastCalledWith(TIMEOUT_MESSAGE);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an answer that is not JSON is given back as text; a failed one without status text says http error', async () => {
    fetchMock.mockResolvedValueOnce(new Response('plain'));
    await expect(api.get('/api/t')).resolves.toBe('plain');
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502 }));
    await expect(api.get('/api/t')).rejects.toMatchObject({ status: 502, message: 'http error' });
  });

  it('sends same-origin credentials; DELETE takes a query; a query is added with & to a URL that has one; an empty one adds nothing', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify(envelope(null)))));
    await api.delete('/api/d?x=1', { Id: 5 });
    expect(lastCall().url).toBe('/api/d?x=1&Id=5');
    expect(lastCall().init).toMatchObject({ method: 'DELETE', credentials: 'same-origin' });
    expect(lastCall().init.body).toBeUndefined();
    await api.get('/api/e', { Skip: undefined });
    expect(lastCall().url).toBe('/api/e');
    await api.get('/api/e');
    expect(lastCall().url).toBe('/api/e');
    await api.post('/api/p');
    expect(lastCall().init.body).toBe('{}');
    await api.post('/api/p', [1, 2]);
    expect(lastCall().init.body).toBe('[1,2]');
  });
});

describe('serializeParams: the query strings the server reads (as umi-request sent them with it)', () => {
  it('repeats array keys without indices and leaves out null and undefined, also inside arrays', () => {
    expect(serializeParams({ Ids: [3, 1, 2] })).toBe('Ids=3&Ids=1&Ids=2');
    expect(serializeParams({ Ids: [1, null, undefined, 2] })).toBe('Ids=1&Ids=2');
    expect(serializeParams({ Ids: [] })).toBe('');
    expect(serializeParams({ A: null, B: undefined, C: 0, D: '', E: false })).toBe('C=0&D=&E=false');
  });

  it('sends a nested object or a date as JSON, objects inside arrays as text', () => {
    expect(serializeParams({ Filter: { a: 1, b: [2] } })).toBe(`Filter=${encodeURIComponent('{"a":1,"b":[2]}')}`);
    expect(serializeParams({ At: new Date('2026-11-24T00:00:00Z') })).toBe(`At=${encodeURIComponent('"2026-11-24T00:00:00.000Z"')}`);
    expect(serializeParams({ L: [{ a: 1 }] })).toBe('L=%5Bobject+Object%5D');
  });

  it('encodes as a form does: Chinese and reserved characters escaped, a space as +', () => {
    expect(serializeParams({ Name: '张 三&x=1', SkipCount: 10, MaxResultCount: 10 })).toBe('Name=%E5%BC%A0+%E4%B8%89%26x%3D1&SkipCount=10&MaxResultCount=10');
    expect(serializeParams({ organPath: '/1/2/' })).toBe('organPath=%2F1%2F2%2F');
  });
});
