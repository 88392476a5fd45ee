import type { TestProject } from 'vitest/node';
import { startS3 } from '../support/s3';

/** Project api-s3: one S3-compatible server (s3rver, a child process) for the run; each test server keeps its files under a prefix of its own. */
export default async function setup(project: TestProject) {
  const s3 = await startS3();
  project.provide('s3Endpoint', s3.endpoint);
  return () => s3.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    s3Endpoint: string;
  }
}
