import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

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
  plugins: [react()],
  define: { global: 'globalThis' },
  legacy: { inconsistentCjsInterop: true },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
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
