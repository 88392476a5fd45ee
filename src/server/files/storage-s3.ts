import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { MissingObject, type ObjectBackend, type S3Settings, type StoredObject } from './storage-backend';

/**
 * The S3-compatible backend (@aws-sdk/client-s3 and @aws-sdk/lib-storage, docs/storage.md): large
 * writes are multipart uploads of PART_SIZE parts, at most QUEUE parts in flight, so memory stays
 * bounded whatever the file's size; a failed upload is aborted (nothing appears at the key). A merge
 * of chunks is done by the store itself (UploadPartCopy) when the chunks allow it.
 */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE = 2;
/** S3's smallest part but the last, and its largest part */
const MIN_PART = 5 * 1024 * 1024;
const MAX_PART = 5 * 1024 * 1024 * 1024;

const SDK_NODE_NOTICE_OFF = 'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED';

type Sdk = typeof import('@aws-sdk/client-s3');
type LibStorage = typeof import('@aws-sdk/lib-storage');

export class S3Backend implements ObjectBackend {
  readonly kind = 's3' as const;
  private sdk: Promise<{ s3: Sdk; lib: LibStorage; client: S3Client }> | null = null;
  constructor(private readonly s: S3Settings) {}

  /** The SDK is loaded on first use: a local-storage deployment never pays for it. */
  private load() {
    this.sdk ??= (async () => {
      // the pinned SDK supports Node 20 (docs/storage.md); its notice that later ones will not is not a
      // log line. The SDK's own switch, set here, not a setting of ours (not in the environment template).
      process.env[SDK_NODE_NOTICE_OFF] ??= 'true';
      const [s3, lib] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
      const client = new s3.S3Client({
        region: this.s.region,
        ...(this.s.endpoint ? { endpoint: this.s.endpoint } : {}),
        forcePathStyle: this.s.forcePathStyle,
        ...(this.s.accessKeyId && this.s.secretAccessKey ? { credentials: { accessKeyId: this.s.accessKeyId, secretAccessKey: this.s.secretAccessKey } } : {}),
        // checksums only where S3 requires them: several S3-compatible stores reject the SDK's newer default ones
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
      });
      return { s3, lib, client };
    })();
    return this.sdk;
  }

  private k(key: string) {
    return this.s.prefix + key;
  }

  async write(key: string, body: Readable) {
    const { lib, client } = await this.load();
    const up = new lib.Upload({ client, params: { Bucket: this.s.bucket, Key: this.k(key), Body: body }, partSize: PART_SIZE, queueSize: QUEUE, leavePartsOnError: false });
    await up.done();
  }

  async writeFile(key: string, path: string, move: boolean) {
    await this.write(key, createReadStream(path));
    if (move) await rm(path, { force: true });
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const { s3, client } = await this.load();
    try {
      const r = await client.send(new s3.GetObjectCommand({ Bucket: this.s.bucket, Key: this.k(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      return r.Body as Readable;
    } catch (err) {
      if (isMissing(err)) throw new MissingObject(key);
      throw err;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    const { s3, client } = await this.load();
    try {
      const r = await client.send(new s3.HeadObjectCommand({ Bucket: this.s.bucket, Key: this.k(key) }));
      return { key, size: Number(r.ContentLength ?? 0), modifiedMs: r.LastModified?.getTime() ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const { s3, client } = await this.load();
    const out: StoredObject[] = [];
    let token: string | undefined;
    do {
      const r = await client.send(new s3.ListObjectsV2Command({ Bucket: this.s.bucket, Prefix: this.k(prefix), ContinuationToken: token }));
      for (const o of r.Contents ?? []) out.push({ key: o.Key!.slice(this.s.prefix.length), size: Number(o.Size ?? 0), modifiedMs: o.LastModified?.getTime() ?? 0 });
      token = r.IsTruncated ? r.NextContinuationToken : undefined;
    } while (token);
    return out.sort((a, b) => (a.key < b.key ? -1 : 1));
  }

  /** One DeleteObject each (DeleteObjects needs a Content-MD5 some stores insist on and the SDK no longer sends). */
  async remove(keys: string[]) {
    const { s3, client } = await this.load();
    const queue = [...keys];
    const worker = async () => {
      for (let k = queue.shift(); k !== undefined; k = queue.shift()) await client.send(new s3.DeleteObjectCommand({ Bucket: this.s.bucket, Key: this.k(k) }));
    };
    await Promise.all(Array.from({ length: Math.min(8, queue.length) }, worker));
  }

  async removePrefix(prefix: string) {
    await this.remove((await this.list(prefix)).map((o) => o.key));
  }

  async concat(dest: string, sources: StoredObject[], tap: (chunk: Buffer) => void) {
    const copyable = sources.length > 0 && sources.every((s, i) => s.size <= MAX_PART && s.size > 0 && (i === sources.length - 1 || s.size >= MIN_PART));
    if (!copyable) {
      // small chunks: streamed through this process once, into a multipart upload
      const body = new PassThrough();
      const feeding = (async () => {
        try {
          for (const s of sources) {
            for await (const c of await this.read(s.key)) {
              if (body.destroyed) return;
              tap(c as Buffer);
              if (!body.write(c)) await new Promise((r) => (body.once('drain', r), body.once('close', r)));
            }
          }
          body.end();
        } catch (err) {
          body.destroy(err as Error);
        }
      })();
      try {
        await Promise.all([this.write(dest, body), feeding]);
      } finally {
        // a failed upload stops the reading too
        body.destroy();
        await feeding;
      }
      return;
    }
    // the store copies the chunks into one object itself; this process reads the result once for the checksums
    const { s3, client } = await this.load();
    const Bucket = this.s.bucket;
    const Key = this.k(dest);
    const { UploadId } = await client.send(new s3.CreateMultipartUploadCommand({ Bucket, Key }));
    try {
      const parts: { PartNumber: number; ETag: string }[] = [];
      const queue = sources.map((s, i) => ({ s, n: i + 1 }));
      const worker = async () => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          const r = await client.send(new s3.UploadPartCopyCommand({ Bucket, Key, UploadId, PartNumber: job.n, CopySource: encodeURI(`${Bucket}/${this.k(job.s.key)}`) }));
          parts.push({ PartNumber: job.n, ETag: r.CopyPartResult!.ETag! });
        }
      };
      await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
      parts.sort((a, b) => a.PartNumber - b.PartNumber);
      await client.send(new s3.CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
    } catch (err) {
      await client.send(new s3.AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
      throw err;
    }
    try {
      for await (const c of await this.read(dest)) tap(c as Buffer);
    } catch (err) {
      await this.remove([dest]).catch(() => {});
      throw err;
    }
  }

  localPath() {
    return null;
  }

  async ping() {
    const { s3, client } = await this.load();
    await client.send(new s3.HeadBucketCommand({ Bucket: this.s.bucket }));
  }
}

function isMissing(err: unknown) {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  if (e?.name === 'NoSuchBucket' || e?.Code === 'NoSuchBucket') return false;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.Code === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}
