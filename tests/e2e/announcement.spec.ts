/**
 * 通知公告 from the publisher to the reader and back: the province administrator publishes a notice;
 * a member of the province's own organisation (a new one, and the range 仅本组织党员, so no other spec's counts move) sees it in 党员空间 → 通知公告
 * with the header's unread count, opens it (read on the server, the count drops); the publisher's
 * 阅读情况 shows one reader, him among 已读党员 and no longer among 未读党员.
 * Also the administrators' header: 切换党员 only for an account holding the 党员 role (a 三员 has none).
 */
import { expect, test, type Page } from '@playwright/test';
import { newMember, signIn, trackErrors, signOutHere } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

const PROVINCE = '中共四川省委员会';

/** The bell's unread count (0 when antd hides the badge). */
async function badge(page: Page): Promise<number> {
  const count = page.getByTestId('message-bell').locator('.ant-badge-count:not([class*="-leave"])');
  return (await count.count()) ? Number(await count.getAttribute('title')) : 0;
}

test('通知公告: published by the province, read by a member, the publisher sees who has read it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const errors = trackErrors(page);
  const reader = await newMember(request, '公告读者', 'admin'); // in the province's own organisation
  const title = `关于做好年终学习总结的通知${Date.now() % 1_000_000}`;

  // the province administrator publishes to his own organisation's members only: the new reader is one,
  // the seeded accounts sit in branches below, so other specs' unread counts (notice.spec.ts,
  // shell.spec.ts) do not move while this one runs
  await signInAdmin(page, 'admin', PROVINCE);
  await expect(page.getByTestId('switch-member')).toBeVisible();
  const s = new Screen(page);
  await s.open('/message/announce');
  await s.toolbar('发布通知公告');
  await s.fill('标题', title);
  await page.locator('[data-field=publishRange] .ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="仅本组织党员"]').click();
  await page.locator('[data-widget="RichText"] .public-DraftEditor-content').click();
  await page.keyboard.type('请各党支部于本月底前组织党员完成年终学习总结。');
  await s.submitForm();
  await s.toast('操作成功');
  await expect(s.row(title)).toBeVisible();

  // the member sees it, unread, with the header's count
  await signOutHere(page);
  await signIn(page, reader.userName);
  await page.goto('/dj/partyMember/partySpace/notice');
  await expect(page.getByRole('heading', { name: '通知公告' })).toBeVisible();
  const row = page.getByTestId('notice-row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.locator('.dj-notice-row__dot')).toHaveCount(1);
  await expect.poll(() => badge(page)).toBeGreaterThan(0);
  const before = await badge(page);

  // he opens it: read on the server, the header follows
  await row.click();
  await expect(page).toHaveURL(/\/notice\/info\?id=\d+/);
  await expect(page.getByTestId('notice-info').getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByTestId('notice-info')).toContainText('年终学习总结');
  await expect.poll(() => badge(page)).toBe(before - 1);
  await page.getByTestId('back-bar').click();
  await expect(page.getByTestId('notice-row').filter({ hasText: title }).locator('.dj-notice-row__dot')).toHaveCount(0);

  // the publisher: one reader, named among 已读党员, not among 未读党员
  await signOutHere(page);
  await signInAdmin(page, 'admin', PROVINCE);
  await s.open('/message/announce');
  await s.row(title).getByText(title).click();
  const summary = page.getByTestId('list-summary');
  await expect(summary.locator('[data-summary="readCount"]')).toHaveText('1人');
  const total = Number((await summary.locator('[data-summary="totalCount"]').textContent())!.replace('人', ''));
  expect(total).toBeGreaterThan(1);
  await expect(summary.locator('[data-summary="unreadCount"]')).toHaveText(`${total - 1}人`);
  // 未读党员 (the tab shown first) lists the others
  await expect(page.getByRole('tab', { name: '未读党员', selected: true })).toBeVisible();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await page.getByRole('tab', { name: '已读党员' }).click();
  await expect(s.row(reader.name)).toHaveCount(1);
  expect(errors).toEqual([]);
});

test('an administrator-only account (系统管理员) has no 切换党员', async ({ page }) => {
  await signInAdmin(page, 'sysadmin', PROVINCE);
  await expect(page.getByTestId('switch-organ')).toBeVisible();
  await expect(page.getByTestId('admin-user-menu')).toBeVisible();
  await expect(page.getByTestId('switch-member')).toHaveCount(0);
  await expect(page.getByText('切换党员')).toHaveCount(0);
});
