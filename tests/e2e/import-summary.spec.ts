/**
 * An administrator imports teaching plans the way offices do: downloads the template (lists, example
 * row, 说明), fills it with two good rows and one bad, sees the import's progress, then the summary —
 * two added, the bad row refused with its reason — and downloads the refused row.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { readXlsxRows, readXlsxSheets, xlsxBuffer, type Cell } from '../../src/server/xlsx/xlsx';
import { trackErrors } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

test('the template, an import with one bad row, its progress and its summary', async ({ page }) => {
  // sign-in, the list, the template and the import: more than the default minute on a busy machine
  test.setTimeout(120_000);
  const errors = trackErrors(page);
  await signInAdmin(page, 'admin', '中共四川省委员会');
  const s = new Screen(page);
  await s.open('/message/teachPlan');
  await page.locator('.dj-table__toolbar').getByRole('button', { name: /^导\s*入$/ }).click();
  const dialog = page.getByTestId('import-dialog');
  await expect(dialog).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载模板' }).click()]);
  const template = readXlsxSheets(readFileSync((await download.path())!));
  expect([...template.keys()]).toContain('说明');
  const [header, example] = template.get('教学计划')!;
  expect(header).toEqual(['计划名称', '年度', '计划类别', '开始日期', '结束日期', '培训对象']);

  const stamp = Date.now() % 100000;
  const rows: Cell[][] = [
    example,
    [`导入汇总计划甲${stamp}`, 2027, '年度计划', { date: '2027-01-01' }, '', '全体党员'],
    [`导入汇总计划乙${stamp}`, 2027, '不存在的类别', '2027-02-01', '', ''],
    [`导入汇总计划丙${stamp}`, 2027, '专题计划', '2027-03-01', '', ''],
  ];
  const file = await xlsxBuffer([{ sheetName: '教学计划', header, batches: [rows] }]);
  await dialog.locator('input[type=file]').setInputFiles({ name: '教学计划导入.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
  await expect(page.getByTestId('import-submit')).toBeEnabled({ timeout: 20_000 });

  // the import is held until its progress has been seen (a small file is done before a poll)
  let release!: () => void;
  const seen = new Promise<void>((r) => (release = r));
  await page.route('**/TeachingPlanService/Import', async (route) => {
    await seen;
    await route.continue();
  });
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-progress')).toBeVisible();
  release();

  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText('导入完成：共 3 行，已导入 2 行，未导入 1 行', { timeout: 30_000 });
  await expect(page.getByTestId('import-refused').locator('li')).toHaveText(['第4行：计划类别：计划类别取值无效']);
  const [refused] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-refused-download').click()]);
  const back = readXlsxRows(readFileSync((await refused.path())!));
  expect(back[1].slice(0, 3)).toEqual(['4', '计划类别：计划类别取值无效', `导入汇总计划乙${stamp}`]);
  await page.screenshot({ path: '/tmp/import-summary.png' });

  await page.getByRole('dialog').getByRole('button', { name: /^关\s*闭$/ }).click();
  await expect(s.row(`导入汇总计划甲${stamp}`)).toBeVisible();
  await expect(s.row(`导入汇总计划丙${stamp}`)).toBeVisible();
  expect(errors).toEqual([]);
});
