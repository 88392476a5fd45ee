/**
 * docs/adding-an-admin-service.md, followed literally: the two files of
 * tests/e2e/fixtures/walkthrough/ are put in place through EXTRA_SCHEMAS_DIR and EXTRA_SCREENS_DIR
 * of a server of its own, a menu is created and given to the province role through the real API
 * (MenuButtonService/Create + SetRoleMenu), and Chromium works the new service: list, create, edit,
 * audit and delete. No line of TypeScript belongs to 党课记录.
 */
import { expect, test } from '@playwright/test';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PASSWORD, trackErrors } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

const PORT = Number(
  execFileSync(process.execPath, ['-e', "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"]).toString(),
);
const BASE = `http://127.0.0.1:${PORT}`;
const FIXTURES = resolve('tests/e2e/fixtures/walkthrough');
let server: ChildProcess | null = null;
let dataDir = '';

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'dj-e2e-walk-'));
  server = spawn('npx', ['tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, EXTRA_SCHEMAS_DIR: join(FIXTURES, 'schemas'), EXTRA_SCREENS_DIR: join(FIXTURES, 'screens') },
    stdio: 'ignore',
    detached: true,
  });
  for (let i = 0; i < 170; i++) {
    try {
      const r = await fetch(`${BASE}/dj/login`);
      if (r.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('walk-through server did not start');
});

test.afterAll(() => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
  }
  if (dataDir.includes('dj-e2e-walk-')) rmSync(dataDir, { recursive: true, force: true });
});

test('step 3: the menu entry is created and given to the province role through the API', async ({ request }) => {
  const signIn = await request.post('/api/TokenAuth/Sigin', { data: { userName: 'admin', password: PASSWORD } });
  let token: string = (await signIn.json()).result.accessToken;
  const roles = (await (await request.get('/api/services/app/UserService/GetUserManageOrgan', { headers: { Authorization: `Bearer ${token}` } })).json()).result;
  const province = roles.find((r: { organName: string }) => r.organName === '中共四川省委员会');
  token = (await (await request.get(`/api/TokenAuth/UserChangeRole?roleId=${province.roleId}&organId=${province.organId}`, { headers: { Authorization: `Bearer ${token}` } })).json()).result.accessToken;
  const auth = { Authorization: `Bearer ${token}` };
  // before the menu: the service exists (from the files) but the role lacks its permission
  expect((await request.get('/api/services/app/PartyLessonService/PageList', { headers: auth })).status()).toBe(403);
  const menus = (await (await request.get('/api/services/app/MenuButtonService/List', { headers: auth })).json()).result as { id: number; displayName: string }[];
  const service = menus.find((m) => m.displayName === '服务')!;
  const created = await request.post('/api/services/app/MenuButtonService/Create', {
    headers: auth,
    data: { parentId: service.id, displayName: '党课记录', url: '/partyLesson', type: 6, tags: 'partyLesson', permissionName: 'Pages.PartyLesson', sort: 990, isEnabled: true },
  });
  expect(created.ok()).toBeTruthy();
  const menuId = (await created.json()).result.id as number;
  // a role's menus are the 安全管理员's to give (三员分立, docs/SECURITY.md §15)
  let sec: string = (await (await request.post('/api/TokenAuth/Sigin', { data: { userName: 'secadmin', password: PASSWORD } })).json()).result.accessToken;
  const secRole = (await (await request.get('/api/services/app/UserService/GetUserManageOrgan', { headers: { Authorization: `Bearer ${sec}` } })).json()).result[0];
  sec = (await (await request.get(`/api/TokenAuth/UserChangeRole?roleId=${secRole.roleId}&organId=${secRole.organId}`, { headers: { Authorization: `Bearer ${sec}` } })).json()).result?.accessToken ?? sec;
  const secAuth = { Authorization: `Bearer ${sec}` };
  const assigned = (await (await request.get(`/api/services/app/MenuButtonService/RoleMenusList?roleId=${province.roleId}`, { headers: secAuth })).json()).result.menuIds as number[];
  const set = await request.post('/api/services/app/MenuButtonService/SetRoleMenu', { headers: secAuth, data: { roleId: province.roleId, menuIds: [...assigned, menuId] } });
  expect(set.ok()).toBeTruthy();
});

test('steps 4 and 5: the province administrator works 党课记录 — list, create, edit, audit (refused: his own), delete', async ({ page }) => {
  const errors = trackErrors(page);
  await signInAdmin(page, 'admin', '中共四川省委员会');
  await page.getByRole('menuitem', { name: '服务' }).click();
  await page.getByRole('menuitem', { name: '党课记录' }).click();
  await expect(page).toHaveURL(/\/dj\/service\/partyLesson$/);
  const s = new Screen(page);
  await expect(page.locator('[data-screen="partyLesson"]')).toBeVisible();
  await expect(page.getByText('无数据', { exact: true })).toBeVisible();

  // create: the Formily form from the entity schema, with its required messages and linkage
  await s.toolbar('新增党课');
  await s.submitForm();
  await expect(page.getByText('请输入党课题目')).toBeVisible();
  await expect(page.getByText('请输入主讲人')).toBeVisible();
  await s.fill('党课题目', '学习贯彻全会精神专题党课');
  await s.fill('主讲人', '王建国');
  await s.field('授课日期').locator('input').click();
  await s.field('授课日期').locator('input').fill('2026-06-18');
  await s.field('授课日期').locator('input').press('Enter');
  await s.fill('参加人数', '36');
  await expect(s.field('直播地址')).toHaveCount(0);
  await s.field('线上授课').getByRole('switch').click();
  await s.fill('直播地址', 'https://live.example.cn/lesson/1');
  await s.submitForm();
  await s.toast('操作成功');
  await expect(s.row('学习贯彻全会精神专题党课')).toContainText('待审核');
  await expect(s.row('学习贯彻全会精神专题党课')).toContainText('2026-06-18');

  // edit
  await s.rowAction('学习贯彻全会精神专题党课', '编辑');
  await expect(s.field('主讲人').locator('input')).toHaveValue('王建国');
  await s.fill('参加人数', '42');
  await s.submitForm();
  await s.toast('操作成功');
  await expect(s.row('学习贯彻全会精神专题党课')).toContainText('42');

  // audit: the detail plus the decision — refused, for the record is his own (nobody decides his own
  // case, docs/SECURITY.md; the same audit by another administrator: tests/api/separation-of-duties.test.ts)
  await s.rowAction('学习贯彻全会精神专题党课', '审核');
  const panel = page.getByTestId('audit-panel');
  await expect(panel).toContainText('https://live.example.cn/lesson/1');
  await panel.getByText('通过', { exact: true }).click();
  await page.getByTestId('audit-submit').click();
  await s.toast('不能审核本人的党课');
  await page.keyboard.press('Escape');
  await expect(s.row('学习贯彻全会精神专题党课')).toContainText('待审核');

  // delete with its confirm prompt
  await s.rowAction('学习贯彻全会精神专题党课', '删除');
  await s.confirm('确认删除该党课记录？');
  await s.toast('操作成功');
  await expect(s.row('学习贯彻全会精神专题党课')).toHaveCount(0);
  expect(errors).toEqual([]);
});
