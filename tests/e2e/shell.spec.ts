import { expect, test } from '@playwright/test';
import { go, memberRoutes, signIn, token, trackErrors } from './helpers';
import { signInAdmin } from './engine-helpers';

test('member signs in and lands on the member space', async ({ page }) => {
  const errors = trackErrors(page);
  await signIn(page, 'member');
  await expect(page).toHaveURL(/\/dj\/partyMember\/partySpace$/);
  await expect(page.getByRole('link', { name: '党员空间' }).first()).toBeVisible();
  await expect(page.getByText('通知公告').first()).toBeVisible();
  // one role only: no switch-to-administrator link
  await expect(page.getByTestId('switch-admin')).toHaveCount(0);
  // the bell's badge and the preview's unread dots agree: unread first, up to six
  const bell = page.getByTestId('message-bell');
  await expect(bell.locator('.ant-badge-count')).toBeVisible();
  const unread = Number(await bell.locator('.ant-badge-count').getAttribute('title'));
  expect(unread).toBeGreaterThan(0);
  await bell.click();
  const panel = page.getByTestId('message-panel');
  await expect(panel).toContainText(`未读 ${unread} 条`);
  await expect(panel.locator('.ant-badge-dot')).toHaveCount(Math.min(6, unread));
  expect(errors).toEqual([]);
});

test('admin lands in the member space, switches to administrator through the role dialog', async ({ page }) => {
  const errors = trackErrors(page);
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/dj\/partyMember\/partySpace$/);
  await page.getByTestId('switch-admin').click();
  const dialog = page.getByRole('dialog', { name: '切换管理组织' });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: /确\s*定/ });
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  await expect(confirm).toBeDisabled();
  await dialog.getByText('中共四川省委员会').click();
  await expect(confirm).toBeEnabled();
  await confirm.click();
  // first permitted menu of the province role, with a timestamp: every administrator lands on his 工作台
  await expect(page).toHaveURL(/\/dj\/workbench\?t=\d+$/);
  await expect(page.getByTestId('page-title')).toHaveText('工作台');
  // one product name on the login page, the member header and the admin header
  await expect(page.locator('header').filter({ hasText: '党员教育培训平台' })).toBeVisible();
  // the screen itself belongs to the engine (resolveScreen); the shell only has to route to it
  // the side menu is built from the role's menus; a submenu url is parent url + child url
  // a top menu with children opens its first submenu page
  await page.getByRole('menuitem', { name: '教育' }).click();
  await expect(page).toHaveURL(/\/dj\/education\/centralTraining$/);
  await page.getByRole('menuitem', { name: '考试管理' }).click();
  await expect(page).toHaveURL(/\/dj\/education\/exam$/);
  await expect(page.getByTestId('page-title')).toHaveText('考试管理');
  // a child route of 考试管理 (the screen exam/exam/create), titled by its screen
  await go(page, '/education/exam/exam/create');
  await expect(page.getByTestId('page-title')).toHaveText('考试管理 - 新建试卷');
  await expect(page.getByText('抱歉，您访问的页面不存在')).toHaveCount(0);
  // back to the member view with the default role
  await page.getByTestId('switch-member').click();
  await expect(page).toHaveURL(/\/dj\/partyMember\/partySpace$/);
  expect(errors).toEqual([]);
});

test('logout from /login?Area=510115 keeps the Area', async ({ page }) => {
  await signIn(page, 'branchadmin', { area: '510115' });
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/dj\/login\?Area=510115$/);
  await expect(page.getByTestId('platform-name')).toHaveText('温江区党员教育培训平台');
  expect(await token(page)).toBeUndefined();
});

test('a route without a session goes to /login', async ({ page }) => {
  await page.goto('/dj/partyMember/personal');
  await expect(page).toHaveURL(/\/dj\/login$/);
  await page.goto('/dj/');
  await expect(page).toHaveURL(/\/dj\/login$/);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await signIn(page, 'member');
  await page.goto('/dj/no/such/page');
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
});

test('a 401 from the server logs out and goes to /login', async ({ page, request }) => {
  await signIn(page, 'member');
  const t = await token(page);
  expect(t).toBeTruthy();
  const r = await request.post('/api/TokenAuth/Logout', { headers: { Authorization: `Bearer ${t}` }, data: {} });
  expect(r.ok()).toBeTruthy();
  // the next call the page makes (the profile) meets a 401: nothing but the 401 handler clears the session
  await go(page, '/partyMember/personal');
  await expect(page).toHaveURL(/\/dj\/login$/);
  expect(await token(page)).toBeUndefined();
  await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
});

test('every member route renders for member without an uncaught page error', async ({ page }) => {
  // seventy-odd routes: on a busy two-core machine one minute is not enough
  test.setTimeout(300_000);
  const errors = trackErrors(page);
  await signIn(page, 'member');
  const routes = memberRoutes();
  expect(routes.length).toBeGreaterThan(70);
  for (const route of routes) {
    await go(page, route);
    await expect(page, route).toHaveURL(new RegExp(`/dj${route}$`));
    await expect(page.locator('.dj-member__main').locator('.dj-card, .ant-card, .dj-banner, [data-testid=construction]').first(), route).toBeVisible();
    await expect(page.getByText('抱歉，您访问的页面不存在'), route).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});

test('on a narrow screen the admin side menu folds behind the header button and closes after a pick', async ({ page }) => {
  const errors = trackErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAdmin(page, 'admin', '中共四川省委员会');
  await go(page, '/manager/partyMember');
  await expect(page.getByTestId('page-title')).toHaveText('党员管理');
  const side = page.locator('.ant-layout-sider');
  await expect(side.getByRole('menuitem', { name: '单位管理' })).toBeHidden();
  const toggle = page.getByRole('banner').getByRole('button', { name: '侧边菜单' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await side.getByRole('menuitem', { name: '单位管理' }).click();
  await expect(page.getByTestId('page-title')).toHaveText('单位管理');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(side.getByRole('menuitem', { name: '单位管理' })).toBeHidden();
  expect(errors).toEqual([]);
});
