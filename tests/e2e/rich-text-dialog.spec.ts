/**
 * 发布通知公告: the dialog says what it publishes, and its rich-text editor is readable by a screen
 * reader — every toolbar button named, the editing area labelled: axe finds nothing serious or
 * critical in the dialog.
 */
import { expect, test } from '@playwright/test';
import { Screen, signInAdmin } from './engine-helpers';
import { describeFindings, seriousViolations } from './a11y';

test('the 发布通知公告 dialog: its own title, a named toolbar, a labelled editing area, axe clean', async ({ page }) => {
  test.setTimeout(150_000);
  await signInAdmin(page, 'admin', '中共四川省委员会');
  const screen = new Screen(page);
  await screen.open('/message/announce');
  await screen.toolbar('发布通知公告');
  const dialog = page.getByRole('dialog', { name: '发布通知公告' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.bf-controlbar')).toBeVisible({ timeout: 20_000 });
  await expect(dialog.getByRole('button', { name: '加粗' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: '插入图片' })).toBeVisible();
  const area = dialog.getByRole('textbox', { name: '正文' });
  await expect(area).toBeVisible();
  await area.click();
  await page.keyboard.type('无障碍测试');
  const found = (await seriousViolations(page)).filter((f) => f.targets.some((t) => !t.includes('.ant-layout-sider')));
  expect(found, describeFindings(found)).toEqual([]);
  await page.screenshot({ path: '/tmp/rich-text-dialog.png' });
});
