import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where bytes live: DATA_DIR/files/{objects,tmp,chunks,hls}. Objects are named by a random key,
 * never by the uploaded name; writes go to tmp/ first and are renamed into place, so a reader never
 * sees a half-written file.
 */
export class FileStorage {
  private static instances = new Map<string, FileStorage>();
  /** One storage per data directory (an in-memory database gets one temporary folder per process). */
  static for(dataDir: string | null) {
    const k = dataDir ?? '';
    let s = FileStorage.instances.get(k);
    if (!s) FileStorage.instances.set(k, (s = new FileStorage(dataDir)));
    return s;
  }

  readonly root: string;
  private constructor(dataDir: string | null) {
    this.root = dataDir ? join(dataDir, 'files') : mkdtempSync(join(tmpdir(), 'party-files-'));
    for (const d of ['objects', 'tmp', 'chunks', 'hls']) mkdirSync(join(this.root, d), { recursive: true });
  }

  newKey() {
    return randomBytes(16).toString('base64url');
  }

  objectPath(key: string) {
    const dir = join(this.root, 'objects', key.slice(0, 2));
    mkdirSync(dir, { recursive: true });
    return join(dir, key);
  }

  tmpPath() {
    return join(this.root, 'tmp', `${Date.now()}-${randomBytes(8).toString('hex')}`);
  }

  /** A chunk set belongs to one user and one client-chosen identifier (checked to be a plain token). */
  chunkDir(userId: number, identifier: string) {
    const dir = join(this.root, 'chunks', `${userId}-${identifier}`);
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  hlsDir(key: string) {
    const dir = join(this.root, 'hls', key);
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  /** Abandoned chunk sets and temporary files older than `maxAgeMs` are removed. */
  sweep(maxAgeMs: number, nowMs = Date.now()) {
    let removed = 0;
    for (const sub of ['chunks', 'tmp']) {
      const dir = join(this.root, sub);
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        try {
          if (nowMs - statSync(p).mtimeMs > maxAgeMs) {
            rmSync(p, { recursive: true, force: true });
            removed++;
          }
        } catch {
          /* raced with another sweep or a merge */
        }
      }
    }
    return removed;
  }
}
