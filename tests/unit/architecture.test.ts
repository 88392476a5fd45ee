import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(process.cwd(), 'src/client');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(f) ? [p] : [];
  });

describe('one request wrapper (core §7)', () => {
  it('only src/client/api/request.ts calls fetch or XMLHttpRequest; nothing imports umi-request or axios', () => {
    const offenders: string[] = [];
    for (const f of files(ROOT)) {
      const code = readFileSync(f, 'utf8');
      const rel = f.slice(ROOT.length + 1);
      if (/from ['"](umi-request|axios)['"]|import\(['"](umi-request|axios)['"]\)/.test(code)) offenders.push(`${rel}: an HTTP library`);
      if (rel !== 'api/request.ts' && /\bfetch\(|XMLHttpRequest/.test(code)) offenders.push(`${rel}: direct HTTP`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('pages toast through api/toast.ts (3 s, one toast at a time)', () => {
  it('no page, layout, component, widget or engine screen imports antd’s static message', () => {
    const offenders = files(ROOT)
      .filter((f) => /import\s*{[^}]*\bmessage\b[^}]*}\s*from\s*['"]antd['"]/.test(readFileSync(f, 'utf8')))
      .map((f) => f.slice(ROOT.length + 1));
    expect(offenders).toEqual([]);
  });
});

/**
 * The server's layers: a kernel (http/, records/, workflow/, scope.ts, files/, jobs/, xlsx/, security/,
 * db/migrations/) that never imports the business; platform services (services/) below the
 * domains; one folder per domain (domains/<name>/) reached by others only through its index.ts; the
 * composition root (composition.ts) the one place that knows them all.
 */
const SRC = join(process.cwd(), 'src');
const ALL = files(SRC).map((f) => f.slice(process.cwd().length + 1).replace(/\\/g, '/'));
const KNOWN = new Set(ALL);
/** static run-time imports (not `import type`, not `import { type X }` alone, not dynamic `import()`) */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(type\s+)?([^;'"]*?)\s*from\s+['"](\.[^'"]+)['"]/gm;
function resolveImport(from: string, spec: string): string | null {
  const base = join(from, '..', spec).replace(/\\/g, '/').replace(/\.js$/, '');
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) if (KNOWN.has(c)) return c;
  return null;
}
const edges = new Map<string, string[]>(
  ALL.map((f) => {
    const out: string[] = [];
    for (const m of readFileSync(f, 'utf8').matchAll(STATIC_IMPORT)) {
      if (m[1]) continue;
      const names = /^\{([^}]*)\}$/.exec(m[2].trim());
      if (names && names[1].split(',').map((s) => s.trim()).filter(Boolean).every((s) => s.startsWith('type '))) continue;
      const target = resolveImport(f, m[3]);
      if (target) out.push(target);
    }
    return [f, out];
  }),
);
const KERNEL = /^src\/server\/(records|workflow|http|files|jobs|xlsx|security|db\/migrations)\/|^src\/server\/(scope|domain)\.ts$/;
const DOMAIN = /^src\/server\/domains\/([^/]+)\//;

describe('server layers', () => {
  it('the kernel imports no domain, no composition root and no business', () => {
    const offenders = [...edges].flatMap(([f, to]) =>
      KERNEL.test(f) ? to.filter((t) => DOMAIN.test(t) || t === 'src/server/composition.ts').map((t) => `${f} → ${t}`) : [],
    );
    expect(offenders).toEqual([]);
  });

  it('the platform services import no domain', () => {
    const offenders = [...edges].flatMap(([f, to]) => (f.startsWith('src/server/services/') ? to.filter((t) => DOMAIN.test(t)).map((t) => `${f} → ${t}`) : []));
    expect(offenders).toEqual([]);
  });

  it('a domain reaches another only through its index.ts', () => {
    const offenders = [...edges].flatMap(([f, to]) => {
      const own = DOMAIN.exec(f)?.[1];
      return to
        .filter((t) => {
          const other = DOMAIN.exec(t)?.[1];
          return other && other !== own && t !== `src/server/domains/${other}/index.ts`;
        })
        .map((t) => `${f} → ${t}`);
    });
    expect(offenders).toEqual([]);
  });

  it('every domain folder has its index.ts and README.md, and the composition root registers it', () => {
    const root = readFileSync(join(SRC, 'server/composition.ts'), 'utf8');
    for (const d of readdirSync(join(SRC, 'server/domains'))) {
      expect(KNOWN.has(`src/server/domains/${d}/index.ts`), d).toBe(true);
      expect(statSync(join(SRC, 'server/domains', d, 'README.md')).isFile(), d).toBe(true);
      expect(root, d).toContain(`'./domains/${d}'`);
    }
  });
});

describe('no run-time import cycle in src/', () => {
  it('finds no strongly connected set of modules (type-only and dynamic imports excepted)', () => {
    // Tarjan's strongly connected components over the static run-time imports
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    let n = 0;
    const visit = (v: string) => {
      index.set(v, n);
      low.set(v, n++);
      stack.push(v);
      onStack.add(v);
      for (const w of edges.get(v) ?? []) {
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) === index.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== v);
        if (component.length > 1) cycles.push(component.sort());
      }
    };
    for (const f of ALL) if (!index.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });
});
