/**
 * File type from the content (magic bytes), never from the name alone. The extension must agree
 * with what the bytes are.
 */
export type FileKind = 'image' | 'video' | 'audio' | 'document';
export interface Sniffed {
  kind: FileKind;
  mime: string;
  /** extensions that may carry these bytes */
  exts: string[];
}

const starts = (b: Buffer, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Buffer, s: string, at = 0) => b.subarray(at, at + s.length).toString('latin1') === s;

export function sniff(head: Buffer): Sniffed | null {
  if (starts(head, [0xff, 0xd8, 0xff])) return { kind: 'image', mime: 'image/jpeg', exts: ['jpg', 'jpeg'] };
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', mime: 'image/png', exts: ['png'] };
  if (ascii(head, 'GIF87a') || ascii(head, 'GIF89a')) return { kind: 'image', mime: 'image/gif', exts: ['gif'] };
  if (ascii(head, 'RIFF') && ascii(head, 'WEBP', 8)) return { kind: 'image', mime: 'image/webp', exts: ['webp'] };
  if (ascii(head, 'BM') && head.length > 14) return { kind: 'image', mime: 'image/bmp', exts: ['bmp'] };
  if (ascii(head, 'RIFF') && ascii(head, 'WAVE', 8)) return { kind: 'audio', mime: 'audio/wav', exts: ['wav'] };
  if (ascii(head, 'RIFF') && ascii(head, 'AVI ', 8)) return { kind: 'video', mime: 'video/x-msvideo', exts: ['avi'] };
  if (ascii(head, 'ftyp', 4)) {
    const brand = head.subarray(8, 12).toString('latin1');
    if (/^M4A/.test(brand)) return { kind: 'audio', mime: 'audio/mp4', exts: ['m4a', 'aac', 'mp4'] };
    if (/^qt/.test(brand)) return { kind: 'video', mime: 'video/quicktime', exts: ['mov', 'mp4'] };
    if (/^3g/.test(brand)) return { kind: 'video', mime: 'video/3gpp', exts: ['3gp', 'mp4'] };
    return { kind: 'video', mime: 'video/mp4', exts: ['mp4', 'm4v', 'mov', 'mpeg4'] };
  }
  if (ascii(head, 'FLV')) return { kind: 'video', mime: 'video/x-flv', exts: ['flv'] };
  if (starts(head, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'video', mime: 'video/x-matroska', exts: ['mkv', 'webm'] };
  if (starts(head, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return { kind: 'video', mime: 'video/x-ms-wmv', exts: ['wmv', 'wma', 'asf'] };
  if (ascii(head, '.RMF')) return { kind: 'video', mime: 'application/vnd.rn-realmedia', exts: ['rmvb', 'rm'] };
  if (starts(head, [0x00, 0x00, 0x01, 0xba]) || starts(head, [0x00, 0x00, 0x01, 0xb3])) return { kind: 'video', mime: 'video/mpeg', exts: ['mpeg', 'mpg', 'mpeg1', 'mpeg2'] };
  if (ascii(head, 'ID3') || (head[0] === 0xff && (head[1] & 0xe0) === 0xe0 && (head[1] & 0x06) !== 0)) return { kind: 'audio', mime: 'audio/mpeg', exts: ['mp3'] };
  if (head[0] === 0xff && (head[1] & 0xf6) === 0xf0) return { kind: 'audio', mime: 'audio/aac', exts: ['aac'] };
  if (ascii(head, 'OggS')) return { kind: 'audio', mime: 'audio/ogg', exts: ['ogg', 'oga'] };
  if (ascii(head, 'fLaC')) return { kind: 'audio', mime: 'audio/flac', exts: ['flac'] };
  if (ascii(head, '%PDF-')) return { kind: 'document', mime: 'application/pdf', exts: ['pdf'] };
  if (starts(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return { kind: 'document', mime: 'application/x-ole-storage', exts: ['doc', 'xls', 'ppt'] };
  if (starts(head, [0x50, 0x4b, 0x03, 0x04])) return { kind: 'document', mime: 'application/zip', exts: ['docx', 'xlsx', 'pptx', 'epub', 'pages', 'numbers', 'key', 'keynote'] };
  if (isText(head)) return { kind: 'document', mime: 'text/plain; charset=utf-8', exts: ['txt', 'csv', 'm3u8'] };
  return null;
}

/** Plain text: no NUL bytes and valid UTF-8 (a cut multi-byte character at the end is allowed). */
function isText(head: Buffer) {
  if (!head.length || head.includes(0)) return false;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  const bad = (text.match(/\uFFFD/g) ?? []).length;
  return bad <= 1;
}

export const extOf = (name: string) => {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name.trim());
  return m ? m[1].toLowerCase() : '';
};

/** A display name safe to store and to send back in Content-Disposition: no path, no control characters. */
export function cleanName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').replace(/^\.+/, '').trim().slice(0, 200);
  return cleaned || 'file';
}
