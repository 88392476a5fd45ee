import type { FileKind } from './sniff';

/**
 * Attachment classes (core §9): 3 images and editor images (10 MB), 2 files, 4 document upload (5 MB); 1 general
 * files referenced by path; 5 media assembled from chunks. Classes 2 and 4 are referenced by id and
 * downloaded with a token; the others by a public, unguessable path (an <img> or <video> sends no
 * bearer header).
 */
export interface ClassPolicy {
  maxBytes: number;
  kinds: FileKind[];
  byId: boolean;
}

const KB = 1024;
export const CLASS_POLICY: Record<number, ClassPolicy> = {
  1: { maxBytes: 204800 * KB, kinds: ['image', 'video', 'audio', 'document'], byId: false },
  2: { maxBytes: 204800 * KB, kinds: ['image', 'video', 'audio', 'document'], byId: true },
  // editor images may be 10485760 bytes (core §9); the image uploader itself stops at 5 MB on the client
  3: { maxBytes: 10240 * KB, kinds: ['image'], byId: false },
  4: { maxBytes: 5120 * KB, kinds: ['document'], byId: true },
  5: { maxBytes: 4 * 1024 * 1024 * KB, kinds: ['video', 'audio'], byId: false },
};

/** Media chunks: 10 MB each (core §9); the checksum covers the first 30 MB. */
export const MEDIA_CHUNK_BYTES = 10485760;
export const HEAD_MD5_BYTES = 31457280;

export const FILE_MSG = {
  tooLarge: '文件大小超出范围',
  wrongType: '文件格式错误',
  noFile: '请选择要上传的文件',
  projectMissing: '上传项目不存在或已停用',
  classInvalid: '附件类别无效',
  notFound: '文件不存在',
  tokenInvalid: '下载凭据无效或已过期',
  uploadKeyInvalid: '上传凭据无效或已过期',
  chunkInvalid: '分片参数有误',
  chunksMissing: '分片不完整，请继续上传',
  checksumMismatch: '文件校验失败，请重新上传',
  videoFormat: '请上传正确的视频文件格式',
  audioFormat: '请上传正确的音频文件格式',
  storageFull: '文件存储空间已满，本次上传未保存，请联系管理员后重试',
  storageWriteFailed: '文件存储暂时不可用，本次上传未保存，请稍后重试',
  storageUnavailable: '文件存储暂时不可用，请稍后重试',
} as const;
