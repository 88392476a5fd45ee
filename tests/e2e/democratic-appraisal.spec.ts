/**
 * 民主评议 end to end: the 凤凰社区 branch opens an appraisal for a year, rates a member
 * picked with the member picker, is told when it rates him twice, sees the rating counted in 评议统计
 * for that year, and deletes the appraisal (its ratings leave the statistics). The year is drawn at
 * random among years to come and the appraisal deleted at the end, so the spec runs again on the same
 * server.
 */
import { expect, test } from '@playwright/test';
import { Screen, signInAdmin } from './engine-helpers';
import { trackErrors } from './helpers';

const BRANCH = '柳城街道凤凰社区党支部';

test('a branch holds a democratic appraisal, rates a member once and sees it in the statistics', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = trackErrors(page);
  const year = String(2030 + Math.floor(Math.random() * 70));
  const title = `${year}年度民主评议党员`;
  await signInAdmin(page, 'branchadmin', BRANCH);
  const s = new Screen(page);
  await s.open('/service/democraticAppraisal');

  await s.toolbar('开展评议');
  await s.fill('评议年度', year);
  await s.fill('评议名称', title);
  await s.submitForm();
  await s.toast('操作成功');
  await s.rowAction(title, '评议结果');
  await expect(page).toHaveURL(/democraticAppraisal\/info\?id=\d+/);

  const rate = async (name: string, rating: string) => {
    await s.toolbar('登记评议结果');
    await s.field('党员').getByRole('button', { name: /选择党员/ }).click();
    const picker = page.getByRole('dialog').filter({ has: page.getByLabel('姓名') }).last();
    await picker.getByLabel('姓名').fill(name);
    await picker.getByLabel('姓名').press('Enter');
    await picker.locator('tr', { hasText: name }).first().click();
    await page.getByTestId('member-picker-ok').click();
    await expect(s.field('党员').locator('.ant-tag', { hasText: name })).toBeVisible();
    // chosen once the field shows it and the list has closed over it: a click while the list still
    // opens may not choose, and a list not yet open has no option — open it again and choose
    const field = s.field('评定等次');
    const option = page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${rating}"]`);
    await expect(async () => {
      if (!(await field.textContent())?.includes(rating)) {
        if (!(await page.locator('.ant-select-dropdown:visible').count())) await field.locator('.ant-select-selector').click({ timeout: 2_000 });
        await option.click({ timeout: 2_000 });
      }
      await expect(field).toContainText(rating, { timeout: 2_000 });
      await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await s.submitForm();
  };
  await rate('李明', '优秀');
  await s.toast('操作成功');
  await expect(s.row('李明')).toContainText('优秀');
  // twice (another rating, so that it is no repeat of the same body): the server's message, and nothing added
  await rate('李明', '合格');
  await expect(page.getByText('该党员在本次评议中已有评定结果').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(s.row('李明')).toHaveCount(1);

  // 评议统计 of that year: one 优秀
  await s.open('/service/democraticAppraisal');
  await page.getByRole('tab', { name: '评议统计' }).click();
  const bar = page.getByTestId('filter-bar').last();
  await bar.getByLabel('评议年度').fill(year);
  await bar.getByRole('button', { name: /查\s*询/ }).click();
  const total = page.locator('.ant-table-summary, tfoot').last();
  await expect(total).toContainText(/合计\s*1\s*1\s*0\s*0\s*0/);

  // edited (the organisation is fixed once held), then deleted with its ratings
  await page.getByRole('tab', { name: '评议列表' }).click();
  await s.rowAction(title, '编辑');
  await expect(s.field('党组织')).toHaveCount(0);
  await s.fill('评议名称', `${title}（修改）`);
  await s.submitForm();
  await s.toast('操作成功');
  await expect(s.row(`${title}（修改）`)).toBeVisible();
  // the edit's dialog and its 操作成功 gone first, so that the delete's own answer is what is awaited
  await expect(page.locator('.ant-modal-wrap:visible')).toHaveCount(0);
  const deleted = page.waitForResponse((r) => /\/DemocraticAppraisalService\/Delete(\?|$)/.test(r.url()));
  await s.rowAction(title, '删除');
  await s.confirm('删除评议将同时删除其全部评议结果，确认删除？');
  expect((await deleted).ok()).toBeTruthy();
  await expect(s.row(title)).toHaveCount(0);
  expect(errors).toEqual([]);
});
