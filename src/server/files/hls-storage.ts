import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileStorage } from './storage';

/**
 * Where an HLS packaging job reads and writes, whichever store holds the files: the source as a
 * file of this machine (the object itself on the local backend, a streamed copy otherwise), an
 * output folder in scratch space, and `publish`, which stores the segments and then the playlist —
 * a player that finds the playlist finds every segment it names, through any machine.
 */
export async function hlsWorkspace(storage: FileStorage, storageKey: string) {
  const source = await storage.localCopy(storage.objectKey(storageKey));
  let out;
  try {
    out = await storage.scratchDir();
  } catch (err) {
    await source.release();
    throw err;
  }
  return {
    source: source.path,
    outDir: out.path,
    async publish() {
      const names = (await readdir(out.path)).filter((n) => /^seg\d{5}\.ts$/.test(n)).sort();
      for (const n of names) await storage.putFile(storage.hlsKey(storageKey, n), join(out.path, n), true);
      await storage.putFile(storage.hlsKey(storageKey, 'index.m3u8'), join(out.path, 'index.m3u8'), true);
    },
    async release() {
      await Promise.all([source.release(), out.release()]);
    },
  };
}
