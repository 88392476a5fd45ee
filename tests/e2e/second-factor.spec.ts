/**
 * An administrator's second factor in the browser (docs/SECURITY.md §15), on a server of its own
 * with SECOND_FACTOR=admins (the shared e2e server runs the demo, where it is off): the first
 * sign-in enrols a TOTP authenticator (QR code, a code computed here from the secret, the recovery
 * codes shown once); the next asks for a code; without it the administrator role stays shut.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchStarted, stopServer, type ServerProcess } from '../support/server-process';
import { base32Decode, totp } from '../../src/server/security/totp';

let server: ServerProcess;
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await launchStarted({ DATA_DIR: mkdtempSync(join(tmpdir(), 'dj-2fa-')), SECOND_FACTOR: 'admins', HOST: '127.0.0.1', SIGNIN_FAILURES_PER_ADDRESS: '100000' }, { timeoutMs: 200_000 });
});
test.afterAll(async () => {
  if (server) await stopServer(server.child);
});

const codeAt = (secret: string, offsetSeconds = 0) => totp(base32Decode(secret), Math.floor(Date.now() / 1000) + offsetSeconds);

async function passwordStep(page: Page, userName: string) {
  await page.goto(`${server.base}/dj/login`);
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码').fill('Demo@123456');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/dj\/secondFactor$/);
  await expect(page.getByRole('heading', { name: '管理员身份验证' })).toBeVisible();
}

const token = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('dj-state') || '{}')?.session?.accessToken as string);

async function switchToAdmin(page: Page) {
  const t = await token(page);
  const roles = await (await page.request.get(`${server.base}/api/services/app/PermissionService/GetCurrentUserPermission`, { headers: { authorization: `Bearer ${t}` } })).json();
  const admin = roles.result.find((r: { isDefault: boolean }) => !r.isDefault);
  return page.request.get(`${server.base}/api/TokenAuth/UserChangeRole?roleId=${admin.roleId}&organId=${admin.organId}`, { headers: { authorization: `Bearer ${t}` } });
}

// Each sign-in in a browser context of its own: clearing localStorage under a running page is no sign-out —
// the page (the workbench still loading) wrote its session back, and /dj/login then led to the workbench.
test('the first sign-in enrols an authenticator; the next asks for its code; skipped, the administrator role stays shut', async ({ browser }) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  let page: Page | undefined;
  const freshPage = async () => {
    await page?.context().close();
    page = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    return page;
  };
  page = await freshPage();
  await passwordStep(page, 'districtadmin');
  await page.getByRole('button', { name: '开始绑定动态口令' }).click();
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByRole('textbox', { name: '动态口令' }).fill('000000' === codeAt(secret) ? '111111' : '000000');
  await page.getByRole('button', { name: '确认绑定' }).click();
  await expect(page.getByTestId('second-factor-error')).toContainText('动态口令错误');
  await page.getByRole('textbox', { name: '动态口令' }).fill(codeAt(secret));
  await page.getByRole('button', { name: '确认绑定' }).click();
  const codes = (await page.getByTestId('recovery-codes').innerText()).trim().split('\n');
  expect(codes).toHaveLength(10);
  await page.getByRole('button', { name: '我已保存恢复码，进入系统' }).click();
  await expect(page).not.toHaveURL(/secondFactor|login/);
  expect((await switchToAdmin(page)).status()).toBe(200);

  // the next sign-in: a code of the authenticator (the next time step's: the one used at enrolment is spent)
  page = await freshPage();
  await passwordStep(page, 'districtadmin');
  await page.getByRole('textbox', { name: '动态口令' }).fill(codeAt(secret, 30));
  await page.getByRole('button', { name: /验\s*证/ }).click();
  await expect(page).not.toHaveURL(/secondFactor|login/);
  expect((await switchToAdmin(page)).status()).toBe(200);

  // skipped: the member role only; the server refuses the administrator role
  page = await freshPage();
  await passwordStep(page, 'districtadmin');
  await page.getByText('暂以党员身份进入').click();
  await expect(page).not.toHaveURL(/secondFactor|login/);
  const refused = await switchToAdmin(page);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe(1005);

  // a recovery code works once
  page = await freshPage();
  await passwordStep(page, 'districtadmin');
  await page.getByRole('tab', { name: '恢复码' }).click();
  await page.getByRole('textbox', { name: '恢复码' }).fill(codes[0]);
  await page.getByRole('button', { name: /验\s*证/ }).last().click();
  await expect(page).not.toHaveURL(/secondFactor|login/);
  expect((await switchToAdmin(page)).status()).toBe(200);
  await page.context().close();
  expect(errors).toEqual([]);
});
