/**
 * A signed-in browser state for the page benchmarks (page-weight.ts, bench-first-row.ts): signed in
 * through the real login page, and for an administrator switched to his first managed organisation,
 * so a later cold context (empty cache) starts from the stored session only.
 */
import type { Browser, BrowserContext } from 'playwright-core';

export type SignedInState = Awaited<ReturnType<BrowserContext['storageState']>>;

export async function signedInState(browser: Browser, base: string, userName: string, admin: boolean, password = process.env.DEMO_PASSWORD ?? 'Demo@123456'): Promise<SignedInState> {
  const context = await browser.newContext({ baseURL: base, locale: 'zh-CN', ignoreHTTPSErrors: true });
  const page = await context.newPage();
  await page.goto('/dj/login');
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => !u.pathname.includes('/login'));
  await page.waitForLoadState('networkidle');
  if (admin) {
    await page.getByTestId('switch-admin').click();
    const dialog = page.getByRole('dialog', { name: '切换管理组织' });
    await dialog.locator('.ant-radio-wrapper, [role=radio]').first().click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForLoadState('networkidle');
  }
  const state = await context.storageState();
  await context.close();
  return state;
}
