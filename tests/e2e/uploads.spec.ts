/**
 * Uploads in Chromium against a real server: a generated 25 MB video through MediaUpload
 * (paused, resumed, success), an oversize image refused with 请上传小于5M的图片, a document and an image
 * uploaded and shown read-only, and an image uploaded in the rich-text editor found in its HTML.
 *
 * The widgets are mounted by configuration, not by a test route: this spec starts its own server with
 * the fixture entity and screen of fixtures/uploads (EXTRA_SCHEMAS_DIR / EXTRA_SCREENS_DIR) and gives
 * the province administrator a menu for it through the API, as docs/adding-an-admin-service.md says.
 */
import { expect, test, type Page } from '@playwright/test';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PASSWORD, trackErrors } from './helpers';

const PROVINCE = '中共四川省委员会';
const PORT = execFileSync(process.execPath, ['-e', "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"]).toString();
const BASE = `http://127.0.0.1:${PORT}`;
const FIXTURES = join(process.cwd(), 'tests/e2e/fixtures/uploads');

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let server: ChildProcess | null = null;
let dataDir = '';
let work = '';

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = (await res.json()) as { success: boolean; result: T; error?: { message: string } };
  if (!env.success) throw new Error(`${method} ${path}: ${env.error?.message}`);
  return env.result;
}

type MenuNode = { id: number; tags?: string | null; url?: string; children?: MenuNode[] };
const findMenu = (nodes: MenuNode[], tag: string): MenuNode | undefined => {
  for (const n of nodes) {
    if (n.tags === tag) return n;
    const hit = findMenu(n.children ?? [], tag);
    if (hit) return hit;
  }
};

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(join(tmpdir(), 'dj-e2e-uploads-'));
  work = mkdtempSync(join(tmpdir(), 'dj-e2e-upload-files-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT, HOST: '127.0.0.1', DATA_DIR: dataDir, EXTRA_SCHEMAS_DIR: join(FIXTURES, 'schemas'), EXTRA_SCREENS_DIR: join(FIXTURES, 'screens') },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  server.stderr!.on('data', (d) => (stderr += String(d)));
  for (let i = 0; ; i++) {
    const up = await fetch(`${BASE}/dj/login`).then((r) => r.ok, () => false);
    if (up) break;
    if (i > 900 || server.exitCode !== null) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // a menu for the fixture screen under 消息 (message), given to the province administrator role
  const signedIn = await call<{ accessToken: string }>('POST', '/api/TokenAuth/Sigin', { userName: 'admin', password: PASSWORD });
  const organs = await call<{ roleId: number; organId: number; organName: string }[]>('GET', '/api/services/app/UserService/GetUserManageOrgan', undefined, signedIn.accessToken);
  const { roleId, organId } = organs.find((o) => o.organName === PROVINCE)!;
  const changed = await call<{ accessToken?: string }>('GET', `/api/TokenAuth/UserChangeRole?roleId=${roleId}&organId=${organId}`, undefined, signedIn.accessToken);
  const accessToken = changed.accessToken ?? signedIn.accessToken;
  // a role's menus are the 安全管理员's to read and give (三员分立, docs/SECURITY.md §15)
  const sec = await call<{ accessToken: string }>('POST', '/api/TokenAuth/Sigin', { userName: 'secadmin', password: PASSWORD });
  const secOrgan = (await call<{ roleId: number; organId: number }[]>('GET', '/api/services/app/UserService/GetUserManageOrgan', undefined, sec.accessToken))[0];
  const secToken = (await call<{ accessToken?: string }>('GET', `/api/TokenAuth/UserChangeRole?roleId=${secOrgan.roleId}&organId=${secOrgan.organId}`, undefined, sec.accessToken)).accessToken ?? sec.accessToken;
  const role = await call<{ menuIds: number[]; items: MenuNode[] }>('GET', `/api/services/app/MenuButtonService/RoleMenusList?roleId=${roleId}`, undefined, secToken);
  const parent = findMenu(role.items, 'message')!;
  const menu = await call<{ id: number }>('POST', '/api/services/app/MenuButtonService/Create', {
    parentId: parent.id, displayName: '上传示例', url: '/uploadDemo', type: 6, tags: 'uploadDemo', permissionName: 'Pages.UploadDemo', sort: 999, isEnabled: true,
  }, accessToken);
  await call('POST', '/api/services/app/MenuButtonService/SetRoleMenu', { roleId, menuIds: [...role.menuIds, menu.id] }, secToken);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
  }
  for (const d of [dataDir, work]) if (d) rmSync(d, { recursive: true, force: true });
});

async function openForm(page: Page) {
  await page.goto('/dj/login');
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.waitForLoadState('networkidle');
  await page.getByTestId('switch-admin').click();
  const dialog = page.getByRole('dialog', { name: '切换管理组织' });
  await dialog.getByText(PROVINCE, { exact: true }).click();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toBeHidden();
  await page.evaluate(() => {
    window.history.pushState({}, '', '/dj/message/uploadDemo');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.locator('[data-screen="uploadDemo"]')).toBeVisible();
  await page.getByRole('button', { name: '新增示例' }).click();
  const modal = page.getByRole('dialog', { name: '新增上传示例' });
  await expect(modal).toBeVisible();
  return modal;
}

const field = (scope: ReturnType<Page['locator']>, title: string) =>
  scope.locator('.ant-formily-item', { has: scope.page().locator('.ant-formily-item-label', { hasText: new RegExp(`^\\*?${title}[:：]?$`) }) });

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test('a 25 MB video through MediaUpload: paused, resumed, success; images and a document; shown read-only', async ({ page }) => {
  const errors = trackErrors(page);
  // a valid-enough MP4: a 20-byte ftyp box, then random bytes
  const video = join(work, '党课录像.mp4');
  const ftyp = Buffer.alloc(20);
  ftyp.writeUInt32BE(20, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isom', 16, 'latin1');
  writeFileSync(video, Buffer.concat([ftyp, randomBytes(25 * 1024 * 1024 - 20)]));

  // each chunk takes a while on its way, so the pause lands while uploading; `sent` lists the chunks
  // the server has answered (stored), not those merely passed on — on a busy machine the two differ
  const sent: number[] = [];
  await page.route('**/file/chunk', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await new Promise((r) => setTimeout(r, 1200));
    const m = /name="chunkNumber"\r\n\r\n(\d+)/.exec(route.request().postDataBuffer()?.subarray(0, 2000).toString('latin1') ?? '');
    const response = await route.fetch().catch(() => null);
    if (!response) return route.abort().catch(() => undefined);
    if (m && response.ok()) sent.push(Number(m[1]));
    await route.fulfill({ response }).catch(() => undefined);
  });

  const modal = await openForm(page);
  await field(modal, '标题').locator('input').fill('上传端到端');

  const media = field(modal, '视频');
  await media.getByTestId('media-input').setInputFiles(video);
  const item = media.getByTestId('media-item');
  await expect(item.getByTestId('media-state')).toHaveText('上传中', { timeout: 20_000 });
  await expect.poll(() => sent.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  await item.getByRole('button', { name: '暂停' }).click();
  await expect(item).toHaveAttribute('data-state', 'paused');
  await expect(item.getByTestId('media-state')).toHaveText('已暂停');
  await media.screenshot({ path: test.info().outputPath('media-paused.png') });
  const atPause = sent.length;
  await page.waitForTimeout(2500);
  expect(sent.length).toBeLessThanOrEqual(atPause + 1); // nothing more goes up while paused
  await expect(item.getByRole('button', { name: '继续' })).toBeVisible();
  await item.getByRole('button', { name: '继续' }).click();
  await expect(item.getByTestId('media-state')).toHaveText('上传成功', { timeout: 60_000 });
  await expect(item.getByRole('button', { name: '删除' })).toHaveCount(0); // no remove on success
  // the resumed upload asked which chunks the server holds and did not send chunk 1 again (the chunk
  // cut by the pause may arrive late through the test's delaying route, and then once more)
  expect([...new Set(sent)].sort()).toEqual([1, 2, 3]);
  expect(sent.filter((n) => n === 1)).toHaveLength(1);

  // images: an oversize one is refused, a small one goes up
  const big = join(work, 'big.png');
  writeFileSync(big, Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]));
  const images = field(modal, '图片');
  await images.locator('input[type=file]').setInputFiles(big);
  await expect(page.locator('.ant-message').getByText('请上传小于5M的图片')).toBeVisible();
  await expect(images.locator('.ant-upload-list-item')).toHaveCount(0);
  const gif = join(work, 'a.gif');
  writeFileSync(gif, PNG);
  await images.locator('input[type=file]').setInputFiles(gif);
  await expect(page.locator('.ant-message').getByText('请选择正确的图片格式')).toBeVisible();
  const small = join(work, '封面.png');
  writeFileSync(small, PNG);
  await images.locator('input[type=file]').setInputFiles(small);
  await expect(images.locator('.ant-upload-list-item-done')).toHaveCount(1);

  // a document (class 4): a wrong type is refused before sending; a PDF goes up
  const attach = field(modal, '附件');
  const exe = join(work, 'tool.exe');
  writeFileSync(exe, 'MZ');
  await attach.locator('input[type=file]').setInputFiles(exe);
  await expect(page.locator('.ant-message').getByText('文件格式错误')).toBeVisible();
  await expect(page.locator('.ant-message').getByText('文件格式错误')).toHaveCount(0); // the toast goes after 3 s
  // a PDF name with non-PDF bytes: the server refuses it, its message shows and the item is dropped
  const fake = join(work, 'fake.pdf');
  writeFileSync(fake, 'not a pdf at all');
  await attach.locator('input[type=file]').setInputFiles(fake);
  await expect(page.locator('.ant-message').getByText('文件格式错误')).toBeVisible();
  await expect(attach.getByTestId('file-item')).toHaveCount(0);
  const pdf = join(work, '学习材料.pdf');
  writeFileSync(pdf, PDF);
  await attach.locator('input[type=file]').setInputFiles(pdf);
  await expect(attach.getByTestId('file-item')).toHaveAttribute('data-status', 'finished');

  await modal.screenshot({ path: test.info().outputPath('form.png') });
  await modal.getByTestId('form-submit').click();
  await expect(page.locator('.ant-message').getByText('操作成功')).toBeVisible();
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '上传端到端' });
  await row.getByRole('button', { name: /^详\s*情$/ }).click();
  const detail = page.getByTestId('detail');
  await expect(detail.locator('[data-widget="MediaUpload"] video')).toHaveAttribute('src', /^\/file\/f\//);
  await expect(detail.locator('[data-widget="ImageUpload"] img')).toHaveAttribute('src', /^\/file\/f\//);
  await expect(detail.locator('[data-widget="FileUpload"]').getByRole('button')).toBeVisible();
  // the video plays from the file server
  await page.screenshot({ path: test.info().outputPath('detail.png'), fullPage: true });
  const src = await detail.locator('[data-widget="MediaUpload"] video').getAttribute('src');
  const head = await page.request.get(src!, { headers: { range: 'bytes=0-19' } });
  expect((await head.body()).subarray(4, 12).toString('latin1')).toBe('ftypisom');
  expect(errors).toEqual([]);
});

test('an image uploaded in the rich-text editor appears in its HTML', async ({ page }) => {
  const errors = trackErrors(page);
  const modal = await openForm(page);
  await field(modal, '标题').locator('input').fill('编辑器图片');
  const editor = field(modal, '正文');
  await expect(editor.locator('.bf-content')).toBeVisible({ timeout: 20_000 });
  await editor.locator('.public-DraftEditor-content').click();
  await page.keyboard.type('党课图片');
  // the toolbar's own 插入图片 button: a file chooser, no media library
  const img = join(work, '插图.png');
  writeFileSync(img, PNG);
  const chooser = page.waitForEvent('filechooser');
  await editor.getByRole('button', { name: '插入图片' }).click();
  await (await chooser).setFiles(img);
  await expect(page.locator('.ant-message').getByText('上传成功')).toBeVisible();
  await expect(editor.locator('.bf-content img')).toHaveAttribute('src', /^\/file\/f\//);
  await page.screenshot({ path: test.info().outputPath('editor.png') });
  await modal.getByTestId('form-submit').click();
  await expect(page.locator('.ant-message').getByText('操作成功')).toBeVisible();
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '编辑器图片' });
  await row.getByRole('button', { name: /^详\s*情$/ }).click();
  const html = page.getByTestId('detail').locator('.dj-rich-text');
  await expect(html).toContainText('党课图片');
  await expect(html.locator('img')).toHaveAttribute('src', /^\/file\/f\//);
  expect(errors).toEqual([]);
});
