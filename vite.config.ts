import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * Brotli and gzip twins of every compressible file of the build (.br, .gz beside it), which the
 * server sends as they are when the browser accepts them (@fastify/static preCompressed): the
 * best compression, paid once at build time instead of at every request (issue 19).
 */
function precompress() {
  const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map|wasm)$/;
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
  return {
    name: 'dj-precompress',
    apply: 'build' as const,
    closeBundle() {
      const out = join(__dirname, 'dist/client');
      for (const file of walk(out)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/** antd's rc-* libraries (and @rc-component/*), pure ES modules without a `sideEffects` field. */
const RC_LIBRARY = /[\\/]node_modules[\\/](rc-[^\\/]+|@rc-component[\\/][^\\/]+)[\\/]/;

/** The member kit's modules (not its stylesheet). */
const MEMBER_KIT = /[\\/]src[\\/]client[\\/]member[\\/]kit[\\/][^\\/]+\.tsx?$/;

const apiProject = (name: string, env: Record<string, string>) => ({
  extends: true,
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    env,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});

// One config for the client build and for Vitest.
// `global` and the CJS interop setting are needed by braft-editor (draft-js); see ../shared/STACK.md.
export default defineConfig({
  root: 'src/client',
  base: '/dj/',
  publicDir: '../../public',
  plugins: [react(), precompress()],
  define: { global: 'globalThis' },
  legacy: { inconsistentCjsInterop: true },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      // antd's own modules say they are free of side effects (package.json `sideEffects`), the rc-*
      // libraries under them do not say it: every rc module an antd module touches then counts as
      // used, with all it imports (a Button's style token pulls the whole colour picker). Said here,
      // an unused rc module is left out, and a page loads only the rc code of the components it
      // draws (issue 19). Stylesheets keep theirs.
      // The member kit's modules (src/client/member/kit) have none either but their stylesheets: a
      // page importing two of them from the kit's index does not carry the others (a detail's
      // Descriptions and Timeline, a card's Card…).
      treeshake: { moduleSideEffects: (id: string) => /\.css$/.test(id) || !(RC_LIBRARY.test(id) || MEMBER_KIT.test(id)) },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/file': 'http://127.0.0.1:8080', '/swagger': 'http://127.0.0.1:8080' },
  },
  test: {
    root: '.',
    projects: [
      {
        extends: true,
        // jsdom renders antd slowly on a busy machine: generous limits, so that load never fails a test
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['tests/unit/setup.ts'], testTimeout: 180_000, hookTimeout: 180_000 },
      },
      apiProject('api', { API_DB: 'pglite' }),
      // The same API suite on PostgreSQL when a server is offered (CI sets it when one answers).
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-pg', { API_DB: 'postgres' })] : []),
    ],
  },
} as any);
