/**
 * The identifier of a chunked upload: the MD5 of the first 30 MB (31457280 bytes), read in 2 MB
 * slices with a yield to the event loop between them, so the page keeps painting and answering
 * clicks (and a pause can stop it between slices). Same code as scripts/bench-files.ts measures.
 *
 * The digest runs in WebAssembly (hash-wasm) where the browser has it: spark-md5, pure JavaScript,
 * needs 300–700 ms for 30 MB in Chromium on this class of machine against a goal of 300 ms, the
 * WebAssembly MD5 about 55 ms. spark-md5 stays as the fallback (no WebAssembly, or it fails to
 * instantiate, e.g. under a CSP without 'wasm-unsafe-eval'); both give the same lowercase hex.
 */
import SparkMD5 from 'spark-md5';
import { createMD5 } from 'hash-wasm';
import { CHECKSUM_BYTES, CHECKSUM_SLICE_BYTES } from '../upload-core/limits';

export type Md5Engine = 'wasm' | 'js';

interface IncrementalMd5 {
  engine: Md5Engine;
  append(buf: ArrayBuffer): void;
  hex(): string;
}

async function wasmMd5(): Promise<IncrementalMd5> {
  const h = await createMD5();
  h.init();
  return { engine: 'wasm', append: (buf) => void h.update(new Uint8Array(buf)), hex: () => h.digest('hex') };
}

function sparkMd5(): IncrementalMd5 {
  const s = new SparkMD5.ArrayBuffer();
  return { engine: 'js', append: (buf) => void s.append(buf), hex: () => s.end() };
}

/** The fastest MD5 this browser can run; `prefer: 'js'` forces spark-md5. */
export async function incrementalMd5(prefer?: Md5Engine): Promise<IncrementalMd5> {
  if (prefer !== 'js' && typeof WebAssembly === 'object') {
    try {
      return await wasmMd5();
    } catch {
      /* fall back to JavaScript */
    }
  }
  return sparkMd5();
}

/** Lowercase hex md5 of the head of a file, computed incrementally. */
export async function headMd5(
  file: Blob,
  opts: {
    bytes?: number;
    slice?: number;
    engine?: Md5Engine;
    shouldStop?: () => boolean;
    onProgress?: (done: number, total: number) => void;
    yieldFn?: () => Promise<void>;
  } = {},
): Promise<string> {
  const total = Math.min(file.size, opts.bytes ?? CHECKSUM_BYTES);
  const step = opts.slice ?? CHECKSUM_SLICE_BYTES;
  const pause = opts.yieldFn ?? yieldToPage;
  const md5 = await incrementalMd5(opts.engine);
  const read = (off: number) => readSlice(file.slice(off, Math.min(off + step, total)));
  // The browser reads the next slice (off the main thread) while this one is digested.
  let next = total > 0 ? read(0) : null;
  for (let off = 0; next; off += step) {
    if (opts.shouldStop?.()) throw new Error('stopped');
    const buf = await next;
    next = off + step < total ? read(off + step) : null;
    md5.append(buf);
    opts.onProgress?.(Math.min(off + step, total), total);
    await pause();
  }
  return md5.hex();
}

/**
 * One turn of the event loop, so input and paint run between slices. A message to oneself, not
 * setTimeout(0): nested timers are clamped to 4 ms each.
 */
function yieldToPage(): Promise<void> {
  if (typeof MessageChannel !== 'function') return new Promise((r) => setTimeout(r, 0));
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });
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
