/**
 * An S3-compatible server for the tests: s3rver (npm registry) in a child process of its own, on a
 * port of this machine, keeping its objects in `directory` — a real server speaking the S3 protocol
 * over HTTP (multipart upload, UploadPartCopy, Range), not a mock of ours. It can be killed and
 * started again on the same port and directory, to test a store that goes away mid-upload.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3Settings } from '../../src/server/files/storage';

export const TEST_BUCKET = 'dj-test';

export interface TestS3 {
  endpoint: string;
  port: number;
  directory: string;
  /** settings for the server under test, keys under `prefix` */
  settings(prefix: string): S3Settings;
  /** the same as environment variables, for a server started as a child process */
  env(prefix: string): Record<string, string>;
  /** the store goes away at once (SIGKILL) */
  kill(): Promise<void>;
  /** and comes back on the same port with the same objects */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

function launch(directory: string, port: number): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./s3-server.mjs', import.meta.url)), directory, String(port), TEST_BUCKET], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start: ${out}`)), 30_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /\{"port":(\d+)\}/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]) });
      }
    });
    child.stderr!.on('data', (d) => (out += d));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited (${code}): ${out}`));
    });
  });
}

const exited = (child: ChildProcess) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r())));

export async function startS3(opts: { directory?: string } = {}): Promise<TestS3> {
  const own = !opts.directory;
  const directory = opts.directory ?? mkdtempSync(join(tmpdir(), 'party-s3-'));
  let { child, port } = await launch(directory, 0);
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (prefix: string): S3Settings => ({
    kind: 's3', endpoint, region: 'us-east-1', bucket: TEST_BUCKET, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true, prefix,
  });
  return {
    endpoint,
    port,
    directory,
    settings,
    env: (prefix) => ({
      STORAGE: 's3', S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_BUCKET: TEST_BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true', S3_PREFIX: prefix,
    }),
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async restart() {
      ({ child } = await launch(directory, port));
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
      if (own) rmSync(directory, { recursive: true, force: true });
    },
  };
}
