/**
 * Gzip size of the login page's first-load JavaScript: the entry script and modulepreloads of
 * dist/client/index.html, plus the login route chunk, each followed through its static imports.
 * Run after `vite build`: `npm run size:login`. Goal: at most 150 KB.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, basename } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = join(process.cwd(), 'dist/client');
const ASSETS = join(DIST, 'assets');
const GOAL_KB = 150;

if (!existsSync(join(DIST, 'index.html'))) {
  console.error('dist/client/index.html not found: run `npx vite build` first.');
  process.exit(1);
}

const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const fromHtml = [...html.matchAll(/(?:src|href)="[^"]*\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const loginChunk = readdirSync(ASSETS).find((f) => /^login-[\w-]+\.js$/.test(f));
if (!loginChunk) {
  console.error('login route chunk (assets/login-*.js) not found');
  process.exit(1);
}

/** Static imports only: `import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`. */
const staticImports = (code: string) =>
  [...code.matchAll(/(?:import|export)\s*(?:[^'"()]*?from\s*)?["']\.\/([\w.-]+\.js)["']/g)].map((m) => m[1]);

const seen = new Set<string>();
const walk = (file: string) => {
  if (seen.has(file)) return;
  seen.add(file);
  if (!file.endsWith('.js')) return;
  const code = readFileSync(join(ASSETS, file), 'utf8');
  staticImports(code).forEach(walk);
};
[...fromHtml, loginChunk].forEach(walk);
// the login chunk's own stylesheet is loaded with it
readdirSync(ASSETS).filter((f) => /^login-[\w-]+\.css$/.test(f) || /^auth-shell-[\w-]+\.css$/.test(f)).forEach((f) => seen.add(f));

const gz = (f: string) => gzipSync(readFileSync(join(ASSETS, f)), { level: 9 }).length;
const rows = [...seen].map((f) => ({ file: basename(f), gzip: gz(f) })).sort((a, b) => b.gzip - a.gzip);
const js = rows.filter((r) => r.file.endsWith('.js'));
const css = rows.filter((r) => r.file.endsWith('.css'));
const kb = (n: number) => (n / 1024).toFixed(1);
for (const r of rows) console.log(`${kb(r.gzip).padStart(8)} KB  ${r.file}`);
const jsTotal = js.reduce((s, r) => s + r.gzip, 0);
const cssTotal = css.reduce((s, r) => s + r.gzip, 0);
console.log(`\nlogin first-load JS: ${kb(jsTotal)} KB gzip in ${js.length} files (goal ≤ ${GOAL_KB} KB)`);
console.log(`login first-load CSS: ${kb(cssTotal)} KB gzip in ${css.length} files`);
if (jsTotal / 1024 > GOAL_KB) process.exitCode = 2;
