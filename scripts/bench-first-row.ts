/**
 * Time to the first row of two pages, cold (a fresh browser context: empty cache, only the signed-in
 * state), in Debian's Chromium: the admin list 党员管理 (the province administrator, first table row)
 * and the member's 党员书架 (first resource card). Each base URL in turn — typically nginx in front of
 * `npm start` over HTTP/1.1 and over HTTP/2 with TLS (scripts/bench-first-row.nginx.conf):
 *
 *   npx vite build && PORT=18790 DATA_DIR=$(mktemp -d) npm start &
 *   nginx -p /tmp/ngx -c $PWD/scripts/bench-first-row.nginx.conf     # see that file
 *   BASES=http://127.0.0.1:18791,https://127.0.0.1:18792 npx tsx scripts/bench-first-row.ts   # RUNS (5), LATENCY_MS, KBPS
 *
 * Figures: navigation start → DOMContentLoaded, → first row visible; the number of script requests
 * and when the last script of the load finished (from the Resource Timing entries), the protocol seen.
 */
import { chromium } from 'playwright-core';
import { signedInState } from './browser-session';

const BASES = (process.env.BASES ?? 'http://127.0.0.1:18791,https://127.0.0.1:18792').split(',');
const RUNS = Number(process.env.RUNS ?? 5);
// a network between browser and nginx (Chromium adds it to every request): LATENCY_MS (0), KBPS (0: no limit)
const LATENCY = Number(process.env.LATENCY_MS ?? 0);
const KBPS = Number(process.env.KBPS ?? 0);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  console.log(`latency ${LATENCY} ms, ${KBPS || 'unlimited'} kbit/s; load average ${(await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}; median of ${RUNS} cold loads\n`);
  console.log('| page | base | protocol | DOMContentLoaded | first row | scripts | last script done |\n|---|---|---|---|---|---|---|');
  for (const base of BASES) {
    const pages: [string, string, string, Awaited<ReturnType<typeof signedInState>>][] = [
      ['党员管理 (province admin)', '/dj/manager/partyMember', '.ant-table-tbody tr.ant-table-row', await signedInState(browser, base, 'admin', true)],
      ['党员书架 (member)', '/dj/partyMember/iStudy/partybook', '[data-testid=resource-card]', await signedInState(browser, base, 'member', false)],
    ];
    for (const [title, path, row, state] of pages) {
      const m: { dcl: number; first: number; scripts: number; lastScript: number; proto: string }[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ baseURL: base, locale: 'zh-CN', storageState: state, ignoreHTTPSErrors: true });
        const page = await context.newPage();
        if (LATENCY || KBPS) {
          const cdp = await context.newCDPSession(page);
          const bytes = KBPS ? (KBPS * 1024) / 8 : -1;
          await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY, downloadThroughput: bytes, uploadThroughput: bytes });
        }
        await page.goto(path, { waitUntil: 'commit' });
        await page.locator(row).first().waitFor({ state: 'visible', timeout: 60_000 });
        const first = await page.evaluate(() => performance.now());
        await page.waitForLoadState('networkidle');
        m.push(
          await page.evaluate((f) => {
            const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
            const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'));
            return { dcl: nav.domContentLoadedEventEnd, first: f, scripts: scripts.length, lastScript: Math.max(0, ...scripts.map((s) => s.responseEnd)), proto: nav.nextHopProtocol };
          }, first),
        );
        await context.close();
      }
      const ms = (f: (x: (typeof m)[number]) => number) => `${median(m.map(f)).toFixed(0)} ms`;
      console.log(`| ${title} | ${base} | ${m[0].proto} | ${ms((x) => x.dcl)} | **${ms((x) => x.first)}** | ${median(m.map((x) => x.scripts))} | ${ms((x) => x.lastScript)} |`);
    }
  }
  await browser.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
