/**
 * 通知公告: a member opens his notices, sees an unread one, opens it (the server marks it
 * read), goes back — it is read, and the header's badge and 重要通知 dropdown dropped by one without a
 * page reload. Also 全部标为已读 and the secretary's contact card.
 *
 * Site messages come from the platform's own events. The first test reads the demo seed's: `admin`'s
 * member space (two unread), which no other spec reads or marks (not `teacher`: sign-in.spec.ts makes
 * him need an image code; not `member`: shell.spec.ts counts his unread). The second makes its own:
 * a flow registered and withdrawn writes its owner a notice at each step.
 */
import { expect, test, type Page } from '@playwright/test';
import { describeFindings, seriousViolations } from './a11y';
import { apiToken, signIn, trackErrors } from './helpers';

const USER = 'admin';

/** The bell's unread count (0 when antd hides the badge; a count zooming out is gone already). */
async function badge(page: Page): Promise<number> {
  const count = page.getByTestId('message-bell').locator('.ant-badge-count:not([class*="-leave"])');
  return (await count.count()) ? Number(await count.getAttribute('title')) : 0;
}

test('a member reads a notice: the badge and the dropdown drop at once, no reload', async ({ page }) => {
  const errors = trackErrors(page);
  await signIn(page, USER);
  await expect(page).toHaveURL(/\/partyMember\/partySpace$/);
  // a mark that a reload would wipe out
  await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));
  await page.locator('.dj-shortcut', { hasText: '通知公告' }).click();
  await expect(page).toHaveURL(/\/partyMember\/partySpace\/notice$/);
  await expect(page.getByRole('heading', { name: '通知公告' })).toBeVisible();

  const unreadRow = page.getByTestId('notice-row').filter({ has: page.locator('.dj-notice-row__dot') }).first();
  await expect(unreadRow).toBeVisible();
  await expect.poll(() => badge(page)).toBeGreaterThan(0);
  const before = await badge(page);
  await expect(page.getByRole('tab', { name: `未读（${before}）` })).toBeVisible();
  const title = (await unreadRow.locator('.dj-notice-row__title').textContent())!;
  await expect(unreadRow.getByText('未读')).toBeVisible();

  // the page's own contact card: the branch secretary, his mobile masked
  const card = page.getByTestId('secretary-card');
  await expect(card).toContainText('党支部书记');
  await expect(card).toContainText(/1\d{2}\*{4}\d{4}/);

  const a11y = await seriousViolations(page);
  expect(a11y, describeFindings(a11y)).toEqual([]);

  await unreadRow.click();
  await expect(page).toHaveURL(/\/notice\/info\?id=\d+&isRead=false(&kind=announce)?&num=1$/);
  await expect(page.getByTestId('notice-info').getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByTestId('notice-info')).toContainText('发布时间：');
  // read on the server: the header follows at once
  await expect.poll(() => badge(page)).toBe(before - 1);

  await page.getByTestId('back-bar').click();
  await expect(page).toHaveURL(/\/partyMember\/partySpace\/notice\?num=1$/);
  const row = page.getByTestId('notice-row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.locator('.dj-notice-row__dot')).toHaveCount(0);
  await expect(row.getByText('未读')).toHaveCount(0);
  expect(await badge(page)).toBe(before - 1);

  // the dropdown shows the same: this notice without its dot, the count one less
  await page.getByTestId('message-bell').click();
  const panel = page.getByTestId('message-panel');
  await expect(panel).toBeVisible();
  const item = panel.locator('.dj-msg-item', { hasText: title });
  if (await item.count()) await expect(item.locator('.ant-badge-dot')).toHaveCount(0);
  if (before - 1 > 0) await expect(panel).toContainText(`未读 ${before - 1} 条`);
  else await expect(panel).not.toContainText('未读');
  await page.keyboard.press('Escape');

  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
  expect(errors).toEqual([]);
});

test('全部标为已读 clears the badge and the 未读 tab', async ({ page, request }) => {
  const errors = trackErrors(page);
  // unread notices of her own, from the platform's events (a retry finds some too): a flow registered and withdrawn writes two
  const token = await apiToken(request, 'branchadmin');
  const auth = { Authorization: `Bearer ${token}` };
  const flow = await request.post('/api/services/app/MovingRecordService/Apply', {
    headers: auth, data: { flowType: 2, flowPlace: '广东省深圳市', flowReason: 'work', startDate: '2026-01-01', contactPhone: '02812345678', explain: `通知测试${Date.now()}` },
  });
  expect(flow.status()).toBe(200);
  expect((await request.post('/api/services/app/MovingRecordService/Withdraw', { headers: auth, data: { id: (await flow.json()).result.id } })).status()).toBe(200);
  await signIn(page, 'branchadmin');
  await page.getByRole('link', { name: '更多' }).click();
  await expect(page).toHaveURL(/\/partyMember\/partySpace\/notice$/);
  await expect.poll(() => badge(page)).toBeGreaterThan(0);
  await page.getByTestId('notice-all-read').click();
  await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已全部标为已读')).toBeVisible();
  await expect.poll(() => badge(page)).toBe(0);
  await expect(page.getByTestId('notice-all-read')).toBeDisabled();
  await page.getByRole('tab', { name: '未读' }).click();
  await expect(page).toHaveURL(/tab=unread/);
  await expect(page.getByText('暂无未读通知')).toBeVisible();
  expect(errors).toEqual([]);
});
