/**
 * The chunked upload queue behind MediaUpload (core §4): items go waiting → uploading → success or
 * error, and may be paused while waiting or uploading and resumed while paused; at most three upload
 * at once. One item: checksum of the first 30 MB, md5Check (exists → its result at once), the list of
 * chunks the server holds (so a reload or a server restart resumes), the missing chunks, the merge.
 * No React here: the widget subscribes to changes.
 */
import { api } from '../../api/request';
import { servicePath } from '../../../contract/paths';
import { postForm, UploadAborted } from '../upload-core/transport';
import { extOf, GENERIC_CHUNK_BYTES, SIMULTANEOUS_UPLOADS } from '../upload-core/limits';
import { chunkCount, chunkRange, headMd5, identifierOf, missingChunks } from './checksum';

export type ItemState = 'waiting' | 'uploading' | 'paused' | 'success' | 'error';

export interface MediaResult {
  id?: string;
  url: string;
  orgfile?: string;
  share?: string;
  metadata?: { time?: number };
  duration?: string;
  ifExist?: boolean;
  name?: string;
  [k: string]: unknown;
}

export interface UploadItem {
  uid: string;
  file: File;
  name: string;
  size: number;
  state: ItemState;
  /** 0..100 */
  percent: number;
  /** checksum stage, before chunks go up */
  hashing: boolean;
  message?: string;
  result?: MediaResult;
}

export interface UploadAuth {
  uploadUrl: string;
  md5CheckUrl: string;
  mergeUrl: string;
  uploadkey: string;
  chunkSize: number;
}

/** The server calls, replaceable in tests. */
export interface MediaServer {
  auth(): Promise<UploadAuth>;
  md5Check(a: UploadAuth, body: { md5: string; uploadkey: string; size: number }): Promise<{ exists: boolean } & Partial<MediaResult>>;
  uploaded(a: UploadAuth, q: { uploadkey: string; identifier: string }): Promise<{ uploaded: number[] }>;
  sendChunk(a: UploadAuth, f: { uploadkey: string; identifier: string; chunkNumber: number; totalChunks: number; blob: Blob; name: string }, signal: AbortSignal): Promise<unknown>;
  merge(a: UploadAuth, body: { name: string; chunks: number; ext: string; fileoldname: string; md5: string; uploadkey: string }): Promise<MediaResult>;
}

export const httpMediaServer: MediaServer = {
  auth: () => api.get<UploadAuth>(servicePath('VodService', 'GetUploadAuthor'), {}, { silent: true }),
  md5Check: (a, body) => api.post(a.md5CheckUrl, body, { silent: true }),
  uploaded: (a, q) => api.get(a.uploadUrl, q, { silent: true }),
  sendChunk: (a, f, signal) =>
    postForm(
      a.uploadUrl,
      [
        ['uploadkey', f.uploadkey],
        ['identifier', f.identifier],
        ['chunkNumber', String(f.chunkNumber)],
        ['totalChunks', String(f.totalChunks)],
        ['file', f.blob, f.name],
      ],
      { signal, silent: true, timeout: 120_000 },
    ),
  merge: (a, body) => api.post(a.mergeUrl, body, { silent: true }),
};

export interface UploaderOptions {
  /** bytes per chunk; default: the authorisation's (10 MB for media), or 1 MB in generic mode */
  chunkSize?: number;
  generic?: boolean;
  simultaneous?: number;
  server?: MediaServer;
  onSuccess?: (item: UploadItem) => void;
  onError?: (item: UploadItem) => void;
}

interface Running {
  ctrl: AbortController;
  /** bumped on pause/remove: a late answer of an old run is ignored */
  run: number;
}

let seq = 0;

export class ChunkUploader {
  items: UploadItem[] = [];
  private listeners = new Set<() => void>();
  private running = new Map<string, Running>();
  private runs = new Map<string, number>();
  private md5s = new Map<string, string>();
  private authP: Promise<UploadAuth> | null = null;
  private opts: UploaderOptions;

  constructor(opts: UploaderOptions = {}) {
    this.opts = opts;
  }
  private get server() {
    return this.opts.server ?? httpMediaServer;
  }
  setOptions(opts: Partial<UploaderOptions>) {
    this.opts = { ...this.opts, ...opts };
  }
  subscribe(l: () => void) {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  }
  private emit() {
    this.items = [...this.items];
    for (const l of this.listeners) l();
  }
  private patch(uid: string, p: Partial<UploadItem>) {
    const i = this.items.findIndex((x) => x.uid === uid);
    if (i < 0) return;
    this.items[i] = { ...this.items[i], ...p };
    this.emit();
  }
  get(uid: string) {
    return this.items.find((x) => x.uid === uid);
  }

  /** Adds files (auto start): they wait for a free slot. */
  add(files: File[]): UploadItem[] {
    const added = files.map<UploadItem>((file) => ({ uid: `m${++seq}-${Date.now()}`, file, name: file.name, size: file.size, state: 'waiting', percent: 0, hashing: false }));
    this.items.push(...added);
    this.emit();
    this.pump();
    return added;
  }

  /** Pause: allowed while waiting or uploading. */
  pause(uid: string) {
    const it = this.get(uid);
    if (!it || (it.state !== 'waiting' && it.state !== 'uploading')) return false;
    this.stop(uid);
    this.patch(uid, { state: 'paused', hashing: false });
    this.pump();
    return true;
  }
  /** Resume: allowed while paused (waiting or uploading are already going). */
  resume(uid: string) {
    const it = this.get(uid);
    if (!it) return false;
    if (it.state === 'waiting' || it.state === 'uploading') return true;
    if (it.state !== 'paused') return false;
    this.patch(uid, { state: 'waiting', message: undefined });
    this.pump();
    return true;
  }
  /** Retry: allowed on error. */
  retry(uid: string) {
    const it = this.get(uid);
    if (!it || it.state !== 'error') return false;
    this.authP = null; // the key may have expired
    this.patch(uid, { state: 'waiting', message: undefined });
    this.pump();
    return true;
  }
  /** Remove: not offered on success (the widget hides it); here any item can be dropped. */
  remove(uid: string) {
    this.stop(uid);
    this.items = this.items.filter((x) => x.uid !== uid);
    this.emit();
    this.pump();
  }
  private stop(uid: string) {
    this.runs.set(uid, (this.runs.get(uid) ?? 0) + 1);
    this.running.get(uid)?.ctrl.abort();
    this.running.delete(uid);
  }

  private pump() {
    const limit = this.opts.simultaneous ?? SIMULTANEOUS_UPLOADS;
    for (const it of this.items) {
      if (this.running.size >= limit) break;
      if (it.state === 'waiting' && !this.running.has(it.uid)) void this.start(it.uid);
    }
  }

  private auth() {
    this.authP ??= this.server.auth().catch((e) => {
      this.authP = null;
      throw e;
    });
    return this.authP;
  }

  private async start(uid: string) {
    const run = (this.runs.get(uid) ?? 0) + 1;
    this.runs.set(uid, run);
    const ctrl = new AbortController();
    this.running.set(uid, { ctrl, run });
    const live = () => this.runs.get(uid) === run && !!this.get(uid);
    const item = this.get(uid)!;
    this.patch(uid, { state: 'uploading' });
    try {
      const a = await this.auth();
      let md5 = this.md5s.get(uid);
      if (!md5) {
        this.patch(uid, { hashing: true });
        md5 = await headMd5(item.file, { shouldStop: () => !live() });
        this.md5s.set(uid, md5);
      }
      if (!live()) return;
      this.patch(uid, { hashing: false });
      const hit = await this.server.md5Check(a, { md5, uploadkey: a.uploadkey, size: item.size });
      if (!live()) return;
      if (hit.exists) return this.succeed(uid, { ...(hit as MediaResult), name: item.name });
      const chunkSize = this.opts.chunkSize ?? (this.opts.generic ? GENERIC_CHUNK_BYTES : a.chunkSize || GENERIC_CHUNK_BYTES);
      const total = chunkCount(item.size, chunkSize);
      const identifier = identifierOf(md5, item.size);
      const { uploaded = [] } = (await this.server.uploaded(a, { uploadkey: a.uploadkey, identifier })) ?? {};
      if (!live()) return;
      const todo = missingChunks(total, uploaded);
      let done = total - todo.length;
      this.patch(uid, { percent: Math.floor((done / total) * 99) });
      for (const n of todo) {
        const [s, e] = chunkRange(n, item.size, chunkSize);
        await this.server.sendChunk(a, { uploadkey: a.uploadkey, identifier, chunkNumber: n, totalChunks: total, blob: item.file.slice(s, e), name: item.name }, ctrl.signal);
        if (!live()) return;
        done++;
        this.patch(uid, { percent: Math.floor((done / total) * 99) });
      }
      const result = await this.server.merge(a, { name: identifier, chunks: total, ext: extOf(item.name), fileoldname: item.name, md5, uploadkey: a.uploadkey });
      if (!live()) return;
      this.succeed(uid, { ...result, name: item.name });
    } catch (e) {
      if (!live() || e instanceof UploadAborted) return;
      this.patch(uid, { state: 'error', hashing: false, message: (e as Error)?.message || '上传失败' });
      const it = this.get(uid);
      if (it) this.opts.onError?.(it);
    } finally {
      if (this.running.get(uid)?.run === run) this.running.delete(uid);
      this.pump();
    }
  }

  private succeed(uid: string, result: MediaResult) {
    this.patch(uid, { state: 'success', percent: 100, hashing: false, result });
    const it = this.get(uid);
    if (it) this.opts.onSuccess?.(it);
  }
}
