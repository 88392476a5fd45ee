/**
 * What every engine list has ("Every engine list"): column settings kept per screen and
 * user across a reload, density, refresh with the filters of now, 导出 of exactly the filtered rows
 * (all pages, the columns on show, code labels), bulk delete with a per-record report, bulk audit of
 * a workflow decision, and no checkboxes for a role without the delete permission.
 * Data: teaching plans and village-official applications this spec makes itself.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { readXlsxRows } from '../../src/server/xlsx/xlsx';
import { apiToken, trackErrors } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

const DISTRICT = '中共成都市温江区委员会';
const stamp = () => `${Date.now() % 1_000_000}${Math.random().toString(36).slice(2, 5)}`;

async function api(request: APIRequestContext, token: string, method: 'POST' | 'DELETE', path: string, data: Record<string, unknown>) {
  const url = `/api/services/app/${path}`;
  const r = method === 'POST' ? await request.post(url, { headers: { Authorization: `Bearer ${token}` }, data }) : await request.delete(url, { headers: { Authorization: `Bearer ${token}` }, params: data as Record<string, string> });
  expect(r.status(), await r.text()).toBe(200);
  return (await r.json()).result;
}

const createPlan = (request: APIRequestContext, token: string, title: string, year: number) =>
  api(request, token, 'POST', 'TeachingPlanService/Create', { title, year, planType: 'annual', startDate: `${year}-01-01`, endDate: `${year}-12-31`, content: '便捷功能测试' });

const headers = (page: Page) => page.locator('.ant-table-thead th');

async function search(page: Page, values: Record<string, string>) {
  const bar = page.getByTestId('filter-bar');
  for (const [id, v] of Object.entries(values)) await bar.locator(`#${id}`).fill(v);
  await bar.getByRole('button', { name: /查\s*询/ }).click();
}

test('教学计划: column settings survive a reload, density, refresh, export of the filter, bulk delete with a report', async ({ page, request }) => {
  test.setTimeout(180_000); // a busy machine (two cores shared): the steps themselves take ~40 s
  const errors = trackErrors(page);
  const district = await apiToken(request, 'districtadmin', true);
  const tag = `便捷${stamp()}`;
  const [a, b, c] = [`${tag}甲`, `${tag}乙`, `${tag}丙`];
  await createPlan(request, district, a, 2031);
  await createPlan(request, district, b, 2031);
  await createPlan(request, district, c, 2032);

  await signInAdmin(page, 'districtadmin', DISTRICT);
  const s = new Screen(page);
  await s.open('/message/teachPlan');
  await search(page, { title: tag });
  await expect(s.row(tag)).toHaveCount(3);

  // 列设置: hide 年度; it stays hidden after a reload (remembered for this user and screen)
  await expect(headers(page).filter({ hasText: /^年度$/ })).toHaveCount(1);
  await page.locator('[aria-label=列设置]').click();
  await page.getByTestId('column-settings').getByRole('checkbox', { name: '年度' }).uncheck();
  await expect(headers(page).filter({ hasText: /^年度$/ })).toHaveCount(0);
  await page.reload();
  await expect(page.locator('[data-screen=teachPlan]')).toBeVisible({ timeout: 30_000 });
  await expect(headers(page).filter({ hasText: /^计划名称$/ })).toHaveCount(1);
  await expect(headers(page).filter({ hasText: /^年度$/ })).toHaveCount(0);
  // 列设置 also orders the columns: 计划名称 down past the hidden 年度 and 计划类别, and back
  const titles = async () => (await headers(page).allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  await page.locator('[aria-label=列设置]').click();
  const settings = page.getByTestId('column-settings');
  await settings.getByRole('button', { name: '下移 计划名称' }).click();
  await settings.getByRole('button', { name: '下移 计划名称' }).click();
  await expect(settings.getByRole('checkbox').nth(3)).toHaveAccessibleName('计划名称');
  await expect.poll(async () => (await titles()).slice(0, 2)).toEqual(['计划类别', '计划名称']);
  await settings.getByRole('button', { name: '上移 计划名称' }).click();
  await settings.getByRole('button', { name: '上移 计划名称' }).click();
  await expect.poll(async () => (await titles())[0]).toBe('计划名称');
  await page.locator('[aria-label=列设置]').click();

  // 密度: 紧凑
  await expect(page.locator('.dj-table .ant-table')).not.toHaveClass(/ant-table-small/);
  await page.locator('[aria-label=密度]').click();
  await page.getByRole('menuitem', { name: '紧凑' }).click();
  await expect(page.locator('.dj-table .ant-table')).toHaveClass(/ant-table-small/);

  // 刷新: a plan made meanwhile through the API shows, with the filters of now kept
  await search(page, { title: tag });
  await expect(s.row(tag)).toHaveCount(3);
  // the search's own requests settle first (a late one would show the new plan by itself)
  await page.waitForLoadState('networkidle');
  const d = `${tag}丁`;
  await createPlan(request, district, d, 2032);
  await expect(s.row(d)).toHaveCount(0);
  const reloaded = page.waitForResponse((r) => r.url().includes('/TeachingPlanService/PageList'));
  await page.locator('[aria-label=刷新]').click();
  await reloaded;
  await expect(s.row(d)).toHaveCount(1);
  await expect(s.row(tag)).toHaveCount(4);

  // 导出: exactly the filtered rows (title and year 2031), the columns on show, code-table labels
  await search(page, { title: tag, year: '2031' });
  await expect(s.row(tag)).toHaveCount(2);
  const downloading = page.waitForEvent('download');
  await page.locator('.dj-table__toolbar').getByRole('button', { name: /导\s*出/ }).click();
  const rows = readXlsxRows(readFileSync((await (await downloading).path())!));
  expect(rows[0][0]).toBe('计划名称');
  expect(rows[0]).not.toContain('年度');
  expect(rows[0]).toContain('计划类别');
  expect(rows.slice(1).map((r) => r[0]).sort()).toEqual([a, b].sort());
  expect(rows.slice(1).map((r) => r[rows[0].indexOf('计划类别')])).toEqual(['年度计划', '年度计划']);

  // 批量删除: two records, confirmed with the count
  await page.getByLabel(`选择 ${a}`).check();
  await page.getByLabel(`选择 ${b}`).check();
  await expect(page.getByTestId('bulk-count')).toHaveText('已选择 2 项');
  await page.locator('[data-action=bulk-delete]').click();
  await s.confirm('确认删除选中的 2 条记录？删除后不可恢复。');
  await s.toast('2 条成功');
  await expect(s.row(tag)).toHaveCount(0);

  // a record deleted elsewhere meanwhile: the report names it, the other one is deleted
  await search(page, { title: tag, year: '' });
  await expect(s.row(tag)).toHaveCount(2);
  await page.getByLabel(`选择 ${c}`).check();
  await page.getByLabel(`选择 ${d}`).check();
  const listed = await request.get('/api/services/app/TeachingPlanService/PageList', { headers: { Authorization: `Bearer ${district}` }, params: { title: c } });
  await api(request, district, 'DELETE', 'TeachingPlanService/Delete', { id: (await listed.json()).result.items[0].id });
  await page.locator('[data-action=bulk-delete]').click();
  await s.confirm('确认删除选中的 2 条记录？');
  await expect(page.getByTestId('bulk-report')).toContainText(new RegExp(`^1 条成功，1 条失败：${c}：\\S+`));
  await page.getByRole('button', { name: '知道了' }).click();
  await expect(s.row(tag)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('村官管理: bulk audit asks once, checks the remark rule, reports the record audited meanwhile with the server’s reason', async ({ page, request }) => {
  test.setTimeout(150_000);
  const errors = trackErrors(page);
  const member = await apiToken(request, 'member');
  const district = await apiToken(request, 'districtadmin', true);
  const tag = `批审${stamp()}`;
  const villages = [`${tag}一村`, `${tag}二村`, `${tag}三村`];
  const ids: number[] = [];
  for (const v of villages) ids.push((await api(request, member, 'POST', 'VillageOfficalService/ApplyVillageOffical', { villageName: v, post: 'secretary', startDate: '2020-01-01', introduction: '扎根社区多年，带领居民建设美丽家园。' })).id);

  await signInAdmin(page, 'districtadmin', DISTRICT);
  const s = new Screen(page);
  await s.open('/service/villageOfficial');
  await page.getByRole('tab', { name: '全部' }).click();
  await search(page, { villageName: tag });
  await expect(s.row(tag)).toHaveCount(3);
  for (const v of villages) await page.getByLabel(`选择 ${v}`).check();
  // the third is approved elsewhere before the bulk audit runs
  await api(request, district, 'POST', 'VillageOfficalService/Audit', { id: ids[2], approved: true });

  await page.locator('[data-action=bulk-audit]').click();
  const dialog = page.getByRole('dialog', { name: '批量审核（已选 3 条）' });
  await dialog.getByText('不通过').click();
  await page.getByTestId('bulk-decision-submit').click();
  await expect(dialog.getByText('请输入备注')).toBeVisible();
  await dialog.getByText('通过', { exact: true }).click();
  await page.getByTestId('bulk-decision-submit').click();
  await expect(page.getByTestId('bulk-report')).toHaveText(`2 条成功，1 条失败：${villages[2]}：该记录已审核`);
  await page.getByRole('button', { name: '知道了' }).click();
  for (const v of villages) await expect(s.row(v)).toContainText('已通过');
  expect(errors).toEqual([]);
});

test('a role without the delete permission gets no checkboxes', async ({ page, request }) => {
  const errors = trackErrors(page);
  const site = `便捷活动室${stamp()}`;
  await api(request, await apiToken(request, 'branchadmin', true), 'POST', 'BaseLibraryService/CreateAsync', { baseName: site, category: '4' });
  await signInAdmin(page, 'branchadmin', '柳城街道凤凰社区党支部');
  const s = new Screen(page);
  await s.open('/education/baseLibrary');
  await expect(s.row(site)).toBeVisible();
  await expect(page.locator('.ant-table-selection-column')).toHaveCount(0);
  await expect(page.locator('[data-action=delete]')).toHaveCount(0);
  // the list still has its options and 导出
  await expect(page.locator('[aria-label=刷新]')).toBeVisible();
  await expect(page.locator('.dj-table__toolbar').getByRole('button', { name: /导\s*出/ })).toBeVisible();
  expect(errors).toEqual([]);
});
