/**
 * The identifier of a chunked upload: spark-md5 of the first 30 MB (31457280 bytes), read in 2 MB
 * slices with a yield to the event loop between them, so the page keeps painting and answering
 * clicks (and a pause can stop it between slices). Same slicing as scripts/bench-files.ts.
 */
import SparkMD5 from 'spark-md5';
import { CHECKSUM_BYTES, CHECKSUM_SLICE_BYTES } from '../upload-core/limits';

/** Lowercase hex md5 of the head of a file, computed incrementally. */
export async function headMd5(
  file: Blob,
  opts: { bytes?: number; slice?: number; shouldStop?: () => boolean; onProgress?: (done: number, total: number) => void; yieldFn?: () => Promise<void> } = {},
): Promise<string> {
  const total = Math.min(file.size, opts.bytes ?? CHECKSUM_BYTES);
  const step = opts.slice ?? CHECKSUM_SLICE_BYTES;
  const pause = opts.yieldFn ?? (() => new Promise<void>((r) => setTimeout(r, 0)));
  const spark = new SparkMD5.ArrayBuffer();
  for (let off = 0; off < total; off += step) {
    if (opts.shouldStop?.()) throw new Error('stopped');
    spark.append(await readSlice(file.slice(off, Math.min(off + step, total))));
    opts.onProgress?.(Math.min(off + step, total), total);
    await pause();
  }
  return spark.end();
}

function readSlice(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(r.result as ArrayBuffer);
    r.onerror = () => reject(r.error);
    r.readAsArrayBuffer(blob);
  });
}

/** The server's identifier of a chunk set: `${md5}-${size}`. */
export const identifierOf = (md5: string, size: number) => `${md5}-${size}`;

/** Number of chunks of a file (at least one). */
export const chunkCount = (size: number, chunkSize: number) => Math.max(1, Math.ceil(size / chunkSize));

/** Byte range of chunk n (1-based), the last one holding the rest. */
export function chunkRange(n: number, size: number, chunkSize: number): [number, number] {
  const start = (n - 1) * chunkSize;
  return [start, Math.min(size, start + chunkSize)];
}

/** The chunks still to send, given those the server already holds. */
export function missingChunks(total: number, uploaded: number[]): number[] {
  const have = new Set(uploaded);
  const out: number[] = [];
  for (let n = 1; n <= total; n++) if (!have.has(n)) out.push(n);
  return out;
}
