import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/**
 * Brotli and gzip twins of every compressible file of the build (.br, .gz beside it), which the
 * server sends as they are when the browser accepts them (@fastify/static preCompressed): the
 * best compression, paid once at build time instead of at every request.
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

/**
 * The meta-schemas' validators for the browser (界面配置's editor): the server checks screen and
 * entity files with ajv compiled at run time, which the page's CSP (no 'unsafe-eval') forbids in the
 * browser; the same ajv, with the same options, compiles the same meta-schemas here into a module
 * of plain functions (ajv's standalone code), so the editor marks exactly what the server refuses.
 */
function metaValidators() {
  const ID = 'virtual:meta-validators';
  return {
    name: 'dj-meta-validators',
    resolveId: (id: string) => (id === ID ? `\0${ID}` : null),
    async load(id: string) {
      if (id !== `\0${ID}`) return null;
      const { default: Ajv } = await import('ajv');
      const { default: standalone } = await import('ajv/dist/standalone/index.js');
      const read = (f: string) => JSON.parse(readFileSync(join(__dirname, 'src/contract/meta', f), 'utf8'));
      const ajv = new (Ajv as any)({ allErrors: true, strict: false, code: { source: true, esm: true } });
      ajv.addSchema(read('screen.schema.json'), 'screen');
      ajv.addSchema(read('entity.schema.json'), 'entity');
      return (standalone as any)(ajv, { screen: 'screen', entity: 'entity' });
    },
  };
}

/** antd's rc-* libraries (and @rc-component/*), pure ES modules without a `sideEffects` field. */
const RC_LIBRARY = /[\\/]node_modules[\\/](rc-[^\\/]+|@rc-component[\\/][^\\/]+)[\\/]/;

/** The member kit's modules (not its stylesheet). */
const MEMBER_KIT = /[\\/]src[\\/]client[\\/]member[\\/]kit[\\/][^\\/]+\.tsx?$/;

/**
 * The antd core every page but the login page runs: what the antd shell
 * (`routing/antd-shell.tsx`: ConfigProvider, CSS-in-JS, theme, locale, dayjs) imports statically, in
 * one chunk instead of ≈ 15 small ones (each separate file costs its own gzip dictionary and request).
 * Computed from the module graph, not named by hand, leaving out what the entry (main.tsx) or the
 * login page import, so the login page does not grow. antd's index (and any index re-exporting ≥ 3
 * parts) is entered only by the names imported from it, else the whole of antd would count.
 * The set is closed under static imports down to the entry's, so the chunk imports only the entry
 * chunk and no cycle between chunks can change execution order.
 * Tried and left out: groups for what both layouts, or the member layout alone, import beyond the
 * shell — a static closure over-approximates what runs (antd's modal reaches form, the colour
 * picker…), so those chunks carried admin code to member pages and closed a cycle with the admin
 * list's chunk ("C is not a function").
 */
function antdCoreGroup() {
  const groups = new Map<string, string>();
  const ROOTS = {
    entry: /[\\/]src[\\/]client[\\/]main\.tsx$/,
    login: /[\\/]src[\\/]client[\\/]pages[\\/]login\.tsx$/,
    shell: /[\\/]src[\\/]client[\\/]routing[\\/]antd-shell\.tsx$/,
  };
  return {
    name: 'dj-antd-core-group',
    apply: 'build' as const,
    buildEnd(this: any) {
      groups.clear();
      const ids: string[] = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id) as { code: string | null; importedIds: string[] } | null;
      // a package's index that re-exports its parts (antd, @ant-design/icons, the member kit): an
      // importer runs only the parts it names, not every part the index lists
      const reExports = new Map<string, { named: Map<string, string>; star: string[]; count: number }>();
      const reExportsOf = (id: string) => {
        if (!reExports.has(id)) {
          const code = info(id)?.code ?? '';
          const named = new Map<string, string>();
          const star: string[] = [];
          let count = 0;
          for (const m of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
            count++;
            for (const part of m[1].split(',')) {
              const name = part.trim().split(/\s+as\s+/).pop()?.trim();
              if (name) named.set(name, m[2]);
            }
          }
          for (const m of code.matchAll(/export\s*\*\s*from\s*['"]([^'"]+)['"]/g)) {
            count++;
            star.push(m[1]);
          }
          reExports.set(id, { named, star, count });
        }
        return reExports.get(id)!;
      };
      const isBarrel = (id: string) => reExportsOf(id).count >= 3;
      // the dependency of `from` that the specifier `spec` names
      const resolveSpec = (from: string, spec: string) => {
        const deps = info(from)?.importedIds ?? [];
        if (spec.startsWith('.')) {
          const base = resolve(dirname(from), spec);
          return deps.find((d) => d === base || d.startsWith(`${base}.`) || d.startsWith(`${base}/index.`));
        }
        return deps.find((d) => new RegExp(`[\\\\/]node_modules[\\\\/]${spec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\\\/]((es|esm|lib|dist)[\\\\/])?index\\.[cm]?js$`).test(d));
      };
      // the names `from` imports from `spec`, or null when it takes the whole module
      const namesImported = (from: string, spec: string): string[] | null => {
        const code = info(from)?.code ?? '';
        const names: string[] = [];
        const q = spec.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        for (const m of code.matchAll(new RegExp(`(?:import|export)\\s*([^'";]*?)\\s*from\\s*['"]${q}['"]`, 'g'))) {
          const clause = m[1].trim();
          const braces = /^\{([^}]*)\}$/.exec(clause);
          if (!braces) return null; // default, namespace or a mix: the whole module
          for (const part of braces[1].split(',')) {
            const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0].trim();
            if (name) names.push(name);
          }
        }
        return names;
      };
      // the static closure of `root`, entering a barrel only by the names imported from it
      const closure = (root: RegExp) => {
        const start = ids.find((id) => root.test(id));
        const seen = new Set<string>();
        const barrelNames = new Set<string>();
        const partial = new Set<string>(); // barrels entered by name only
        if (!start) return seen;
        const stack = [start];
        const takeName = (barrel: string, name: string, depth = 0): boolean => {
          if (depth > 5) return false;
          const key = `${barrel}\0${name}`;
          if (barrelNames.has(key)) return true;
          const ex = reExportsOf(barrel);
          const spec = ex.named.get(name);
          if (spec) {
            const target = resolveSpec(barrel, spec);
            if (!target) return false;
            barrelNames.add(key);
            partial.add(barrel);
            stack.push(target);
            return true;
          }
          for (const st of ex.star) {
            const target = resolveSpec(barrel, st);
            if (target && isBarrel(target) && takeName(target, name, depth + 1)) {
              barrelNames.add(key);
              partial.add(barrel);
              return true;
            }
          }
          return false;
        };
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          const mod = info(id);
          const code = mod?.code ?? '';
          const viaBarrel = new Set<string>();
          for (const m of code.matchAll(/(?:import|export)\s*[^'";]*?\s*from\s*['"]([^'"]+)['"]/g)) {
            const dep = resolveSpec(id, m[1]);
            if (!dep || !isBarrel(dep) || isBarrel(id)) continue;
            const names = namesImported(id, m[1]);
            if (names && names.every((n) => takeName(dep, n))) viaBarrel.add(dep);
          }
          for (const dep of mod?.importedIds ?? []) if (!viaBarrel.has(dep)) stack.push(dep);
        }
        for (const id of partial) seen.add(id);
        return seen;
      };
      const entry = closure(ROOTS.entry);
      const login = closure(ROOTS.login);
      const shell = closure(ROOTS.shell);
      for (const id of shell) if (!entry.has(id) && !login.has(id)) groups.set(id, 'antd-core');
      if (process.env.DJ_GROUPS_DEBUG) writeFileSync(process.env.DJ_GROUPS_DEBUG, JSON.stringify([...groups], null, 1));
    },
    /** Rolldown's output.codeSplitting.groups over the set above. */
    codeSplitting: {
      // not its dependencies too: they are the entry's (react), which must stay in the entry chunk
      groups: [{ name: 'antd-core', includeDependenciesRecursively: false, test: (id: string) => groups.get(id) === 'antd-core' }],
    },
  };
}
const ANTD_CORE = antdCoreGroup();

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
  plugins: [react(), metaValidators(), precompress(), ANTD_CORE],
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
      // draws. Stylesheets keep theirs.
      // The member kit's modules (src/client/member/kit) have none either but their stylesheets: a
      // page importing two of them from the kit's index does not carry the others (a detail's
      // Descriptions and Timeline, a card's Card…).
      treeshake: { moduleSideEffects: (id: string) => /\.css$/.test(id) || !(RC_LIBRARY.test(id) || MEMBER_KIT.test(id)) },
      output: { codeSplitting: ANTD_CORE.codeSplitting },
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
      // The file-server tests again with the S3-compatible backend, against a real S3-protocol
      // server (s3rver, started by tests/api/s3-setup.ts): docs/storage.md.
      {
        ...apiProject('api-s3', { API_DB: 'pglite', TEST_STORAGE: 's3' }),
        test: {
          ...apiProject('api-s3', { API_DB: 'pglite', TEST_STORAGE: 's3' }).test,
          include: ['tests/api/files.test.ts', 'tests/api/storage.test.ts', 'tests/api/study.test.ts', 'tests/api/export-import.test.ts', 'tests/api/jobs.test.ts'],
          globalSetup: ['tests/api/s3-setup.ts'],
        },
      },
    ],
  },
} as any);
