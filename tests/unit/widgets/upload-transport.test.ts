import { afterEach, describe, expect, it, vi } from 'vitest';
import { debounce, editorHtml, countImages } from '../../../src/client/widgets/rich-text/html';
import { setState } from '../../../src/client/state/store';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const envelope = (result: unknown, status = 200, error?: unknown) =>
  new Response(JSON.stringify(error ? { success: false, result: null, error, unAuthorizedRequest: false } : { success: true, result }), { status, headers: { 'content-type': 'application/json' } });

describe('upload helper on the one request wrapper', () => {
  it('sends multipart with the bearer token and returns the result', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => (calls.push({ url, init }), envelope({ id: 'f1', path: '/file/f/x', value: 'f1', name: 'a.pdf', size: 3 }))));
    setState({ session: { accessToken: 'tok' } as any });
    // the state layer registers the wrapper's token provider; the helper sends the same token
    const { registerTokenProvider } = await import('../../../src/client/api/request');
    registerTokenProvider(() => 'tok');
    const { uploadFile } = await import('../../../src/client/widgets/upload-core/transport');
    const r = await uploadFile(new File(['abc'], 'a.pdf'), { attachClass: 2 });
    expect(r).toMatchObject({ id: 'f1', value: 'f1' });
    expect(calls[0].url).toBe('/file/Upload?project=LyProduct&AttachClass=2');
    const h = new Headers(calls[0].init.headers as any);
    expect(h.get('authorization')).toBe('Bearer tok');
    expect(h.get('content-type')).toBeNull(); // the browser sets multipart with its boundary
    expect(calls[0].init.body).toBeInstanceOf(FormData);
    expect((calls[0].init.body as FormData).get('file')).toBeInstanceOf(File);
  });
  it("a refused upload rejects with the server's Chinese message", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => envelope(null, 400, { code: 0, message: '文件大小超出范围', details: null })));
    const { uploadFile } = await import('../../../src/client/widgets/upload-core/transport');
    await expect(uploadFile(new File(['abc'], 'a.png'), { attachClass: 3, silent: true })).rejects.toMatchObject({ message: '文件大小超出范围', status: 400 });
  });
  it('chunk fields go before the file (the server reads them first)', async () => {
    let body: FormData | null = null;
    vi.stubGlobal('fetch', vi.fn(async (_u: string, init: RequestInit) => ((body = init.body as FormData), envelope({ chunkNumber: 1 }))));
    const { httpMediaServer } = await import('../../../src/client/widgets/media-upload/uploader');
    const a = { uploadUrl: '/file/chunk', md5CheckUrl: '', mergeUrl: '', uploadkey: 'k', chunkSize: 4 };
    await httpMediaServer.sendChunk(a, { uploadkey: 'k', identifier: 'abc-4', chunkNumber: 1, totalChunks: 1, blob: new Blob(['abcd']), name: 'v.mp4' }, new AbortController().signal);
    expect([...body!.keys()]).toEqual(['uploadkey', 'identifier', 'chunkNumber', 'totalChunks', 'file']);
  });
  it('an aborted chunk (pause) rejects with UploadAborted', async () => {
    vi.stubGlobal('fetch', vi.fn((_u: string, init: RequestInit) => new Promise((_r, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))));
    const { postForm, UploadAborted } = await import('../../../src/client/widgets/upload-core/transport');
    const ctrl = new AbortController();
    const p = postForm('/file/chunk', [['uploadkey', 'k']], { signal: ctrl.signal, silent: true });
    setTimeout(() => ctrl.abort(), 10);
    await expect(p).rejects.toBeInstanceOf(UploadAborted);
  });
});

describe('download helper', () => {
  it('gets a download token, then navigates to /file/download', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (urls.push(url), envelope({ project: 'LyProduct', token: 't.1' }))));
    const { downloadFile } = await import('../../../src/client/widgets/download/download');
    const went: string[] = [];
    const r = await downloadFile('abc', { navigate: (u) => went.push(u) });
    expect(urls[0]).toMatch(/\/api\/services\/app\/ResourceLibaryService\/GetUpLoadAuth\?project=LyProduct/);
    expect(went).toEqual(['/file/download?project=LyProduct&token=t.1&id=abc']);
    expect(r).toBe(went[0]);
  });
  it('refuses on iOS with a message and calls nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' });
    const { downloadFile } = await import('../../../src/client/widgets/download/download');
    const went: string[] = [];
    expect(await downloadFile('abc', { navigate: (u) => went.push(u) })).toBeNull();
    expect(went).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('editor helpers', () => {
  it('the change callback is debounced 500 ms, with flush and cancel', () => {
    vi.useFakeTimers();
    const got: string[] = [];
    const d = debounce((s: string) => got.push(s), 500);
    d('a');
    d('ab');
    vi.advanceTimersByTime(499);
    expect(got).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(got).toEqual(['ab']);
    d('abc');
    d.flush();
    expect(got).toEqual(['ab', 'abc']);
    d('x');
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(got).toEqual(['ab', 'abc']);
  });
  it('an empty editor gives an empty value; images are counted', () => {
    expect(editorHtml({ toHTML: () => '<p></p>' })).toBe('');
    expect(editorHtml({ toHTML: () => '<p></p><p><br/></p>' })).toBe('');
    expect(editorHtml({ toHTML: () => '<p>党课</p>' })).toBe('<p>党课</p>');
    expect(countImages('<p><img src="/a"/></p><img src="/b">')).toBe(2);
  });
});
