/**
 * 题库管理 (first part): a district administrator makes a bank, sees its counts per type
 * (questions added through the API), edits it; the province's bank shows to him read-only.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, trackErrors } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

const DISTRICT = '中共成都市温江区委员会';
const stamp = () => `${Date.now() % 1_000_000}${Math.random().toString(36).slice(2, 5)}`;

async function call(request: APIRequestContext, token: string, action: string, data: Record<string, unknown>) {
  const r = await request.post(`/api/services/app/ExamLibaryService/${action}`, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(r.status(), await r.text()).toBe(200);
  return (await r.json()).result;
}

test('题库管理: create a bank, its counts per type, edit it; the province’s bank is read-only here', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = trackErrors(page);
  const tag = stamp();
  const provinceBank = `省级题库${tag}`;
  await call(request, await apiToken(request, 'admin', true), 'CreateExamLibary', { libaryName: provinceBank });

  await signInAdmin(page, 'districtadmin', DISTRICT);
  const s = new Screen(page);
  await s.open('/education/examLibrary');
  await s.toolbar('新建题库');
  const name = `温江题库${tag}`;
  await s.fill('题库名称', name);
  await s.fill('题库说明', '区级党史学习题库');
  await s.submitForm();
  await s.toast('操作成功');
  await expect(s.row(name)).toBeVisible();

  // two questions through the API: the counts follow
  const district = await apiToken(request, 'districtadmin', true);
  const list = await request.get('/api/services/app/ExamLibaryService/GetPageExamLibaryList', { headers: { Authorization: `Bearer ${district}` }, params: { libaryName: name } });
  const bankId = (await list.json()).result.items[0].id;
  await call(request, district, 'CreateExamQuestion', { libaryId: bankId, type: 3, title: '党员应当按期交纳党费。', jugeQuestionAnswer: true });
  await call(request, district, 'CreateExamQuestion', { libaryId: bankId, type: 4, title: '中国共产党成立于____年。', blankAnswers: [['1921']] });
  await page.locator('[aria-label=刷新]').click();
  const headers = await page.locator('.ant-table-thead th').allInnerTexts();
  const cell = (title: string) => s.row(name).locator('td').nth(headers.map((h) => h.trim()).indexOf(title));
  await expect(cell('试题总数')).toHaveText('2');
  await expect(cell('判断题')).toHaveText('1');
  await expect(cell('填空题')).toHaveText('1');
  await expect(cell('单选题')).toHaveText('0');

  await s.rowAction(name, '编辑');
  await s.fill('题库名称', `${name}（修订）`);
  await s.submitForm();
  await s.toast('操作成功');
  await expect(s.row(`${name}（修订）`)).toBeVisible();

  // the province's bank: listed for use, without 编辑 or 删除
  await page.getByTestId('filter-bar').locator('#libaryName').fill(provinceBank);
  await page.getByTestId('filter-bar').getByRole('button', { name: /查\s*询/ }).click();
  await expect(s.row(provinceBank)).toBeVisible();
  await expect(s.row(provinceBank).locator('[data-action=edit], [data-action=delete]')).toHaveCount(0);
  await expect(s.row(provinceBank).locator('[data-action=detail]')).toBeVisible();
  expect(errors).toEqual([]);
});
