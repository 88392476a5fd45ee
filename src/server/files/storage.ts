import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync } from 'node:fs';
import { mkdtemp, open, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../http/errors';
import { LocalBackend } from './storage-local';
import { S3Backend } from './storage-s3';
import { FILE_MSG } from './policy';
import { MissingObject, type ObjectBackend, type RandomReader, type StorageSettings, type StoredObject } from './storage-backend';

/**
 * Where bytes live, behind one interface with two backends chosen by configuration (STORAGE):
 * the local directory DATA_DIR/files (default) or an S3-compatible bucket (MinIO, Aliyun OSS,
 * Tencent COS, Huawei OBS, AWS S3), so that several API machines share uploads, chunks and HLS
 * output. Keys are the same on both:
 *   objects/<2>/<key>             an uploaded or merged file, named by a random key, never by its name
 *   chunks/<user>-<identifier>/<n> one chunk of a resumable media upload
 *   hls/<key>/<index.m3u8|segNNNNN.ts> the HLS packaging of objects/…/<key>
 * Every write is whole or absent (a temporary file renamed into place; an S3 object appears only
 * when its upload completes), every read and write streams (never a whole file in memory).
 * DATA_DIR/files/tmp is this machine's scratch space in both cases (ffmpeg's output, a local copy
 * of a remote object for ffprobe).
 */

export type { ObjectBackend, RandomReader, S3Settings, StorageSettings, StoredObject } from './storage-backend';
export { MissingObject } from './storage-backend';

const KEY = /^(objects|chunks|hls)\/[A-Za-z0-9_.\-/]+$/;

/** Storage failures a user reads: full (507) or unreachable (503), never a 500 with a stack. */
function isFull(err: any) {
  const code = String(err?.code ?? err?.Code ?? err?.name ?? '');
  return code === 'ENOSPC' || code === 'EDQUOT' || /quota|storagefull|insufficient|entitytoolarge/i.test(code) || err?.$metadata?.httpStatusCode === 507;
}
export function storageFailure(err: unknown, writing: boolean): AppError {
  const e = isFull(err) ? new AppError(507, FILE_MSG.storageFull) : new AppError(503, writing ? FILE_MSG.storageWriteFailed : FILE_MSG.storageUnavailable);
  (e as Error & { cause?: unknown }).cause = err;
  return e;
}

export class FileStorage {
  private static instances = new Map<string, FileStorage>();
  /** One storage per data directory and store (an in-memory database gets one temporary folder per process). */
  static for(config: { dataDir: string | null; storage?: StorageSettings }) {
    const settings = config.storage ?? { kind: 'local' };
    const k = `${config.dataDir ?? ''}\0${JSON.stringify(settings)}`;
    let s = FileStorage.instances.get(k);
    if (!s) FileStorage.instances.set(k, (s = new FileStorage(config.dataDir, settings)));
    return s;
  }

  /** DATA_DIR/files: the local store's objects (backend local), and this machine's scratch space tmp/ */
  readonly root: string;
  readonly scratch: string;
  readonly backend: ObjectBackend;
  private constructor(dataDir: string | null, settings: StorageSettings) {
    this.root = dataDir ? join(dataDir, 'files') : mkdtempSync(join(tmpdir(), 'party-files-'));
    this.scratch = join(this.root, 'tmp');
    mkdirSync(this.scratch, { recursive: true });
    this.backend = settings.kind === 's3' ? new S3Backend(settings) : new LocalBackend(this.root, this.scratch);
  }

  get kind() {
    return this.backend.kind;
  }

  newKey() {
    return randomBytes(16).toString('base64url');
  }

  objectKey(key: string) {
    return `objects/${key.slice(0, 2)}/${key}`;
  }

  /** A chunk set belongs to one user and one client-chosen identifier (checked to be a plain token). */
  chunkPrefix(userId: number, identifier: string) {
    return `chunks/${userId}-${identifier}/`;
  }

  hlsKey(key: string, name: string) {
    return `hls/${key}/${name}`;
  }

  private check(key: string) {
    if (!KEY.test(key) || key.includes('..') || key.includes('//')) throw new Error(`bad storage key ${key}`);
    return key;
  }

  /**
   * Streams `source` into `key`, `tap` seeing each chunk on the way. A failure of the store is a
   * 503/507 AppError and leaves nothing at `key`; a failure of the source (the client went away) is
   * passed on as it is.
   */
  async put(key: string, source: NodeJS.ReadableStream | Readable, tap?: (chunk: Buffer) => void) {
    this.check(key);
    let sourceFailed = false;
    const through = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        tap?.(chunk);
        cb(null, chunk);
      },
    });
    const src = source as Readable;
    src.once('error', (err) => {
      sourceFailed = true;
      through.destroy(err);
    });
    src.pipe(through);
    try {
      await this.backend.write(key, through);
    } catch (err) {
      src.unpipe(through);
      if (typeof src.resume === 'function') src.resume();
      if (sourceFailed) throw err;
      throw storageFailure(err, true);
    }
  }

  /** Stores a file of this machine (ffmpeg's output); `move`: the file may be renamed away. */
  async putFile(key: string, path: string, move = false) {
    this.check(key);
    try {
      await this.backend.writeFile(key, path, move);
    } catch (err) {
      throw storageFailure(err, true);
    }
  }

  /** The object's bytes (or an inclusive range); MissingObject when absent, a 503 when the store fails. */
  async open(key: string, range?: { start: number; end: number }) {
    this.check(key);
    try {
      return await this.backend.read(key, range);
    } catch (err) {
      if (err instanceof MissingObject) throw err;
      throw storageFailure(err, false);
    }
  }

  async stat(key: string) {
    this.check(key);
    try {
      return await this.backend.stat(key);
    } catch (err) {
      throw storageFailure(err, false);
    }
  }

  async list(prefix: string) {
    try {
      return await this.backend.list(prefix);
    } catch (err) {
      throw storageFailure(err, false);
    }
  }

  async remove(keys: string[]) {
    await this.backend.remove(keys.map((k) => this.check(k)));
  }

  async removePrefix(prefix: string) {
    this.check(prefix.replace(/\/$/, ''));
    await this.backend.removePrefix(prefix);
  }

  /** `dest` = `sources` in order (a chunked upload's merge), `tap` seeing every byte once. */
  async concat(dest: string, sources: StoredObject[], tap: (chunk: Buffer) => void) {
    this.check(dest);
    try {
      await this.backend.concat(dest, sources, tap);
    } catch (err) {
      throw storageFailure(err, true);
    }
  }

  /** Reads an object whole into memory: only for parsers that need a buffer, and never past `maxBytes`. */
  async readBuffer(key: string, maxBytes: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let n = 0;
    for await (const c of await this.open(key)) {
      n += (c as Buffer).length;
      if (n > maxBytes) throw new Error(`object ${key} is larger than ${maxBytes} bytes`);
      parts.push(c as Buffer);
    }
    return Buffer.concat(parts);
  }

  /** Random access for header parsing: a file handle here, Range requests on S3. */
  async reader(key: string, size: number): Promise<RandomReader & { close(): Promise<void> }> {
    const local = this.backend.localPath(key);
    if (local) {
      const fh = await open(local, 'r');
      return {
        size: (await fh.stat()).size,
        async read(pos, len) {
          const b = Buffer.alloc(len);
          const { bytesRead } = await fh.read(b, 0, len, pos);
          return b.subarray(0, bytesRead);
        },
        close: () => fh.close(),
      };
    }
    return {
      size,
      read: async (pos, len) => {
        if (pos >= size || len <= 0) return Buffer.alloc(0);
        const parts: Buffer[] = [];
        for await (const c of await this.open(key, { start: pos, end: Math.min(size, pos + len) - 1 })) parts.push(c as Buffer);
        return Buffer.concat(parts);
      },
      close: async () => {},
    };
  }

  /** A folder of this machine's scratch space, removed by `release`. */
  async scratchDir() {
    const path = await mkdtemp(join(this.scratch, 'w-'));
    return { path, release: () => rm(path, { recursive: true, force: true }) };
  }

  /**
   * A path on this machine holding the object: the file itself on the local backend, else a copy
   * streamed into scratch space (released by `release`).
   */
  async localCopy(key: string) {
    const local = this.backend.localPath(key);
    if (local) return { path: local, release: async () => {} };
    const dir = await this.scratchDir();
    const path = join(dir.path, 'source');
    try {
      await pipeline(await this.open(key), createWriteStream(path));
    } catch (err) {
      await dir.release();
      throw err;
    }
    return { path, release: dir.release };
  }

  /** Reachable and writable (readiness). */
  ping() {
    return this.backend.ping();
  }

  /** Abandoned chunk sets and scratch files older than `maxAgeMs` are removed. */
  async sweep(maxAgeMs: number, nowMs = Date.now()) {
    let removed = 0;
    const sets = new Map<string, number>();
    for (const o of await this.backend.list('chunks/')) {
      const set = o.key.split('/').slice(0, 2).join('/') + '/';
      sets.set(set, Math.max(sets.get(set) ?? 0, o.modifiedMs));
    }
    for (const [set, newest] of sets) {
      if (nowMs - newest <= maxAgeMs) continue;
      try {
        await this.backend.removePrefix(set);
        removed++;
      } catch {
        /* raced with a merge, or the store is away: the next sweep tries again */
      }
    }
    for (const name of await readdir(this.scratch)) {
      const p = join(this.scratch, name);
      try {
        if (nowMs - (await stat(p)).mtimeMs > maxAgeMs) {
          await rm(p, { recursive: true, force: true });
          removed++;
        }
      } catch {
        /* raced with another sweep */
      }
    }
    return removed;
  }
}
