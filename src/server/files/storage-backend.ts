import type { Readable } from 'node:stream';

/** The storage interface's types (storage.ts), apart so that the backends need not import storage.ts. */

export type StorageSettings = { kind: 'local' } | S3Settings;
export interface S3Settings {
  kind: 's3';
  /** null: AWS's own endpoint for the region */
  endpoint: string | null;
  region: string;
  bucket: string;
  /** null: the SDK's default credential chain (AWS_* variables, instance role) */
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
  /** prepended to every key ('' or ending in '/'): several deployments in one bucket */
  prefix: string;
}

export interface StoredObject {
  key: string;
  size: number;
  modifiedMs: number;
}

/** An object that is not there (as opposed to a store that does not answer). */
export class MissingObject extends Error {
  constructor(readonly key: string) {
    super(`no object ${key}`);
  }
}

/** What each backend does; FileStorage adds the key layout, hashing taps and the errors a user reads. */
export interface ObjectBackend {
  readonly kind: 'local' | 's3';
  /** Streams `body` into `key`: the object is whole or absent. */
  write(key: string, body: Readable): Promise<void>;
  /** Stores a local file (`move`: it may be taken away, e.g. renamed). */
  writeFile(key: string, path: string, move: boolean): Promise<void>;
  /** The object's bytes, or `range` of them (inclusive); MissingObject when absent. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  stat(key: string): Promise<StoredObject | null>;
  list(prefix: string): Promise<StoredObject[]>;
  remove(keys: string[]): Promise<void>;
  /** Every object under `prefix`. */
  removePrefix(prefix: string): Promise<void>;
  /** `dest` = the sources one after another; `tap` sees every byte of the result, in order. */
  concat(dest: string, sources: StoredObject[], tap: (chunk: Buffer) => void): Promise<void>;
  /** A path ffmpeg can read directly, when the object is a file on this machine. */
  localPath(key: string): string | null;
  /** Throws when the store cannot be reached or written. */
  ping(): Promise<void>;
}

/** Random access to an object's bytes, for reading media headers (media-info.ts). */
export interface RandomReader {
  size: number;
  read(pos: number, len: number): Promise<Buffer>;
}

