import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(() => Promise.resolve()), TOAST_SECONDS: 3 }));

import { api, ApiError, HTTP_TIMEOUT, registerTokenProvider, registerUnauthorizedHandler, serializeParams } from '../../src/client/api/request';
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
});
