/**
 * Accessibility: axe-core finds no serious or critical violation on the login page, the
 * member space (home and the 党员书架 list), a player page and the administrators' engine lists.
 * No rule is switched off. `A11Y_SHOTS=<dir>` also saves a screenshot of each page to look at.
 */
import { expect, test, type Page } from '@playwright/test';
import { describeFindings, seriousViolations } from './a11y';
import { go, signIn, trackErrors } from './helpers';
import { signInAdmin } from './engine-helpers';

async function check(page: Page, name: string) {
  if (process.env.A11Y_SHOTS) await page.screenshot({ path: `${process.env.A11Y_SHOTS}/${name}.png`, fullPage: true });
  const found = await seriousViolations(page);
  expect(found, `${name}:\n${describeFindings(found)}`).toEqual([]);
}

test('the login page', async ({ page }) => {
  await page.goto('/dj/login');
  await expect(page.getByLabel('用户名')).toBeVisible();
  await check(page, 'login');
});

test('the member space: home with its notices', async ({ page }) => {
  const errors = trackErrors(page);
  // admin's member space has the longest notice titles of the demo
  await signIn(page, 'admin');
  await expect(page.getByRole('heading', { level: 1, name: '党员教育培训平台' })).toBeVisible();
  await expect(page.locator('.dj-notice-item').first()).toBeVisible({ timeout: 30_000 });
  await check(page, 'member-home');
  expect(errors).toEqual([]);
});

// not `member` nor `cityadmin`: study.spec.ts holds their one playing session
test('the member space: 党员书架 and a video player', async ({ page }) => {
  const errors = trackErrors(page);
  await signIn(page, 'districtadmin');
  await page.goto('/dj/partyMember/iStudy/partybook/video');
  await expect(page.getByTestId('resource-card').first()).toBeVisible({ timeout: 30_000 });
  await check(page, 'member-bookshelf');

  await page.getByTestId('resource-card').filter({ hasText: '微党课' }).first().click();
  await expect(page).toHaveURL(/partybook\/video\/info\?id=\d+/);
  await expect(page.locator('.dplayer video')).toBeAttached({ timeout: 30_000 });
  await expect(page.getByTestId('period')).toBeVisible();
  await page.locator('.dplayer video').evaluate((v: HTMLVideoElement) => v.pause());
  await check(page, 'member-player');
  expect(errors).toEqual([]);
});

test('the administrators’ engine lists: 党员管理, 通知公告, 关系转接 and 流动党员', async ({ page }) => {
  const errors = trackErrors(page);
  await signInAdmin(page, 'admin', '中共四川省委员会');
  for (const [path, name] of [
    ['/manager/partyMember', 'admin-party-member'], ['/message/announce', 'admin-announce'],
    ['/service/organChange', 'admin-organ-change'], ['/service/movingRecord', 'admin-moving-record'],
  ] as const) {
    await go(page, path);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    // a list still loading is dimmed (ant-spin-blur) and would fail contrast for what it is not
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await check(page, name);
  }
  expect(errors).toEqual([]);
});
