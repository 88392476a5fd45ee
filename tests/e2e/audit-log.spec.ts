/**
 * 审计日志, 在线用户 and 分配菜单: the province administrator finds an earlier write by
 * its service and its (platform) day with what it changed; forces a second signed-in user out, whose
 * next navigation lands on the sign-in page; sees a page stored without its buttons half-checked in
 * 分配菜单. Every account and role here is made by this spec: the demo accounts are shared.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { Screen, signInAdmin } from './engine-helpers';
import { apiToken, go, platformToday, trackErrors, signOutHere } from './helpers';

const stamp = Date.now().toString(36);
const roleCode = `AudE2e${stamp}`;
const roleName = `审计角色${stamp}`;
const outName = `下线测试${stamp}`;
const outUser = `e2eout_${stamp}`;
const outPassword = 'Out2026abcd';

const call = async (request: APIRequestContext, token: string, method: 'get' | 'post', path: string, data?: unknown) => {
  const res = await request[method](`/api/services/app/${path}`, { headers: { Authorization: `Bearer ${token}` }, ...(method === 'get' ? { params: data as any } : { data }) });
  const body = await res.json();
  expect(res.ok(), JSON.stringify(body)).toBeTruthy();
  return body.result;
};

test('audit log search, forced logout and a half-checked parent in 分配菜单', async ({ page, browser, request }) => {
  test.setTimeout(300_000); // a long journey (three sign-ins, two browsers): a busy machine needs the room
  const errors = trackErrors(page);
  const admin = await apiToken(request, 'admin', true);
  // roles are the 安全管理员's (三员分立, docs/SECURITY.md): an earlier write, a role whose menus hold the 管理员 page without its buttons
  const sec = await apiToken(request, 'secadmin', true);
  const role = await call(request, sec, 'post', 'RoleService/Create', { name: roleCode, displayName: roleName, userType: 1 });
  const menus = await call(request, sec, 'get', 'MenuButtonService/RoleMenusList', { roleId: role.id });
  const flat = (l: any[]): any[] => l.flatMap((m) => [m, ...flat(m.children ?? [])]);
  const usersPage = flat(menus.items).find((m) => m.permissionName === 'Pages.Administration.Users');
  await call(request, sec, 'post', 'MenuButtonService/SetRoleMenu', { roleId: role.id, menuIds: [usersPage.id] });
  // a second user, signed in in his own browser
  const organs = await call(request, admin, 'get', 'UserService/GetUserManageOrgan');
  const city = organs.find((o: any) => o.roleName === '市级管理员');
  const cityRole = (await call(request, admin, 'get', 'UserService/GetGrantableRoles')).find((r: any) => r.name === 'CityAdmin');
  await call(request, admin, 'post', 'UserService/CreateAdminAsync', { userName: outUser, name: outName, password: 'First2026abc', roleId: cityRole.id, organId: city.organId });
  const first = await (await request.post('/api/TokenAuth/Sigin', { data: { userName: outUser, password: 'First2026abc' } })).json();
  await call(request, first.result.accessToken, 'post', 'UserService/UpdateWeakPassword', { newPassword: outPassword });
  // that API session ends: the browser's is his only one
  expect((await request.post('/api/TokenAuth/Logout', { headers: { Authorization: `Bearer ${first.result.accessToken}` } })).ok()).toBeTruthy();
  const context = await browser.newContext();
  const his = await context.newPage();
  await his.goto('/dj/login');
  await his.getByLabel('用户名').fill(outUser);
  await his.getByLabel('密码').fill(outPassword);
  await his.getByRole('button', { name: /登\s*录/ }).click();
  await expect(his).not.toHaveURL(/\/login/);
  await his.waitForLoadState('networkidle');

  await signInAdmin(page, 'admin', '中共四川省委员会');
  const screen = new Screen(page);

  // 审计日志: writes only, by module, target and today's platform day, in Chinese
  await screen.open('/setting/auditLog');
  const filters = page.getByTestId('filter-bar');
  await filters.getByLabel('模块').fill('角色管理');
  await filters.getByLabel('操作对象').fill(roleName);
  const today = platformToday();
  await filters.getByPlaceholder('开始日期').click();
  await filters.getByPlaceholder('开始日期').fill(today);
  await filters.getByPlaceholder('开始日期').press('Enter');
  await filters.getByPlaceholder('结束日期').fill(today);
  await filters.getByPlaceholder('结束日期').press('Enter');
  await filters.getByRole('button', { name: /查\s*询/ }).click();
  const created = screen.row('新建角色');
  await expect(created).toBeVisible();
  await expect(created).toContainText('角色管理');
  await expect(created).toContainText('新增');
  await expect(created).toContainText(roleName);
  // the reads of the header's message list and of the lists opened are not operations
  await expect(page.locator('.ant-table-tbody')).not.toContainText('PagedList');
  await screen.rowAction('新建角色', '详情');
  const drawer = page.locator('.ant-drawer-content, .ant-modal-content').filter({ hasText: '审计日志详情' });
  await expect(drawer).toContainText(roleName);
  await expect(drawer).toContainText(roleCode);
  await page.screenshot({ path: '/tmp/audit-log-search.png' });
  await page.keyboard.press('Escape');
  // the filtered log as Excel
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /导\s*出/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^审计日志.*\.xlsx$/);

  // 在线用户: force the second user out
  await screen.open('/setting/onlineUser');
  await page.getByTestId('filter-bar').getByLabel('用户').fill(outName);
  await page.getByTestId('filter-bar').getByRole('button', { name: /查\s*询/ }).click();
  await expect(screen.row(outName)).toHaveCount(1);
  await expect(screen.row(outName)).toContainText('市级管理员');
  await page.screenshot({ path: '/tmp/audit-online-users.png' });
  await screen.rowAction(outName, '强制下线');
  await screen.confirm('确认强制该用户下线？');
  await screen.toast('已强制下线');
  await expect(screen.row(outName)).toHaveCount(0);
  // his next navigation: the sign-in page
  await go(his, '/setting/admin');
  await expect(his).toHaveURL(/\/dj\/login/, { timeout: 20_000 });
  await context.close();

  // 分配菜单 (the 安全管理员's): the page stored without its buttons is half-checked, as is 设置 above it
  await signOutHere(page);
  await signInAdmin(page, 'secadmin', '中共四川省委员会');
  await screen.open('/setting/role');
  await filters.getByLabel('关键字').fill(roleName);
  await filters.getByRole('button', { name: /查\s*询/ }).click();
  await screen.rowAction(roleName, '分配菜单');
  const dialog = page.getByRole('dialog', { name: '分配菜单' });
  const node = (title: string) => dialog.locator('.ant-tree-treenode', { has: page.locator('.ant-tree-title > span', { hasText: new RegExp(`^${title}`) }) }).first();
  await expect(node('管理员').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await expect(node('设置').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await expect(dialog.locator('.ant-tree-checkbox-checked')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/audit-role-menus.png' });
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  expect(errors).toEqual([]);
});
