import { describe, expect, it } from 'vitest';
import { storageSettings } from '../../src/server/config';

/** STORAGE and the S3_* variables (docs/storage.md): a half-configured store stops the start with the reason. */
describe('file storage configuration', () => {
  it('local by default; s3 with its variables, path style and prefix normalised', () => {
    expect(storageSettings({})).toEqual({ kind: 'local' });
    expect(storageSettings({ STORAGE: 'local' })).toEqual({ kind: 'local' });
    expect(
      storageSettings({ STORAGE: 's3', S3_ENDPOINT: 'http://minio.internal:9000/', S3_BUCKET: 'dj', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: 'true', S3_PREFIX: '/prod/files/' }),
    ).toEqual({ kind: 's3', endpoint: 'http://minio.internal:9000', bucket: 'dj', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true, prefix: 'prod/files/' });
    expect(storageSettings({ STORAGE: 'S3', S3_BUCKET: 'dj', S3_REGION: 'oss-cn-chengdu', S3_ENDPOINT: 'https://oss-cn-chengdu.aliyuncs.com' })).toMatchObject({ forcePathStyle: false, prefix: '', accessKeyId: null, region: 'oss-cn-chengdu' });
  });

  it('refuses an unknown kind, a missing bucket, half a key pair, a malformed endpoint, path style or prefix', () => {
    expect(() => storageSettings({ STORAGE: 'ftp' })).toThrow(/STORAGE/);
    expect(() => storageSettings({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => storageSettings({ STORAGE: 's3', S3_BUCKET: 'dj', S3_ACCESS_KEY_ID: 'k' })).toThrow(/both or neither/);
    expect(() => storageSettings({ STORAGE: 's3', S3_BUCKET: 'dj', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => storageSettings({ STORAGE: 's3', S3_BUCKET: 'dj', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => storageSettings({ STORAGE: 's3', S3_BUCKET: 'dj', S3_PREFIX: 'a b' })).toThrow(/S3_PREFIX/);
  });
});
