import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { chunkCount, chunkRange, headMd5, identifierOf, incrementalMd5, missingChunks } from '../../../src/client/widgets/media-upload/checksum';
import { ChunkUploader, type MediaServer, type UploadAuth } from '../../../src/client/widgets/media-upload/uploader';
import { rowActions } from '../../../src/client/widgets/media-upload';

const bytes = (n: number, seed = 7) => {
  const b = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) b[i] = x = (x * 1103515245 + 12345) & 0xff;
  return b;
};
const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');
const tick = () => new Promise((r) => setTimeout(r, 0));
const until = async (cond: () => boolean) => {
  for (let i = 0; i < 500 && !cond(); i++) await tick();
  expect(cond()).toBe(true);
};

describe('checksum and chunks', () => {
  it('md5 of the head only, incrementally, equals the md5 of those bytes (lowercase hex)', async () => {
    const b = bytes(5000);
    const blob = new Blob([b]);
    let yields = 0;
    const progress: number[] = [];
    const got = await headMd5(blob, { bytes: 3000, slice: 512, yieldFn: async () => void yields++, onProgress: (d) => progress.push(d) });
    expect(got).toBe(md5(b.subarray(0, 3000)));
    expect(got).toMatch(/^[0-9a-f]{32}$/);
    expect(yields).toBe(Math.ceil(3000 / 512)); // yields to the event loop between slices
    expect(progress.at(-1)).toBe(3000);
    // a file shorter than the head: all of it
    expect(await headMd5(new Blob([b.subarray(0, 100)]), { slice: 64 })).toBe(md5(b.subarray(0, 100)));
  });
  it('the WebAssembly MD5 is used where it runs, and spark-md5 (the fallback) gives the same digest', async () => {
    expect((await incrementalMd5()).engine).toBe('wasm');
    expect((await incrementalMd5('js')).engine).toBe('js');
    const b = bytes(70_000, 11);
    const blob = new Blob([b]);
    const [wasm, js] = await Promise.all([headMd5(blob, { slice: 4099, engine: 'wasm' }), headMd5(blob, { slice: 4099, engine: 'js' })]);
    expect(wasm).toBe(md5(b));
    expect(js).toBe(wasm);
  });
  it('the default head is 31457280 bytes in 2 MB slices', async () => {
    const big = new Uint8Array(31457280 + 4096).fill(3);
    let slices = 0;
    const got = await headMd5(new Blob([big]), { yieldFn: async () => void slices++ });
    expect(got).toBe(md5(big.subarray(0, 31457280)));
    expect(slices).toBe(15);
  });
  it('stops between slices when asked (pause)', async () => {
    let n = 0;
    await expect(headMd5(new Blob([bytes(4096)]), { slice: 1024, shouldStop: () => ++n > 2 })).rejects.toThrow('stopped');
  });
  it('identifier, chunk count, ranges and missing chunks', () => {
    expect(identifierOf('abc', 26214400)).toBe('abc-26214400');
    expect(chunkCount(26214400, 10485760)).toBe(3);
    expect(chunkCount(10485760, 10485760)).toBe(1);
    expect(chunkCount(0, 1048576)).toBe(1);
    expect(chunkRange(3, 26214400, 10485760)).toEqual([20971520, 26214400]);
    expect(chunkRange(1, 500, 1048576)).toEqual([0, 500]);
    expect(missingChunks(5, [1, 3])).toEqual([2, 4, 5]);
    expect(missingChunks(2, [1, 2, 7])).toEqual([]);
  });
  it('row buttons: pause while waiting or uploading, resume while paused, retry on error, no remove on success', () => {
    expect(rowActions('waiting')).toEqual({ pause: true, resume: false, retry: false, remove: true });
    expect(rowActions('uploading')).toEqual({ pause: true, resume: false, retry: false, remove: true });
    expect(rowActions('paused')).toEqual({ pause: false, resume: true, retry: false, remove: true });
    expect(rowActions('error')).toEqual({ pause: false, resume: false, retry: true, remove: true });
    expect(rowActions('success')).toEqual({ pause: false, resume: false, retry: false, remove: false });
  });
});

/** A file server in memory: chunks per identifier, with hooks to hold or fail a chunk. */
function fakeServer(opts: { exists?: boolean; chunkSize?: number } = {}) {
  const stored = new Map<string, Map<number, number>>();
  const log: string[] = [];
  const gates: { resolve: () => void; n: number }[] = [];
  let hold = false;
  let failNext = false;
  const auth: UploadAuth = { uploadUrl: '/file/chunk', md5CheckUrl: '/file/md5Check', mergeUrl: '/file/chunksMerge', uploadkey: 'k', chunkSize: opts.chunkSize ?? 4 };
  const server: MediaServer = {
    auth: async () => auth,
    md5Check: async (_a, b) => (log.push(`md5Check ${b.md5.length} ${b.size}`), opts.exists ? { exists: true, url: '/file/f/old', duration: '00:00:05', ifExist: true } : { exists: false }),
    uploaded: async (_a, q) => ({ uploaded: [...(stored.get(q.identifier)?.keys() ?? [])] }),
    sendChunk: async (_a, f, signal) => {
      if (failNext) {
        failNext = false;
        throw new Error('网络异常');
      }
      if (hold) await new Promise<void>((resolve, reject) => {
        gates.push({ resolve, n: f.chunkNumber });
        signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
      }).catch(async (e) => {
        const { UploadAborted } = await import('../../../src/client/widgets/upload-core/transport');
        throw e.name === 'AbortError' ? new UploadAborted() : e;
      });
      log.push(`chunk ${f.chunkNumber}/${f.totalChunks} ${f.blob.size}`);
      if (!stored.has(f.identifier)) stored.set(f.identifier, new Map());
      stored.get(f.identifier)!.set(f.chunkNumber, f.blob.size);
      return {};
    },
    merge: async (_a, b) => (log.push(`merge ${b.chunks} ${b.ext} ${b.fileoldname}`), { url: '/file/f/new', duration: '00:00:10', metadata: { time: 10 }, ifExist: false }),
  };
  return {
    server, log, stored,
    hold: (v: boolean) => (hold = v),
    failNext: () => (failNext = true),
    release: () => gates.splice(0).forEach((g) => g.resolve()),
    gates,
  };
}

const file = (n: number, name = 'v.mp4', seed = 1) => new File([bytes(n, seed)], name);

describe('chunked upload queue', () => {
  it('md5Check miss → all chunks in order → merge → success with the result', async () => {
    const s = fakeServer();
    const done: unknown[] = [];
    const up = new ChunkUploader({ server: s.server, onSuccess: (it) => done.push(it.result) });
    const [it] = up.add([file(10)]);
    await until(() => up.get(it.uid)!.state === 'success');
    expect(s.log).toEqual(['md5Check 32 10', 'chunk 1/3 4', 'chunk 2/3 4', 'chunk 3/3 2', 'merge 3 mp4 v.mp4']);
    expect(up.get(it.uid)!.percent).toBe(100);
    expect(done).toEqual([expect.objectContaining({ url: '/file/f/new', duration: '00:00:10', name: 'v.mp4' })]);
  });
  it('md5Check hit reports the result at once, no chunks', async () => {
    const s = fakeServer({ exists: true });
    const up = new ChunkUploader({ server: s.server });
    const [it] = up.add([file(10)]);
    await until(() => up.get(it.uid)!.state === 'success');
    expect(s.log).toEqual(['md5Check 32 10']);
    expect(up.get(it.uid)!.result).toMatchObject({ url: '/file/f/old', ifExist: true });
  });
  it('resumes after a reload: sends only the chunks the server does not hold', async () => {
    const s = fakeServer();
    const f = file(10);
    // an earlier page stored chunks 1 and 3 under the same identifier
    const first = new ChunkUploader({ server: s.server });
    s.hold(true);
    const [a] = first.add([f]);
    await until(() => s.gates.length === 1);
    const identifier = [...s.stored.keys()][0] ?? null;
    expect(identifier).toBeNull();
    first.remove(a.uid);
    s.hold(false);
    const md5hex = md5(bytes(10, 1));
    s.stored.set(`${md5hex}-10`, new Map([[1, 4], [3, 2]]));
    s.log.length = 0;
    const second = new ChunkUploader({ server: s.server });
    const [b] = second.add([f]);
    await until(() => second.get(b.uid)!.state === 'success');
    expect(s.log).toEqual(['md5Check 32 10', 'chunk 2/3 4', 'merge 3 mp4 v.mp4']);
  });
  it('pause while uploading aborts the chunk; resume continues with the missing chunks', async () => {
    const s = fakeServer();
    const up = new ChunkUploader({ server: s.server });
    s.hold(true);
    const [it] = up.add([file(10)]);
    await until(() => s.gates.length === 1);
    expect(up.get(it.uid)!.state).toBe('uploading');
    expect(up.pause(it.uid)).toBe(true);
    expect(up.get(it.uid)!.state).toBe('paused');
    expect(up.pause(it.uid)).toBe(false);
    s.hold(false);
    s.gates.length = 0;
    expect(up.resume(it.uid)).toBe(true);
    await until(() => up.get(it.uid)!.state === 'success');
    expect(s.log.filter((l) => l.startsWith('chunk'))).toEqual(['chunk 1/3 4', 'chunk 2/3 4', 'chunk 3/3 2']);
  });
  it('a failed chunk sets error; retry completes without resending stored chunks', async () => {
    const s = fakeServer();
    const errs: string[] = [];
    const up = new ChunkUploader({ server: s.server, onError: (it) => errs.push(it.message!) });
    const f = file(10);
    s.hold(false);
    // fail the second chunk
    const orig = s.server.sendChunk;
    let calls = 0;
    s.server.sendChunk = async (...args) => {
      if (++calls === 2) throw new Error('网络异常');
      return orig(...args);
    };
    const [it] = up.add([f]);
    await until(() => up.get(it.uid)!.state === 'error');
    expect(errs).toEqual(['网络异常']);
    expect(up.resume(it.uid)).toBe(false);
    expect(up.retry(it.uid)).toBe(true);
    await until(() => up.get(it.uid)!.state === 'success');
    expect(s.log.filter((l) => l.startsWith('chunk'))).toEqual(['chunk 1/3 4', 'chunk 2/3 4', 'chunk 3/3 2']);
  });
  it('three at once; the fourth waits, can be paused while waiting, and starts when a slot frees', async () => {
    const s = fakeServer();
    const up = new ChunkUploader({ server: s.server });
    s.hold(true);
    const items = up.add([file(4, 'a.mp4', 1), file(4, 'b.mp4', 2), file(4, 'c.mp4', 3), file(4, 'd.mp4', 4), file(4, 'e.mp4', 5)]);
    await until(() => s.gates.length === 3);
    expect(items.map((i) => up.get(i.uid)!.state)).toEqual(['uploading', 'uploading', 'uploading', 'waiting', 'waiting']);
    expect(up.pause(items[3].uid)).toBe(true);
    expect(up.get(items[3].uid)!.state).toBe('paused');
    s.hold(false);
    s.release();
    await until(() => up.get(items[4].uid)!.state === 'success');
    expect(up.get(items[3].uid)!.state).toBe('paused');
    up.resume(items[3].uid);
    await until(() => up.items.every((i) => i.state === 'success'));
  });
  it('generic mode uses 1 MB chunks; media mode the authorisation chunk size', async () => {
    const s = fakeServer({ chunkSize: 10485760 });
    const generic = new ChunkUploader({ server: s.server, generic: true });
    const [g] = generic.add([file(2.5 * 1048576)]);
    await until(() => generic.get(g.uid)!.state === 'success');
    expect(s.log.filter((l) => l.startsWith('chunk'))).toEqual(['chunk 1/3 1048576', 'chunk 2/3 1048576', 'chunk 3/3 524288']);
    s.log.length = 0;
    const media = new ChunkUploader({ server: s.server });
    const [m] = media.add([file(2.5 * 1048576, 'w.mp4', 9)]);
    await until(() => media.get(m.uid)!.state === 'success');
    expect(s.log.filter((l) => l.startsWith('chunk'))).toEqual(['chunk 1/1 2621440']);
  });
});
