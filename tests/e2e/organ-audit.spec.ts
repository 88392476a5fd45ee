/**
 * 组织审核 (Organisations) as users go through it: a district administrator creates a
 * branch in 组织管理; members cannot find it until the city administrator approves it in 组织审核;
 * then it is found. 撤销 refuses a branch that still has members and dissolves the empty new one.
 */
import { expect, test } from '@playwright/test';
import { apiToken } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

const DISTRICT = '中共成都市温江区委员会';
const CITY = '中共成都市委员会';
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

test('a district branch waits for the city in 组织审核, then members find it; 撤销 needs an empty organisation', async ({ page: districtPage, browser, baseURL, request }) => {
  test.setTimeout(240_000);
  let page = districtPage;
  const name = `审核流程支部${Date.now() % 1e6}`;
  const memberToken = await apiToken(request, 'member');
  const found = async () =>
    ((await (await request.get('/api/services/app/OrganizationService/GetBranchOrganListByName', { headers: auth(memberToken), params: { organName: name } })).json()).result as { organName: string }[]).map(
      (o) => o.organName,
    );

  // the district administrator creates the branch under his district
  await signInAdmin(page, 'districtadmin', DISTRICT);
  let s = new Screen(page);
  await s.open('/manager/organization');
  await s.toolbar('新建下级组织');
  await s.pickOrgan('上级党组织', DISTRICT);
  await s.fill('组织名称', name);
  await s.field('组织类别').locator('.ant-select-selector').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await s.submitForm();
  // saved when the dialog closes (a refused save keeps it open)
  await expect(page.getByRole('dialog', { name: '新增党组织' })).toBeHidden({ timeout: 30_000 });
  await page.getByTestId('filter-bar').getByLabel('组织名称').fill(name);
  await page.getByTestId('filter-bar').getByRole('button', { name: /查\s*询/ }).click();
  await expect(s.row(name)).toContainText('待审核');
  expect(await found()).not.toContain(name);

  // the city administrator approves it in 组织审核
  page = await (await browser.newContext({ baseURL })).newPage();
  await signInAdmin(page, 'cityadmin', CITY);
  s = new Screen(page);
  await s.open('/manager/organAudit');
  await expect(s.row(name)).toBeVisible();
  await s.rowAction(name, '审核');
  const panel = page.getByTestId('audit-panel');
  await expect(panel).toContainText(name);
  await panel.getByText('通过', { exact: true }).click();
  await page.getByTestId('audit-submit').click();
  await s.toast('操作成功');
  await expect(s.row(name)).toHaveCount(0);
  await page.getByRole('tab', { name: '已通过' }).click();
  await expect(s.row(name)).toContainText('已通过');
  expect(await found()).toContain(name);

  // 撤销 (back in the district's 组织管理): refused while members are left, done for the empty new branch
  page = districtPage;
  s = new Screen(page);
  await s.open('/manager/organization');
  const filter = page.getByTestId('filter-bar');
  await filter.getByLabel('组织名称').fill('凤凰社区党支部');
  await filter.getByRole('button', { name: /查\s*询/ }).click();
  await s.rowAction('凤凰社区党支部', '撤销');
  await s.confirm('确认撤销该组织？撤销后不可恢复（须先转出全部党员、撤销全部下级组织）。');
  await expect(page.locator('.ant-message').getByText('该组织还有党员，不能撤销，请先将党员转出')).toBeVisible();
  await filter.getByLabel('组织名称').fill(name);
  await filter.getByRole('button', { name: /查\s*询/ }).click();
  await s.rowAction(name, '撤销');
  await s.confirm('确认撤销该组织？撤销后不可恢复（须先转出全部党员、撤销全部下级组织）。');
  await s.toast('操作成功');
  await expect(s.row(name)).toHaveCount(0);
  expect(await found()).not.toContain(name);
});
