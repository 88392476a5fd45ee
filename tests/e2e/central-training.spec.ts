/**
 * 集中轮训: the province administrator creates a programme with two batches in the
 * browser — 温江区 and 郫都区 chosen in each batch's organisation tree —, finds the batches with their
 * students in the detail, and 李明 (凤凰社区, under 温江区) finds the programme with his batch on
 * 我的学习 → 集中轮训. The programme's name is fresh, so the spec can run again on the same server.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { platformToday, signIn, trackErrors, signOutHere } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

const PROVINCE = '中共四川省委员会';
const WENJIANG = '中共成都市温江区委员会';
const PIDU = '中共成都市郫都区委员会';

/** A form item inside `scope` by its label. */
const item = (page: Page, scope: Locator, title: string) =>
  scope.locator('.ant-formily-item', { has: page.locator('.ant-formily-item-label', { hasText: new RegExp(`^\\*?${title}[:：]?$`) }) });

async function typeDate(page: Page, field: Locator, value: string) {
  const input = field.locator('input');
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  // Enter takes the typed value and closes the picker, with a time too
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  await expect(input).toHaveValue(value);
}

async function fillBatch(page: Page, i: number, b: { name: string; from: string; to: string; address: string; organ: string }) {
  const row = page.locator(`.dj-form-row[data-row="${i}"]`);
  await item(page, row, '批次名称').locator('input').fill(b.name);
  await typeDate(page, item(page, row, '开始时间'), b.from);
  await typeDate(page, item(page, row, '结束时间'), b.to);
  await item(page, row, '培训地点').locator('input').fill(b.address);
  const organs = item(page, row, '参训组织');
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await organs.locator('.ant-select-selector').click();
    // the tree draws only the nodes in view: search narrows it to the one wanted
    await organs.locator('input').fill(b.organ.slice(-6));
    await page.locator(`.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper[title="${b.organ}"]`).first().click({ timeout: 5_000 });
    await expect(organs.locator('.ant-select-selection-item')).toContainText(b.organ.slice(0, 6), { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // close the dropdown without Escape (that would close the dialog)
  await page.locator('.ant-modal:visible .ant-modal-title').click();
}

test('集中轮训: an administrator creates a programme with two batches; a member finds his batch', async ({ page }) => {
  test.setTimeout(300_000);
  const errors = trackErrors(page);
  const year = platformToday().slice(0, 4);
  const name = `${year}年度党员集中轮训${Date.now() % 1_000_000}`;

  await signInAdmin(page, 'admin', PROVINCE);
  const s = new Screen(page);
  await s.open('/education/centralTraining');
  await s.toolbar('新 建');
  await s.fill('轮训名称', name);
  await s.fill('年度', year);
  await typeDate(page, s.field('开始日期'), `${year}-01-01`);
  await typeDate(page, s.field('结束日期'), `${year}-12-31`);
  const dialog = page.locator('.ant-modal:visible');
  await dialog.getByRole('button', { name: '添加批次' }).click();
  await fillBatch(page, 0, { name: '第一期（温江区）', from: `${year}-06-01 09:00`, to: `${year}-06-03 17:00`, address: '温江区委党校', organ: WENJIANG });
  await dialog.getByRole('button', { name: '添加批次' }).click();
  await fillBatch(page, 1, { name: '第二期（郫都区）', from: `${year}-07-01 09:00`, to: `${year}-07-03 17:00`, address: '郫都区委党校', organ: PIDU });
  await s.submitForm();
  await s.toast('操作成功');
  await expect(s.row(name)).toContainText('2');

  // the detail: both batches with their organisations and students
  await s.rowAction(name, '查看');
  await expect(page).toHaveURL(/\/centralTraining\/info\?id=\d+/);
  const batches = page.locator('[data-screen="centralTraining/batches"]');
  await expect(batches).toBeVisible({ timeout: 30_000 });
  const first = batches.locator('.ant-table-row', { hasText: '第一期（温江区）' });
  await expect(first).toContainText(WENJIANG);
  await expect(first).toContainText(`${year}-06-01 09:00`);
  await expect(batches.locator('.ant-table-row', { hasText: '第二期（郫都区）' })).toContainText(PIDU);
  const students = Number(await first.locator('td').nth(5).innerText());
  expect(students).toBeGreaterThan(0);

  // 李明 of 凤凰社区 (温江区): the programme with his batch
  await signOutHere(page);
  await signIn(page, 'member');
  await page.goto('/dj/partyMember/iStudy/rotationTrain');
  const card = page.getByTestId('rotation-programme').filter({ hasText: name });
  await expect(card).toBeVisible({ timeout: 30_000 });
  const batch = card.getByTestId('rotation-batch');
  await expect(batch).toContainText('第一期（温江区）');
  await expect(batch).toContainText(`${year}-06-01 09:00 至 ${year}-06-03 17:00`);
  await expect(batch).toContainText('温江区委党校');
  await expect(batch.getByRole('link', { name: '第一期（温江区）' })).toHaveAttribute('href', /\/partyMember\/iStudy\/rotationTrain\/info\?id=\d+/);
  expect(errors).toEqual([]);
});
