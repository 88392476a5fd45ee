/**
 * Through the engine: 组织管理's tree (lazy, beside the list) and 编辑 row
 * action, 菜单管理's 上级菜单 tree picker, and the RichText image button of 通知公告.
 */
import { expect, test } from '@playwright/test';
import { apiToken } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

const PROVINCE = '中共四川省委员会';
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('组织管理: the tree loads level by level, a node narrows the list, 编辑 renames and both show it', async ({ page, request }) => {
  const token = await apiToken(request, 'admin', true);
  const root = (await (await request.get('/api/services/app/OrganizationService/GetListByParentIdAsync', { headers: auth(token) })).json()).result[0];
  expect(root.organName).toBe(PROVINCE);
  const name = `端到端编辑组织${Date.now() % 1e6}`;
  const created = await request.post('/api/services/app/OrganizationService/CreateAsync', { headers: auth(token), data: { parentId: root.id, organName: name, organType: '1' } });
  expect(created.ok()).toBe(true);

  await signInAdmin(page, 'admin', PROVINCE);
  const s = new Screen(page);
  await s.open('/manager/organization');
  const tree = page.locator('[data-tree-panel]');
  const rootNode = tree.locator('.ant-tree-treenode', { hasText: PROVINCE }).first();
  await expect(rootNode).toBeVisible();
  // nothing below the root is loaded before it is expanded
  await expect(tree.getByText(name, { exact: true })).toHaveCount(0);
  const children = page.waitForResponse((r) => r.url().includes('GetChildOrgnizationByIdAsync') && r.url().includes(`id=${root.id}`));
  await rootNode.locator('.ant-tree-switcher').click();
  await children;
  await tree.getByText(name, { exact: true }).click();
  await expect(s.row(name)).toHaveCount(1);
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);

  await s.rowAction(name, '编辑');
  const dialog = page.getByRole('dialog', { name: '编辑党组织' });
  await expect(s.field('组织名称').locator('input')).toHaveValue(name);
  await s.fill('组织名称', `${name}改`);
  await s.submitForm();
  await s.toast('操作成功');
  await expect(dialog).toBeHidden();
  await expect(s.row(`${name}改`)).toHaveCount(1);
  await expect(tree.getByText(`${name}改`, { exact: true })).toBeVisible();
  await expect(tree.getByText(name, { exact: true })).toHaveCount(0);
});

test('菜单管理: 上级菜单 is a tree picker over the menus', async ({ page, request }) => {
  await signInAdmin(page, 'admin', PROVINCE);
  const s = new Screen(page);
  await s.open('/setting/menu');
  await s.toolbar('新建菜单');
  const name = `端到端菜单${Date.now() % 1e6}`;
  await s.fill('菜单名称', name);
  await s.field('类型').locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: '按钮权限' }).click();
  const picker = s.field('上级菜单');
  await expect(picker.locator('.ant-select')).toBeVisible();
  await picker.locator('.ant-select').click();
  await picker.locator('input').fill('菜单管理');
  await page.locator('.ant-select-tree-node-content-wrapper[title="菜单管理"]').click();
  await expect(picker.locator('.ant-select-selection-item')).toHaveText('菜单管理');
  await s.submitForm();
  await s.toast('操作成功');

  const token = await apiToken(request, 'admin', true);
  const tree = (await (await request.get('/api/services/app/MenuButtonService/List', { headers: auth(token) })).json()).result as any[];
  const find = (list: any[], pred: (m: any) => boolean): any => list.reduce((hit, m) => hit ?? (pred(m) ? m : find(m.children ?? [], pred)), null);
  const parent = find(tree, (m) => m.displayName === '菜单管理');
  expect(find(parent.children ?? [], (m) => m.displayName === name)).toMatchObject({ parentId: parent.id, type: 2 });
});

test('通知公告: 插入图片 uploads an image into 正文, and the detail shows it', async ({ page }) => {
  await signInAdmin(page, 'admin', PROVINCE);
  const s = new Screen(page);
  await s.open('/message/announce');
  await s.toolbar('发布通知公告');
  const title = `端到端图片公告${Date.now() % 1e6}`;
  await s.fill('标题', title);
  const editor = page.locator('[data-widget="RichText"]');
  const chooser = page.waitForEvent('filechooser');
  await editor.getByRole('button', { name: '插入图片' }).click();
  await (await chooser).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
  await s.toast('上传成功');
  await expect(editor.locator('.bf-content img')).toHaveCount(1);
  await s.submitForm();
  await s.toast('操作成功');

  await s.row(title).getByText(title).click();
  const img = page.locator('.dj-rich-text img');
  await expect(img).toHaveCount(1);
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth), { timeout: 20_000 }).toBe(1);
});
