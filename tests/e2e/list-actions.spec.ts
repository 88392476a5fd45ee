/**
 * The fixed 操作 column never lies over the data: its width is that of the actions shown (on one
 * line, never squeezed), and a table too wide for the page scrolls — scrolled to its end, the last
 * data column ends where the actions begin. Checked on 试题管理 (a long 题干, 创建时间 last) and
 * 关系转接 (a status tag last) at 1440 and 1280 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { trackErrors } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

async function actionsClearOfData(page: Page) {
  const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(async () => {
    const m = await page.evaluate(() => {
      const content = document.querySelector<HTMLElement>('.ant-table-content')!;
      content.scrollLeft = content.scrollWidth;
      const cells = [...document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row')[0].children] as HTMLElement[];
      const actions = cells[cells.length - 1].getBoundingClientRect();
      const last = cells[cells.length - 2].getBoundingClientRect();
      const bar = cells[cells.length - 1].querySelector<HTMLElement>('.dj-actions-nowrap')!.getBoundingClientRect();
      return { lastRight: last.right, actionsLeft: actions.left, actionsWidth: actions.width, barWidth: bar.width };
    });
    expect(m.lastRight).toBeLessThanOrEqual(m.actionsLeft + 1);
    expect(m.actionsWidth).toBeGreaterThanOrEqual(m.barWidth);
  }).toPass({ timeout: 10_000 });
}

test('the 操作 column reserves its width: the table scrolls instead of covering 创建时间 or a status tag', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = trackErrors(page);
  await signInAdmin(page, 'admin', '中共四川省委员会');
  const s = new Screen(page);
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await s.open('/education/examQuestions');
    await actionsClearOfData(page);
    await s.open('/service/organChange');
    await actionsClearOfData(page);
  }
  expect(errors).toEqual([]);
});
