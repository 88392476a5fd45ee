/**
 * End-to-end tests in Debian's Chromium against the real server (`npx tsx src/server/main.ts`) on a
 * free port with a fresh temporary DATA_DIR. The client must be built first: `npm run test:e2e`
 * runs `vite build` before `playwright test`. Never `playwright install`.
 */
import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calendarDay } from './src/contract/platform-time';

// Chosen once in the main process; workers inherit the environment and reuse the same values.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}
if (!process.env.E2E_DATA_DIR) process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'dj-e2e-'));
/**
 * The member specs run in a browser far from China, in a zone whose calendar day differs from the
 * platform's (Asia/Shanghai) when the run starts — Los Angeles for most of the day, else a zone on the
 * other side of the date line — so they prove what a member abroad sees, at any hour.
 */
if (!process.env.E2E_ABROAD_TZ) {
  const now = new Date();
  const china = calendarDay(now, 'Asia/Shanghai');
  process.env.E2E_ABROAD_TZ = ['America/Los_Angeles', 'Pacific/Pago_Pago', 'Pacific/Kiritimati'].find((z) => calendarDay(now, z) !== china) ?? 'America/Los_Angeles';
}
const ABROAD_SPECS = [/member\.spec\.ts$/, /study\.spec\.ts$/];
const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // a journey's whole time, not a goal: with two workers, the server and Chromium's software rendering
  // on two cores one journey took 62 s where it takes 30 quiet — room, so that the load decides nothing
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  globalTeardown: './tests/e2e/global-teardown.ts',
  use: {
    baseURL,
    locale: 'zh-CN',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: ABROAD_SPECS, use: { browserName: 'chromium' } },
    { name: `abroad (${process.env.E2E_ABROAD_TZ})`, testMatch: ABROAD_SPECS, use: { browserName: 'chromium', timezoneId: process.env.E2E_ABROAD_TZ } },
  ],
  webServer: {
    // the log goes to a file to read after a failure; the demo SMS texts are in DATA_DIR/sms-outbox.jsonl (helpers.ts smsCode)
    command: `npx tsx src/server/main.ts > "${join(process.env.E2E_DATA_DIR, 'server.log')}" 2>&1`,
    url: `${baseURL}/dj/login`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // Every spec signs in from 127.0.0.1: the per-address limit on failed sign-ins (tested in
    // tests/api/auth.test.ts) would otherwise make one spec's deliberate failures ask the image code
    // of another spec's sign-in, depending on the order the specs run in.
    env: { PORT: port, HOST: '127.0.0.1', DATA_DIR: process.env.E2E_DATA_DIR, SIGNIN_FAILURES_PER_ADDRESS: '100000' },
  },
});
