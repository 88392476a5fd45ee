/**
 * The schema engine on real services: a teaching plan worked by the province, a site
 * selected into the library and a teacher reported upward by a district, the report audited by the
 * province, and a branch administrator without Pages.BaseLibrary.Delete seeing no delete button
 * while the server refuses the call with 403.
 */
import { expect, test } from '@playwright/test';
import { platformToday, token, trackErrors } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

const PROVINCE = '中共四川省委员会';
const WENJIANG = '中共成都市温江区委员会';

test('province administrator creates, edits, issues and deletes a teaching plan', async ({ page }) => {
  const errors = trackErrors(page);
  await signInAdmin(page, 'admin', PROVINCE);
  const s = new Screen(page);
  await s.open('/message/teachPlan');
  await expect(s.row(`${platformToday().slice(0, 4)}年全省党员教育培训工作计划`)).toBeVisible();

  const title = `端到端教学计划${Date.now() % 100000}`;
  await s.toolbar('新增计划');
  await s.submitForm();
  await expect(page.getByText('请输入计划名称')).toBeVisible();
  await s.fill('计划名称', title);
  await s.fill('年度', '2027');
  await s.submitForm();
  await s.toast('操作成功');
  await expect(s.row(title)).toBeVisible();

  await s.rowAction(title, '编辑');
  await expect(s.field('计划名称').locator('input')).toHaveValue(title);
  await s.fill('计划名称', `${title}（修订）`);
  await page.getByTestId('form-submit').click();
  await s.toast('操作成功');
  await expect(s.row(`${title}（修订）`)).toBeVisible();

  await s.rowAction(`${title}（修订）`, '下发');
  await s.confirm('确认将该教学计划下发至全部下级组织？');
  await s.toast('操作成功');
  await s.rowAction(`${title}（修订）`, '下发情况');
  const dialog = page.getByRole('dialog', { name: '下发情况' });
  await expect(dialog.getByText('中共成都市委员会')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await s.rowAction(`${title}（修订）`, '详情');
  await expect(page).toHaveURL(/\/message\/teachPlan\/info\?id=\d+&num=1$/);
  await expect(page.getByTestId('detail')).toContainText(`${title}（修订）`);
  await page.getByTestId('back-bar').getByRole('button').click();
  await expect(page).toHaveURL(/\/message\/teachPlan(\?num=1)?$/);

  await s.rowAction(`${title}（修订）`, '删除');
  await s.confirm('确认删除资源');
  await s.toast('操作成功');
  await expect(s.row(`${title}（修订）`)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test.describe.serial('libraries: select into the library, report upward, audit', () => {
  test('district administrator selects a site with a remark and reports a teacher', async ({ page }) => {
    const errors = trackErrors(page);
    await signInAdmin(page, 'districtadmin', WENJIANG);
    const s = new Screen(page);
    await s.open('/education/baseLibrary');
    await s.toolbar('选用下级基地');
    await expect(page).toHaveURL(/\/education\/baseLibrary\/all$/);
    await s.rowAction('柳城街道红色记忆馆', '选用入库');
    const prompt = page.getByRole('dialog', { name: '选用入库' });
    await prompt.getByRole('button', { name: /确\s*定/ }).click();
    await expect(prompt.getByText('请输入备注')).toBeVisible();
    await prompt.getByRole('textbox').fill('区级选用，用于新任支部书记现场教学');
    await prompt.getByRole('button', { name: /确\s*定/ }).click();
    await s.toast('入库成功');
    await s.open('/education/baseLibrary');
    await expect(s.row('柳城街道红色记忆馆').filter({ hasText: '区级选用' })).toBeVisible();

    await s.open('/education/teacherLibrary');
    await s.rowAction('罗晓梅', '上报');
    await s.confirm('确认上报师资？');
    await s.toast('操作成功');
    expect(errors).toEqual([]);
  });

  test('province administrator audits the reported teacher', async ({ page }) => {
    const errors = trackErrors(page);
    await signInAdmin(page, 'admin', PROVINCE);
    const s = new Screen(page);
    await s.open('/education/teacherLibrary');
    await page.getByRole('tab', { name: '上报审核' }).click();
    await expect(s.row('罗晓梅')).toBeVisible();
    await expect(s.row('罗晓梅')).toContainText(WENJIANG);
    await s.rowAction('罗晓梅', '审核');
    const panel = page.getByTestId('audit-panel');
    await expect(panel).toContainText('区委党校讲师');
    await panel.getByText('不通过').click();
    await page.getByTestId('audit-submit').click();
    await expect(panel.getByText('请输入备注')).toBeVisible();
    await panel.getByText('通过', { exact: true }).click();
    await page.getByTestId('audit-submit').click();
    await s.toast('操作成功');
    await expect(s.row('罗晓梅')).toHaveCount(0);
    // approved: the teacher joins the province library
    await page.getByRole('tab', { name: '本级及下级师资' }).click();
    await expect(s.row('罗晓梅').filter({ hasText: PROVINCE })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test('branch administrator without Pages.BaseLibrary.Delete sees no delete button; the server refuses with 403', async ({ page, request }) => {
  await signInAdmin(page, 'branchadmin', '柳城街道凤凰社区党支部');
  const t = await token(page);
  const auth = { Authorization: `Bearer ${t}` };
  // a site of the branch itself (creating needs no button permission)
  const created = await request.post('/api/services/app/BaseLibraryService/CreateAsync', { headers: auth, data: { baseName: '凤凰社区党员活动室', category: '4' } });
  expect(created.ok()).toBeTruthy();
  const id = (await created.json()).result.id;
  const s = new Screen(page);
  await s.open('/education/baseLibrary');
  await expect(s.row('凤凰社区党员活动室')).toBeVisible();
  await expect(s.row('凤凰社区党员活动室').getByRole('button', { name: /上\s*报/ })).toBeVisible();
  await expect(page.locator('.ant-table-tbody').getByRole('button', { name: /删\s*除/ })).toHaveCount(0);
  await expect(page.locator('.ant-table-tbody').getByRole('button', { name: /修\s*改/ })).toHaveCount(0);
  const del = await request.delete(`/api/services/app/BaseLibraryService/DeleteAsync?id=${id}`, { headers: auth });
  expect(del.status()).toBe(403);
});
