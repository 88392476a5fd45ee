/**
 * Settings: the province administrator makes a role, gives it exactly two menus in the
 * 分配菜单 tree, makes an administrator with that role; the new administrator, after changing the
 * password he was given, sees exactly those menus. Names carry a timestamp: the server is shared.
 */
import { expect, test } from '@playwright/test';
import { Screen, signInAdmin } from './engine-helpers';
import { trackErrors } from './helpers';

const stamp = Date.now().toString(36);
const roleCode = `E2eRole${stamp}`;
const roleName = `测试角色${stamp}`;
const userName = `e2eadm_${stamp}`;
const firstPassword = 'First2026abc';

test('a new role with two menus, an administrator with it, and what he sees', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const errors = trackErrors(page);
  // roles and privileged grants are the 安全管理员's (三员分立, docs/SECURITY.md §15)
  await signInAdmin(page, 'secadmin', '中共四川省委员会');
  const screen = new Screen(page);

  // 角色管理: a new role
  await screen.open('/setting/role');
  await screen.toolbar('新建角色');
  await screen.fill('角色编码', roleCode);
  await screen.fill('角色名称', roleName);
  await screen.submitForm();
  await screen.toast('操作成功');
  await page.getByTestId('filter-bar').getByLabel('关键字').fill(roleName);
  await page.getByTestId('filter-bar').getByRole('button', { name: /查\s*询/ }).click();
  await expect(screen.row(roleName)).toBeVisible();

  // 分配菜单: a new role holds nothing; tick two leaves, their parent is half-checked
  await screen.rowAction(roleName, '分配菜单');
  const dialog = page.getByRole('dialog', { name: '分配菜单' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.ant-tree-checkbox-checked')).toHaveCount(0);
  const node = (title: string) => dialog.locator('.ant-tree-treenode', { has: page.locator('.ant-tree-title > span', { hasText: new RegExp(`^${title}`) }) }).first();
  await node('代码表').locator('.ant-tree-checkbox').click();
  await node('项目管理').locator('.ant-tree-checkbox').click();
  await expect(node('设置').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await expect(node('代码表').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-checked/);
  await page.screenshot({ path: '/tmp/i18-admins-menus.png' });
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await screen.toast('菜单已保存，该角色的用户下次操作时生效');
  await expect(dialog).toBeHidden();

  // opened again, the tree shows what was saved (searched again: other specs add roles meanwhile)
  await page.getByTestId('filter-bar').getByLabel('关键字').fill(roleName);
  await page.getByTestId('filter-bar').getByRole('button', { name: /查\s*询/ }).click();
  await screen.rowAction(roleName, '分配菜单');
  await expect(dialog.locator('.ant-tree-checkbox-checked')).toHaveCount(2);
  await expect(node('设置').locator('.ant-tree-checkbox')).toHaveClass(/ant-tree-checkbox-indeterminate/);
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  // 管理员: a new administrator of the province with that role
  await screen.open('/setting/admin');
  await screen.toolbar('新增管理员');
  await screen.fill('登录名', userName);
  await screen.fill('姓名', `测试${stamp}`);
  await screen.fill('初始密码', firstPassword);
  await screen.pickOrgan('管理组织', '中共四川省委员会');
  await screen.field('角色').locator('.ant-select-selector').click();
  // only roles he may grant are offered: never the member role
  await expect(page.locator('.ant-select-tree-node-content-wrapper[title="党员"]')).toHaveCount(0);
  await page.locator(`.ant-select-tree-node-content-wrapper[title="${roleName}"]`).click();
  await page.screenshot({ path: '/tmp/i18-admins-create.png' });
  await screen.submitForm();
  await screen.toast('操作成功');
  await page.getByTestId('filter-bar').getByLabel('关键字').fill(userName);
  await page.getByTestId('filter-bar').getByRole('button', { name: /查\s*询/ }).click();
  await expect(screen.row(userName)).toBeVisible();
  await expect(screen.row(userName)).toContainText(`${roleName}（中共四川省委员会）`);
  await page.screenshot({ path: '/tmp/i18-admins-list.png' });

  // 重置密码 keeps the dialog open on a weak password
  await screen.rowAction(userName, '重置密码');
  const reset = page.getByRole('dialog', { name: '重置密码' });
  await reset.locator('input[type="password"]').fill('weak');
  await reset.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-message').getByText('密码须为8至20位，且包含字母和数字')).toBeVisible();
  await expect(reset).toBeVisible();
  await reset.locator('input[type="password"]').fill(firstPassword);
  await reset.getByRole('button', { name: /确\s*定/ }).click();
  await screen.toast('密码已重置，该管理员下次登录时须修改密码');
  expect(errors).toEqual([]);

  // the new administrator signs in, changes the given password and sees exactly the two menus
  const context = await browser.newContext();
  const his = await context.newPage();
  await his.goto('/dj/login');
  await his.getByLabel('用户名').fill(userName);
  await his.getByLabel('密码').fill(firstPassword);
  await his.getByRole('button', { name: /登\s*录/ }).click();
  await expect(his).toHaveURL(/\/dj\/changepassword$/);
  await his.getByLabel('新密码', { exact: true }).fill('Changed2026xyz');
  await his.getByLabel('确认新密码').fill('Changed2026xyz');
  await his.getByRole('button', { name: '确定并登录' }).click();
  await expect(his).toHaveURL(/\/dj\/setting\/baseCode/);
  // the side menu: the two pages; the top menu: their parent only
  await expect(his.locator('.ant-layout-sider').getByRole('menuitem')).toHaveText(['代码表', '项目管理'], { timeout: 30_000 });
  await expect(his.getByRole('banner').getByRole('menu').first().getByRole('menuitem')).toHaveText(['设置']);
  await his.waitForLoadState('networkidle');
  await his.screenshot({ path: '/tmp/i18-admins-newadmin.png' });
  await context.close();
});
