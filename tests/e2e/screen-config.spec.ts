/**
 * 界面配置 in the browser, with no rebuild and no restart: the province's implementer adds a column
 * and a filter to 党员管理 in the form view, sees them in the live preview (the real engine on real
 * data), sees an error marked in the JSON view, saves; a district administrator then sees them in
 * his 党员管理; the implementer restores the shipped file and they are gone again.
 */
import { expect, test, type Page } from '@playwright/test';
import { Screen, signInAdmin } from './engine-helpers';
import { trackErrors } from './helpers';

const columnHeader = (page: Page, scope: string, title: string) => page.locator(`${scope} .ant-table-thead th`, { hasText: title });

test('an implementer adds a column and a filter to 党员管理, saves, a district administrator sees them, then it is rolled back', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const errors = trackErrors(page);
  await signInAdmin(page, 'admin', '中共四川省委员会');
  const screen = new Screen(page);
  await screen.open('/setting/screenConfig');
  await page.getByTestId('filter-bar').getByLabel('关键字').fill('partyMember');
  await page.getByTestId('filter-bar').getByRole('button', { name: /查\s*询/ }).click();
  // the screen, not the entity of the same name
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { has: page.getByRole('cell', { name: 'partyMember', exact: true }), hasText: 'list' });
  await expect(row).toContainText('党员管理');
  await row.getByRole('button', { name: '配置' }).click();
  await expect(page).toHaveURL(/screenConfig\/edit\?kind=screen&key=partyMember/);
  const preview = page.getByTestId('config-preview');
  // the preview is the real list, on the implementer's own data
  await expect(preview.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: '添加列' }).click();
  const n = await page.locator('[data-testid^="列-"]').count();
  await page.getByLabel(`列${n}字段`).fill('creationTime');
  await page.getByLabel(`列${n}标题`).fill('录入时间');
  await page.getByRole('button', { name: '添加查询条件' }).click();
  const f = await page.locator('[data-testid^="查询条件-"]').count();
  await page.getByLabel(`查询条件${f}字段`).fill('keyword');
  await page.getByLabel(`查询条件${f}标题`).fill('关键字');
  await expect(columnHeader(page, '[data-testid=config-preview]', '录入时间')).toBeVisible({ timeout: 15_000 });
  // a fifth filter waits behind 展开 in the bar: it is there
  await expect(preview.getByLabel('关键字')).toBeAttached();

  // the JSON view marks what the server would refuse, at its place, in Chinese
  await page.getByLabel(`列${n}字段`).fill('1x');
  await expect(page.getByTestId('config-errors')).toContainText(`/columns/${n - 1}/field 格式不正确`);
  await expect(page.getByRole('button', { name: /保\s*存/ })).toBeDisabled();
  await page.getByLabel(`列${n}字段`).fill('creationTime');
  await expect(page.getByTestId('config-errors')).toBeHidden();
  await page.getByRole('tab', { name: /JSON 视图/ }).click();
  // the same JSON, in CodeMirror (only the lines in view are drawn)
  await expect(page.getByTestId('config-json-editor').locator('.cm-content')).toContainText('"tag": "partyMember"');
  await expect(page.getByRole('tab', { name: 'JSON 视图' })).toBeVisible();

  await page.getByLabel('修改说明').fill('增加录入时间列与关键字查询');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-message').getByText('已保存为第1版')).toBeVisible();
  await expect(page.getByTestId('config-version-1')).toContainText('增加录入时间列与关键字查询');

  // a district administrator, in his own browser, sees the saved screen at once
  const context = await browser.newContext();
  const district = await context.newPage();
  await signInAdmin(district, 'districtadmin', '中共成都市温江区委员会');
  const his = new Screen(district);
  await his.open('/manager/partyMember');
  await expect(columnHeader(district, '[data-screen=partyMember]', '录入时间')).toBeVisible();
  await expect(district.getByTestId('filter-bar').getByLabel('关键字')).toBeAttached();

  // back to the shipped file: the column and the filter are gone for him at his next load
  await page.getByRole('button', { name: '恢复出厂' }).click();
  await expect(page.locator('.ant-message').getByText(/已恢复出厂配置/)).toBeVisible();
  await district.reload();
  await expect(district.locator('[data-screen=partyMember] .ant-table-thead th').first()).toBeVisible({ timeout: 30_000 });
  await expect(columnHeader(district, '[data-screen=partyMember]', '录入时间')).toHaveCount(0);
  await expect(district.getByTestId('filter-bar').getByLabel('关键字')).toHaveCount(0);
  await context.close();
  expect(errors).toEqual([]);
});
