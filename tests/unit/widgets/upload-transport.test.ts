import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, editorHtml, countImages } from '../../../src/client/widgets/rich-text/html';
import { setState } from '../../../src/client/state/store';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const envelope = (result: unknown, status = 200, error?: unknown) =>
  new Response(JSON.stringify(error ? { success: false, result: null, error, unAuthorizedRequest: false } : { success: true, result }), { status, headers: { 'content-type': 'application/json' } });

/** The browser's XMLHttpRequest as api.upload uses it: the test answers, reports progress, times out. */
class FakeXHR {
  static sent: FakeXHR[] = [];
  static answer: (x: FakeXHR) => void = () => {};
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  timeout = 0;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
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
  send(body: FormData) {
    this.body = body;
    FakeXHR.sent.push(this);
    queueMicrotask(() => FakeXHR.answer(this));
  }
  abort() {
    this.onabort?.();
  }
  reply(status: number, json: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(json);
    this.onload?.();
  }
}
const ok = (result: unknown) => ({ success: true, result });
const refused = (message: string) => ({ success: false, result: null, error: { code: 0, message, details: null }, unAuthorizedRequest: false });

describe('uploads on the one request wrapper (api.upload)', () => {
  beforeEach(() => {
    FakeXHR.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXHR);
  });
  it('sends multipart with the bearer token, reports the bytes sent, and returns the result', async () => {
    setState({ session: { accessToken: 'tok' } as any });
    const { registerTokenProvider } = await import('../../../src/client/api/request');
    registerTokenProvider(() => 'tok');
    FakeXHR.answer = (x) => {
      x.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
      x.upload.onprogress?.({ lengthComputable: true, loaded: 4, total: 4 });
      x.reply(200, ok({ id: 'f1', path: '/file/f/x', value: 'f1', name: 'a.pdf', size: 3 }));
    };
    const { uploadFile } = await import('../../../src/client/widgets/upload-core/transport');
    const progress: number[] = [];
    const r = await uploadFile(new File(['abc'], 'a.pdf'), { attachClass: 2, onProgress: (p) => progress.push(p) });
    expect(r).toMatchObject({ id: 'f1', value: 'f1' });
    const x = FakeXHR.sent[0];
    expect([x.method, x.url]).toEqual(['POST', '/file/Upload?project=LyProduct&AttachClass=2']);
    expect(x.headers.authorization).toBe('Bearer tok');
    expect(x.headers['content-type']).toBeUndefined(); // the browser sets multipart with its boundary
    expect(x.body!.get('file')).toBeInstanceOf(File);
    expect(progress).toEqual([25, 100]);
  });
  it("a refused upload rejects with the server's Chinese message", async () => {
    FakeXHR.answer = (x) => x.reply(400, refused('文件大小超出范围'));
    const { uploadFile } = await import('../../../src/client/widgets/upload-core/transport');
    await expect(uploadFile(new File(['abc'], 'a.png'), { attachClass: 3, silent: true })).rejects.toMatchObject({ message: '文件大小超出范围', status: 400 });
    FakeXHR.answer = (x) => x.reply(200, refused('文件格式错误'));
    await expect(uploadFile(new File(['abc'], 'a.png'), { attachClass: 3, silent: true })).rejects.toMatchObject({ message: '文件格式错误' });
  });
  it('chunk fields go before the file (the server reads them first)', async () => {
    FakeXHR.answer = (x) => x.reply(200, ok({ chunkNumber: 1 }));
    const { httpMediaServer } = await import('../../../src/client/widgets/media-upload/uploader');
    const a = { uploadUrl: '/file/chunk', md5CheckUrl: '', mergeUrl: '', uploadkey: 'k', chunkSize: 4 };
    await httpMediaServer.sendChunk(a, { uploadkey: 'k', identifier: 'abc-4', chunkNumber: 1, totalChunks: 1, blob: new Blob(['abcd']), name: 'v.mp4' }, new AbortController().signal);
    expect([...FakeXHR.sent[0].body!.keys()]).toEqual(['uploadkey', 'identifier', 'chunkNumber', 'totalChunks', 'file']);
  });
  it('an aborted chunk (pause) rejects with UploadAborted', async () => {
    FakeXHR.answer = () => {}; // no answer: the request hangs until aborted
    const { postForm, UploadAborted } = await import('../../../src/client/widgets/upload-core/transport');
    const ctrl = new AbortController();
    const p = postForm('/file/chunk', [['uploadkey', 'k']], { signal: ctrl.signal, silent: true });
    setTimeout(() => ctrl.abort(), 10);
    await expect(p).rejects.toBeInstanceOf(UploadAborted);
  });
  it('a timed-out upload is recognised as such (the editor says 上传超时，请重试！)', async () => {
    FakeXHR.answer = (x) => x.ontimeout?.();
    const { uploadFile, isTimeout } = await import('../../../src/client/widgets/upload-core/transport');
    const err = await uploadFile(new File(['abc'], 'a.png'), { attachClass: 3, silent: true, timeout: 5 }).catch((e) => e);
    expect(isTimeout(err)).toBe(true);
    expect(FakeXHR.sent[0].timeout).toBe(5);
  });
});

describe('download helper', () => {
  it('gets a download token, then navigates to /file/download', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (urls.push(url), envelope({ project: 'LyProduct', token: 't.1' }))));
    const { downloadFile } = await import('../../../src/client/widgets/download/download');
    const went: string[] = [];
    const r = await downloadFile('abc', { navigate: (u) => went.push(u) });
    expect(urls[0]).toMatch(/\/api\/services\/app\/ResourceLibaryService\/GetUpLoadAuth\?project=LyProduct&id=abc$/);
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
