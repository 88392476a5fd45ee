import { randomBytes } from 'node:crypto';
import { constants, createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { access, copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { MissingObject, type ObjectBackend, type StoredObject } from './storage-backend';

/**
 * The local backend: DATA_DIR/files/<key>, the layout of earlier versions (objects/, chunks/, hls/),
 * so an existing data directory is read as it is. Writes go to tmp/ and are renamed into place.
 */
export class LocalBackend implements ObjectBackend {
  readonly kind = 'local' as const;
  constructor(
    private readonly root: string,
    private readonly tmp: string,
  ) {
    for (const d of ['objects', 'chunks', 'hls']) mkdirSync(join(root, d), { recursive: true });
  }

  private path(key: string) {
    return join(this.root, ...key.split('/'));
  }

  private tmpPath() {
    return join(this.tmp, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  }

  private async place(tmp: string, key: string) {
    const dest = this.path(key);
    await mkdir(dirname(dest), { recursive: true });
    await rename(tmp, dest);
  }

  async write(key: string, body: Readable) {
    const tmp = this.tmpPath();
    try {
      await pipeline(body, createWriteStream(tmp, { flags: 'wx' }));
      await this.place(tmp, key);
    } finally {
      await rm(tmp, { force: true });
    }
  }

  async writeFile(key: string, path: string, move: boolean) {
    if (move) {
      try {
        return await this.place(path, key);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      }
    }
    const tmp = this.tmpPath();
    try {
      await copyFile(path, tmp);
      await this.place(tmp, key);
    } finally {
      await rm(tmp, { force: true });
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    let fh;
    try {
      fh = await open(this.path(key), 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new MissingObject(key);
      throw err;
    }
    return fh.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await stat(this.path(key));
      return s.isFile() ? { key, size: s.size, modifiedMs: s.mtimeMs } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
      throw err;
    }
  }

  async list(prefix: string): Promise<StoredObject[]> {
    // a prefix ending in '/' is a folder; otherwise the folder above it, filtered by name
    const dir = prefix.endsWith('/') ? this.path(prefix.slice(0, -1)) : dirname(this.path(prefix));
    const out: StoredObject[] = [];
    const walk = async (d: string) => {
      let names: string[];
      try {
        names = await readdir(d);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return;
        throw err;
      }
      for (const name of names) {
        const p = join(d, name);
        let s;
        try {
          s = await stat(p);
        } catch {
          continue; // removed meanwhile
        }
        if (s.isDirectory()) await walk(p);
        else {
          const key = relative(this.root, p).split(sep).join('/');
          if (key.startsWith(prefix)) out.push({ key, size: s.size, modifiedMs: s.mtimeMs });
        }
      }
    };
    await walk(dir);
    return out.sort((a, b) => (a.key < b.key ? -1 : 1));
  }

  async remove(keys: string[]) {
    for (const k of keys) await rm(this.path(k), { force: true });
  }

  async removePrefix(prefix: string) {
    if (prefix.endsWith('/')) await rm(this.path(prefix.slice(0, -1)), { recursive: true, force: true });
    else await this.remove((await this.list(prefix)).map((o) => o.key));
  }

  async concat(dest: string, sources: StoredObject[], tap: (chunk: Buffer) => void) {
    const tmp = this.tmpPath();
    try {
      const out = createWriteStream(tmp, { flags: 'wx' });
      const failed = once(out, 'error').then(([e]) => Promise.reject(e));
      failed.catch(() => {});
      try {
        for (const s of sources) {
          for await (const buf of createReadStream(this.path(s.key))) {
            tap(buf as Buffer);
            if (!out.write(buf)) await Promise.race([once(out, 'drain'), failed]);
          }
        }
      } finally {
        out.end();
      }
      await Promise.race([finished(out), failed]);
      await this.place(tmp, dest);
    } finally {
      await rm(tmp, { force: true });
    }
  }

  localPath(key: string) {
    return this.path(key);
  }

  async ping() {
    await access(this.tmp, constants.W_OK);
    await access(join(this.root, 'objects'), constants.W_OK);
  }
}
