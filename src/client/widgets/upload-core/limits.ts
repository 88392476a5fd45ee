/**
 * Upload limits, categories and the verbatim messages of core §5, §8 and §9, and the pure checks the
 * upload widgets run before a byte leaves the browser (the server checks again, from the bytes).
 */
export const DEFAULT_PROJECT = 'LyProduct';
export const KB = 1024;
export const MB = 1024 * KB;

/** Attachment classes (core §9): 3 images and editor images, 2 files, 4 document upload. */
export const ATTACH_CLASS = { file: 2, image: 3, document: 4 } as const;
/** Classes 2 and 4 answer the id as the value, the others the path. */
export const valueById = (attachClass: number) => attachClass === 2 || attachClass === 4;

export const IMAGE_MAX_KB = 5120;
export const FILE_MAX_KB = 204800;
export const DOCUMENT_MAX_KB = 5120;
export const IMAGE_MAX_COUNT = 6;
export const IMAGE_BOX = { width: 130, height: 183 };

export const EDITOR_IMAGE_MAX_BYTES = 10485760;
export const EDITOR_IMAGE_MAX_COUNT = 6;
export const EDITOR_UPLOAD_TIMEOUT = 180_000;
export const EDITOR_DEBOUNCE_MS = 500;

export const MEDIA_CHUNK_BYTES = 10485760;
export const GENERIC_CHUNK_BYTES = 1 * MB;
export const CHECKSUM_BYTES = 31457280;
/** spark-md5 reads the head in 2 MB slices and yields between them (as scripts/bench-files.ts). */
export const CHECKSUM_SLICE_BYTES = 2 * MB;
export const SIMULTANEOUS_UPLOADS = 3;
export const PROGRESS_DELAY_MS = 200;

export const UPLOAD_MSG = {
  imageFormat: '请选择正确的图片格式',
  imageSize: '请上传小于5M的图片',
  imageCount: (max: number) => `最多上传${max}张图片`,
  fileSize: '文件大小超出范围',
  fileFormat: '文件格式错误',
  videoFormat: '请上传正确的视频文件格式',
  audioFormat: '请上传正确的音频文件格式',
  editorFailed: '上传失败，请重试！',
  editorTimeout: '上传超时，请重试！',
  editorSuccess: '上传成功',
  editorImageSize: '图片大小不能超过10M',
  unsupported: '当前浏览器不支持文件上传，请使用最新版的 Chrome、Edge 或 Firefox 浏览器',
  iosDownload: 'iOS 设备暂不支持下载文件，请在电脑上下载',
} as const;

/** Chunked widget categories by extension (core §5). */
export const CATEGORY_EXTS = {
  image: ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'],
  video: ['mp4', 'm3u8', 'rmvb', 'avi', 'swf', '3gp', 'mkv', 'flv'],
  audio: ['mp3', 'wav', 'wma', 'ogg', 'aac', 'flac'],
  document: ['doc', 'docx', 'txt', 'pages', 'epub', 'pdf', 'numbers', 'csv', 'xls', 'xlsx', 'keynote', 'ppt', 'pptx'],
} as const;
export type FileCategory = keyof typeof CATEGORY_EXTS | 'unknown';

/** Formats a video or audio upload accepts (core §5). */
export const VIDEO_FORMATS = ['mp4', 'avi', '3gp', 'rmvb', 'mpeg1', 'mpeg2', 'mpeg3', 'mpeg4', 'mpeg', 'wmv', 'mtv', 'mov', 'flv'];
export const AUDIO_FORMATS = ['mp3', 'ogg', 'wav', 'aac'];
export const IMAGE_FORMATS = ['jpg', 'jpeg', 'png'];

export const extOf = (name: string) => {
  const m = /\.([A-Za-z0-9]+)$/.exec(name ?? '');
  return m ? m[1].toLowerCase() : '';
};

export function fileCategory(name: string): FileCategory {
  const ext = extOf(name);
  for (const [cat, exts] of Object.entries(CATEGORY_EXTS)) if ((exts as readonly string[]).includes(ext)) return cat as FileCategory;
  return 'unknown';
}

interface FileLike {
  name: string;
  size: number;
  type?: string;
}

/** ImageUpload: format, then size, then count (how many are already there plus this batch). */
export function checkImage(file: FileLike, opts: { maxKB?: number; max?: number; count?: number } = {}): string | null {
  if (!IMAGE_FORMATS.includes(extOf(file.name))) return UPLOAD_MSG.imageFormat;
  if (file.size > (opts.maxKB ?? IMAGE_MAX_KB) * KB) return UPLOAD_MSG.imageSize;
  const max = opts.max ?? IMAGE_MAX_COUNT;
  if ((opts.count ?? 0) >= max) return UPLOAD_MSG.imageCount(max);
  return null;
}

/**
 * An accept list as in <input accept>: extensions (".pdf"), MIME types ("application/pdf") and
 * wildcards ("image/*"). Wildcards also match by extension (the browser's type may be empty).
 */
export function accepts(file: FileLike, accept?: string | string[] | null): boolean {
  const list = (Array.isArray(accept) ? accept : String(accept ?? '').split(','))
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (!list.length) return true;
  const ext = extOf(file.name);
  const type = (file.type ?? '').toLowerCase();
  const wildcardExts: Record<string, readonly string[]> = { 'image/*': CATEGORY_EXTS.image, 'video/*': CATEGORY_EXTS.video, 'audio/*': CATEGORY_EXTS.audio };
  return list.some((a) => {
    if (a.startsWith('.')) return a.slice(1) === ext;
    if (!a.includes('/')) return a === ext;
    if (a.endsWith('/*')) return (type && type.startsWith(a.slice(0, -1))) || (wildcardExts[a] ?? []).includes(ext);
    return a === type;
  });
}

/** Defaults of FileUpload by class (core §9): documents 5120 KB with a document accept list. */
export function fileDefaults(attachClass: number) {
  if (attachClass === ATTACH_CLASS.document) return { maxKB: DOCUMENT_MAX_KB, accept: CATEGORY_EXTS.document.map((e) => `.${e}`).join(',') };
  if (attachClass === ATTACH_CLASS.image) return { maxKB: IMAGE_MAX_KB, accept: 'image/*' };
  return { maxKB: FILE_MAX_KB, accept: '' };
}

/** FileUpload: type, then size (maxKB in KB). */
export function checkFile(file: FileLike, opts: { accept?: string | string[] | null; maxKB?: number }): string | null {
  if (!accepts(file, opts.accept)) return UPLOAD_MSG.fileFormat;
  if (opts.maxKB !== undefined && file.size > opts.maxKB * KB) return UPLOAD_MSG.fileSize;
  return null;
}

export type MediaKind = 'video' | 'audio' | 'media' | 'any';

/** MediaUpload: the format of the kind it takes (video, audio, either) with its verbatim message. */
export function checkMedia(file: FileLike, kind: MediaKind = 'video'): string | null {
  const ext = extOf(file.name);
  if (kind === 'any') return null;
  if (kind === 'video') return VIDEO_FORMATS.includes(ext) ? null : UPLOAD_MSG.videoFormat;
  if (kind === 'audio') return AUDIO_FORMATS.includes(ext) ? null : UPLOAD_MSG.audioFormat;
  if (VIDEO_FORMATS.includes(ext) || AUDIO_FORMATS.includes(ext)) return null;
  return fileCategory(file.name) === 'audio' ? UPLOAD_MSG.audioFormat : UPLOAD_MSG.videoFormat;
}

/** Chunked upload needs File and Blob.slice (core §8: otherwise a message that upload is unsupported). */
export function chunkedUploadSupported(g: any = globalThis): boolean {
  return typeof g.File === 'function' && typeof g.Blob === 'function' && typeof g.Blob.prototype?.slice === 'function' && typeof g.FormData === 'function';
}

/** iPhone, iPad, iPod, and iPadOS reporting itself as a Mac with touch. */
export function isIOS(nav: { userAgent?: string; platform?: string; maxTouchPoints?: number } | undefined = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  if (!nav) return false;
  const ua = nav.userAgent ?? '';
  if (/iPad|iPhone|iPod/i.test(ua)) return true;
  return (nav.platform === 'MacIntel' || /Macintosh/.test(ua)) && (nav.maxTouchPoints ?? 0) > 1;
}

/** Stored values: one (max 1) or a list. */
export const toList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : v === null || v === undefined || v === '' ? [] : [String(v)]);
export const fromList = (list: string[], max: number) => (max === 1 ? list[0] ?? null : list);
