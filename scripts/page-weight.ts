/**
 * Bytes on the wire for a cold load of three pages of a running server (`npm start`), in Debian's
 * Chromium: the login page, the member space (党员书架) and an admin list (党员管理) — each in a
 * fresh browser context (empty cache) holding only the signed-in state. Counts every response of
 * the load until the network is idle: headers plus the body as sent (compressed when the server
 * compresses), and the decoded size beside it.
 *
 *   npm start &   # or any server
 *   npx tsx scripts/page-weight.ts            # BASE_URL=http://127.0.0.1:8080 by default
 *   PAGE_WEIGHT_FILES=1 npx tsx scripts/page-weight.ts   # and each page's scripts, biggest first
 *
 * Beside it, the page's first-load JavaScript as gzip: the sum of the gzip (level 9) sizes of the
 * scripts it loaded, whatever the server sent (brotli is smaller on the wire).
 *
 * Goals: an admin list ≤ 500 KB on the wire; first-load JS gzip ≤ 250 KB for the member
 * space, ≤ 450 KB for an admin list.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { signedInState } from './browser-session';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8080';

async function weigh(context: BrowserContext, path: string) {
  const page: Page = await context.newPage();
  const responses: Promise<{ url: string; wire: number; decoded: number; gzip: number; type: string }>[] = [];
  page.on('requestfinished', (req) =>
    responses.push(
      (async () => {
        const sizes = await req.sizes();
        const res = await req.response();
        const body = res ? await res.body().catch(() => Buffer.alloc(0)) : Buffer.alloc(0);
        const type = req.resourceType();
        const gzip = type === 'script' ? gzipSync(body, { level: 9 }).length : 0;
        return { url: req.url(), wire: sizes.responseHeadersSize + sizes.responseBodySize, decoded: body.length, gzip, type };
      })(),
    ),
  );
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const rows = await Promise.all(responses);
  await page.close();
  const sum = (f: (r: (typeof rows)[number]) => number, type?: string) => rows.filter((r) => !type || r.type === type).reduce((s, r) => s + f(r), 0);
  if (process.env.PAGE_WEIGHT_FILES) {
    for (const r of rows.filter((r) => r.type === 'script').sort((a, b) => b.gzip - a.gzip)) console.log(`  ${(r.gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${new URL(r.url).pathname}`);
  }
  return { requests: rows.length, wire: sum((r) => r.wire), decoded: sum((r) => r.decoded), scriptWire: sum((r) => r.wire, 'script'), scriptGzip: sum((r) => r.gzip, 'script'), scripts: rows.filter((r) => r.type === 'script').length };
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const pages: [string, string, Awaited<ReturnType<typeof signedInState>> | undefined][] = [
    ['登录页 /dj/login', '/dj/login', undefined],
    ['党员书架 (member)', '/dj/partyMember/iStudy/partybook', await signedInState(browser, BASE, 'member', false)],
    ['党员管理 (province admin)', '/dj/manager/partyMember', await signedInState(browser, BASE, 'admin', true)],
  ];
  console.log(`server ${BASE}\n`);
  console.log('page'.padEnd(28), 'requests'.padStart(8), 'on the wire'.padStart(12), 'of it JS'.padStart(10), 'decoded'.padStart(10), 'JS gzip'.padStart(10), 'JS files'.padStart(9));
  for (const [title, path, state] of pages) {
    const context = await browser.newContext({ baseURL: BASE, locale: 'zh-CN', storageState: state });
    const w = await weigh(context, path);
    await context.close();
    console.log(title.padEnd(28), String(w.requests).padStart(8), kb(w.wire).padStart(12), kb(w.scriptWire).padStart(10), kb(w.decoded).padStart(10), kb(w.scriptGzip).padStart(10), String(w.scripts).padStart(9));
  }
  await browser.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
