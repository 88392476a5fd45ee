import { describe, expect, it } from 'vitest';
import {
  accepts, checkFile, checkImage, checkMedia, chunkedUploadSupported, fileCategory, fileDefaults, fromList, isIOS, toList, UPLOAD_MSG, valueById,
} from '../../../src/client/widgets/upload-core/limits';
import { itemStatus } from '../../../src/client/widgets/upload-core/progress';

const f = (name: string, size = 1000, type = '') => ({ name, size, type });
const KB = 1024;

describe('ImageUpload checks (core §5)', () => {
  it('jpg, jpeg and png only', () => {
    for (const n of ['a.jpg', 'b.JPEG', 'c.png']) expect(checkImage(f(n))).toBeNull();
    for (const n of ['a.gif', 'b.webp', 'c', 'd.png.exe']) expect(checkImage(f(n))).toBe('请选择正确的图片格式');
  });
  it('at most 5120 KB', () => {
    expect(checkImage(f('a.png', 5120 * KB))).toBeNull();
    expect(checkImage(f('a.png', 5120 * KB + 1))).toBe('请上传小于5M的图片');
  });
  it('at most max images, default 6, with the number in the message', () => {
    expect(checkImage(f('a.png'), { count: 5 })).toBeNull();
    expect(checkImage(f('a.png'), { count: 6 })).toBe('最多上传6张图片');
    expect(checkImage(f('a.png'), { count: 3, max: 3 })).toBe('最多上传3张图片');
    expect(UPLOAD_MSG.imageCount(9)).toBe('最多上传9张图片');
  });
});

describe('FileUpload checks (core §5, §9)', () => {
  it('defaults by class: files 204800 KB, documents 5120 KB', () => {
    expect(fileDefaults(2).maxKB).toBe(204800);
    expect(fileDefaults(4).maxKB).toBe(5120);
    expect(fileDefaults(3)).toEqual({ maxKB: 5120, accept: 'image/*' });
  });
  it('文件大小超出范围 over the limit, 文件格式错误 outside the accept list', () => {
    expect(checkFile(f('a.pdf', 5120 * KB), { accept: fileDefaults(4).accept, maxKB: 5120 })).toBeNull();
    expect(checkFile(f('a.pdf', 5120 * KB + 1), { accept: fileDefaults(4).accept, maxKB: 5120 })).toBe('文件大小超出范围');
    expect(checkFile(f('a.exe'), { accept: fileDefaults(4).accept, maxKB: 5120 })).toBe('文件格式错误');
    expect(checkFile(f('a.exe', 1), { accept: '', maxKB: 204800 })).toBeNull();
  });
  it('accept lists: extensions, MIME types, wildcards (by type or by extension)', () => {
    expect(accepts(f('a.PDF'), '.pdf,.docx')).toBe(true);
    expect(accepts(f('a.doc'), '.pdf,.docx')).toBe(false);
    expect(accepts(f('a.bin', 1, 'image/png'), 'image/*')).toBe(true);
    expect(accepts(f('a.webp'), 'image/*')).toBe(true);
    expect(accepts(f('a.txt', 1, 'text/plain'), ['application/pdf', 'text/plain'])).toBe(true);
    expect(accepts(f('a.txt'), null)).toBe(true);
  });
  it('value by id for classes 2 and 4, else by path', () => {
    expect([1, 2, 3, 4].map(valueById)).toEqual([false, true, false, true]);
  });
  it('item status: finished, failed, active', () => {
    expect([itemStatus('done'), itemStatus('error'), itemStatus('uploading'), itemStatus(undefined)]).toEqual(['finished', 'failed', 'active', 'active']);
  });
  it('one value or a list', () => {
    expect(toList(null)).toEqual([]);
    expect(toList('/file/f/a')).toEqual(['/file/f/a']);
    expect(fromList(['a', 'b'], 1)).toBe('a');
    expect(fromList([], 1)).toBeNull();
    expect(fromList(['a', 'b'], 6)).toEqual(['a', 'b']);
  });
});

describe('MediaUpload categories and formats (core §5)', () => {
  it('categories by extension', () => {
    expect(['x.GIF', 'x.webp', 'x.mkv', 'x.m3u8', 'x.flac', 'x.wma', 'x.keynote', 'x.csv', 'x.zip'].map(fileCategory)).toEqual([
      'image', 'image', 'video', 'video', 'audio', 'audio', 'document', 'document', 'unknown',
    ]);
  });
  it('video and audio formats with their verbatim messages', () => {
    for (const n of ['a.mp4', 'a.avi', 'a.3gp', 'a.rmvb', 'a.mpeg4', 'a.wmv', 'a.mtv', 'a.mov', 'a.flv']) expect(checkMedia(f(n), 'video')).toBeNull();
    expect(checkMedia(f('a.mkv'), 'video')).toBe('请上传正确的视频文件格式');
    expect(checkMedia(f('a.mp3'), 'video')).toBe('请上传正确的视频文件格式');
    for (const n of ['a.mp3', 'a.ogg', 'a.wav', 'a.aac']) expect(checkMedia(f(n), 'audio')).toBeNull();
    expect(checkMedia(f('a.flac'), 'audio')).toBe('请上传正确的音频文件格式');
    expect(checkMedia(f('a.mp3'), 'media')).toBeNull();
    expect(checkMedia(f('a.wma'), 'media')).toBe('请上传正确的音频文件格式');
    expect(checkMedia(f('a.txt'), 'media')).toBe('请上传正确的视频文件格式');
  });
  it('unsupported browser: no File or no Blob.slice', () => {
    expect(chunkedUploadSupported()).toBe(true);
    expect(chunkedUploadSupported({ Blob, FormData })).toBe(false);
    function B() {}
    expect(chunkedUploadSupported({ File, Blob: B, FormData })).toBe(false);
    expect(UPLOAD_MSG.unsupported).toMatch(/不支持文件上传/);
  });
});

describe('iOS detection (download refused)', () => {
  it('iPhone, iPad, iPadOS as Mac with touch; not desktop or Android', () => {
    expect(isIOS({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' })).toBe(true);
    expect(isIOS({ userAgent: 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)' })).toBe(true);
    expect(isIOS({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', platform: 'MacIntel', maxTouchPoints: 5 })).toBe(true);
    expect(isIOS({ userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', platform: 'MacIntel', maxTouchPoints: 0 })).toBe(false);
    expect(isIOS({ userAgent: 'Mozilla/5.0 (Linux; Android 14)' })).toBe(false);
  });
});
