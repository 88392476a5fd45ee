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
