// A real S3-protocol server for the tests (s3rver, from the npm registry), as a child process:
// `node tests/support/s3-server.mjs <directory> [port] [bucket…]` prints {"port":N} once listening.
// Signatures are parsed but not compared (allowMismatchedSignatures): s3rver canonicalises a
// path-style bucket request as /bucket where the AWS SDK signs /bucket/, so every bucket-level call
// (list, head bucket) would be refused; an unknown access key is still refused.
import S3rver from '@20minutes/s3rver';

const [directory, port = '0', ...buckets] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  directory,
  silent: true,
  allowMismatchedSignatures: true,
  configureBuckets: (buckets.length ? buckets : ['dj-test']).map((name) => ({ name })),
});
const info = await server.run();
process.stdout.write(`${JSON.stringify({ port: info.port })}\n`);
const stop = async () => {
  await server.close().catch(() => {});
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
