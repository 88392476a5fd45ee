import { constants, createDeflateRaw, inflateRawSync, type DeflateRaw } from 'node:zlib';

/**
 * The ZIP container of XLSX, both ways, without a dependency: a streaming writer (entries deflated
 * as their bytes arrive, sizes in data descriptors, so nothing is held but the current batch) and a
 * reader for uploaded workbooks (central directory, bounded inflation).
 */

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(buf: Buffer, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

/** A raw deflate stream fed in pieces: each push answers the compressed bytes produced so far. */
class Deflater {
  private readonly d: DeflateRaw = createDeflateRaw({ level: 6 });
  private out: Buffer[] = [];
  constructor() {
    this.d.on('data', (b: Buffer) => this.out.push(b));
  }
  private take() {
    const b = Buffer.concat(this.out);
    this.out = [];
    return b;
  }
  async push(buf: Buffer): Promise<Buffer> {
    this.d.write(buf);
    await new Promise<void>((resolve) => this.d.flush(constants.Z_SYNC_FLUSH, () => resolve()));
    return this.take();
  }
  async end(): Promise<Buffer> {
    await new Promise<void>((resolve) => {
      this.d.once('end', () => resolve());
      this.d.end();
    });
    return this.take();
  }
}

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

const DOS_TIME = 0; // 1980-01-01 00:00: the contents carry no meaningful file times
const DOS_DATE = (1 << 5) | 1;

/**
 * Writes a ZIP as a sequence of buffers. `entries` yields each file's name and its content as an
 * async sequence of pieces; the archive is produced as the pieces arrive.
 */
export async function* zipStream(entries: AsyncIterable<{ name: string; content: AsyncIterable<Buffer> | Iterable<Buffer> }>): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0808, 6); // data descriptor follows; names are UTF-8
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt16LE(name.length, 26);
    const start = offset;
    yield local;
    yield name;
    offset += local.length + name.length;
    const deflater = new Deflater();
    let crc = 0;
    let size = 0;
    let compressed = 0;
    for await (const piece of entry.content) {
      crc = crc32(piece, crc);
      size += piece.length;
      const out = await deflater.push(piece);
      compressed += out.length;
      if (out.length) yield out;
    }
    const tail = await deflater.end();
    compressed += tail.length;
    if (tail.length) yield tail;
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    offset += compressed + descriptor.length;
    written.push({ name, crc, compressed, size, offset: start });
  }
  const dirStart = offset;
  for (const w of written) {
    const h = Buffer.alloc(46);
    h.writeUInt32LE(0x02014b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt16LE(20, 6);
    h.writeUInt16LE(0x0808, 8);
    h.writeUInt16LE(8, 10);
    h.writeUInt16LE(DOS_TIME, 12);
    h.writeUInt16LE(DOS_DATE, 14);
    h.writeUInt32LE(w.crc, 16);
    h.writeUInt32LE(w.compressed, 20);
    h.writeUInt32LE(w.size, 24);
    h.writeUInt16LE(w.name.length, 28);
    h.writeUInt32LE(w.offset, 42);
    yield h;
    yield w.name;
    offset += h.length + w.name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(offset - dirStart, 12);
  end.writeUInt32LE(dirStart, 16);
  yield end;
}

export class ZipError extends Error {}

/** The files of a ZIP held in memory (an uploaded workbook), each inflated up to `maxBytes` in all. */
export function readZip(buf: Buffer, maxBytes = 64 * 1024 * 1024): Map<string, Buffer> {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipError('not a zip');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const files = new Map<string, Buffer>();
  let total = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) throw new ZipError('bad central directory');
    const method = buf.readUInt16LE(p + 10);
    const compressed = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    p += 46 + nameLen + extraLen + commentLen;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== 0x04034b50) throw new ZipError('bad local header');
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(dataStart, dataStart + compressed);
    total += size;
    if (total > maxBytes) throw new ZipError('too large');
    if (method === 0) files.set(name, Buffer.from(data));
    else if (method === 8) files.set(name, inflateRawSync(data, { maxOutputLength: Math.max(1, maxBytes - total + size) }));
    else throw new ZipError(`unsupported method ${method}`);
  }
  return files;
}
