/**
 * The study loop's administrator screens, rendered by the schema engine: the province
 * administrator creates a video resource through MediaUpload (the upload result's id goes to the
 * server as fileId), finds it in 视频资源 and its info route, and a member finds and plays it on the
 * party bookshelf; 资源审核 audits a district's report with its player; 资源分类 shows the class tree
 * and adds a child class; 线下学时 shows 学时核查 and refuses a declaration on its auditInfo route.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { mediaTools } from '../../src/server/files/media-info';
import { PASSWORD, apiToken, platformToday, signIn, token, trackErrors } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

const PROVINCE = '中共四川省委员会';
const SAMPLE = 'public/samples/party-lesson.mp4';
const stamp = () => String(Date.now() % 1000000);
const hasFfmpeg = () => mediaTools().ffmpeg;


test('视频资源: a video created through MediaUpload is listed, has its info page and plays for a member on the bookshelf', async ({ page, browser, request }) => {
  test.setTimeout(200_000);
  const errors = trackErrors(page);
  const name = `端到端视频资源${stamp()}`;
  await signInAdmin(page, 'admin', PROVINCE);
  const s = new Screen(page);
  await s.open('/education/resourceLibrary/video');
  await expect(s.row('微党课：新时代党员的初心使命')).toBeVisible();

  await s.toolbar('新增视频');
  const modal = page.getByRole('dialog', { name: '新增视频资源' });
  await s.submitForm();
  await expect(modal.getByText('请输入资源名称')).toBeVisible();
  await expect(modal.getByText('请上传视频文件')).toBeVisible();
  await s.fill('资源名称', name);
  await s.field('资源分类').locator('.ant-select').click();
  await page.locator('.ant-select-tree-title', { hasText: '党史学习' }).click();
  await s.fill('关键词', '端到端,微课');
  const media = s.field('视频文件');
  await media.getByTestId('media-input').setInputFiles(SAMPLE);
  await expect(media.getByTestId('media-item')).toHaveAttribute('data-state', 'success', { timeout: 30_000 });
  await expect(media.getByTestId('media-item')).toContainText('时长 00:01:15');
  const created = page.waitForResponse((r) => r.url().includes('/ResourceLibaryService/CreateResourceLibary'));
  await s.submitForm();
  const body = (await (await created).json()).result;
  expect(body).toMatchObject({ name, resourceType: 1, durationSeconds: 75, resoursePeriod: 0.02 });
  expect(body.fileId).toBeTruthy();
  await s.toast('操作成功');
  const row = s.row(name);
  await expect(row).toBeVisible();
  await expect(row).toContainText('党史学习');
  await expect(row).toContainText('0.02');

  await s.rowAction(name, '详情');
  await expect(page).toHaveURL(/\/education\/resourceLibrary\/video\/video\/info\?id=\d+&num=1$/);
  const detail = page.getByTestId('detail');
  await expect(detail).toContainText(name);
  await expect(detail).toContainText('视频');
  await expect(detail).toContainText('中共四川省委员会');
  await expect(detail.locator('.dplayer')).toBeVisible();
  await page.getByTestId('back-bar').getByRole('button').click();
  await expect(page).toHaveURL(/\/education\/resourceLibrary\/video(\?num=1)?$/);
  expect(errors).toEqual([]);

  // a member of a 温江区 branch sees what the province published, and it plays. Not `member`: opening
  // a resource starts that account's one playing session, which study.spec.ts (running in parallel)
  // needs for itself — a second device would be refused, as it should be.
  const memberContext = await browser.newContext({ locale: 'zh-CN' });
  const member = await memberContext.newPage();
  const memberErrors = trackErrors(member);
  await signIn(member, 'branchadmin');
  await member.goto('/dj/partyMember/iStudy/partybook/video');
  const card = member.getByTestId('resource-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await card.click();
  await expect(member).toHaveURL(/partybook\/video\/info\?id=\d+/);
  await expect(member.getByTestId('period')).toHaveText(/学时 0\.00 \/ 0\.02/);
  const video = member.locator('.dplayer video');
  await expect(video).toHaveAttribute('src', /.+/);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBe(75);

  // once packaged to HLS in the background (ffmpeg is installed where the suite runs), the same
  // resource is served as an .m3u8 playlist and DPlayer plays it through hls.js (Media Source: a blob: src)
  if (hasFfmpeg()) {
    const id = Number(new URL(member.url()).searchParams.get('id'));
    const auth = { Authorization: `Bearer ${await token(member)}` };
    const playUrl = async () => (await (await request.get(`/api/services/app/ResourceLibaryService/GetResourceById?id=${id}`, { headers: auth })).json()).result.playUrl as string;
    await expect.poll(playUrl, { timeout: 120_000, intervals: [2000] }).toMatch(/\.m3u8$/);
    await member.reload();
    await expect(video).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBe(75);
  }
  expect(memberErrors).toEqual([]);
  await memberContext.close();
});

test('资源审核 shows a district report with its player and approves it; 资源分类 shows the tree and adds a child class', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = trackErrors(page);
  const name = `温江区上报资源${stamp()}`;
  const district = await apiToken(request, 'districtadmin', true);
  const auth = { Authorization: `Bearer ${district}` };
  const created = await request.post('/api/services/app/ResourceLibaryService/CreateResourceLibary', { headers: auth, data: { name, resourceType: 1, durationSeconds: 600 } });
  expect(created.status()).toBe(200);
  const rid = (await created.json()).result.id;
  expect((await request.post('/api/services/app/ResourceReportService/CreateResourceReport', { headers: auth, data: { resourceId: rid, remark: '区级精品，请审核' } })).status()).toBe(200);

  await signInAdmin(page, 'admin', PROVINCE);
  const s = new Screen(page);
  await s.open('/education/resource');
  await expect(page.getByRole('tab', { name: '待审核' })).toHaveAttribute('aria-selected', 'true');
  const row = s.row(name);
  await expect(row).toContainText('中共成都市温江区委员会');
  await expect(row).toContainText('区级精品，请审核');
  await expect(row).toContainText('视频');
  await s.rowAction(name, '审核');
  const panel = page.getByTestId('audit-panel');
  await expect(panel).toContainText(name);
  await expect(panel).toContainText('0.17');
  await panel.getByText('不通过').click();
  await page.getByTestId('audit-submit').click();
  await expect(panel.getByText('请输入备注')).toBeVisible();
  await panel.getByText('通过（采用到本组织资源库）').click();
  await page.getByTestId('audit-submit').click();
  await s.toast('操作成功');
  await expect(s.row(name)).toHaveCount(0);
  await page.getByRole('tab', { name: '已通过' }).click();
  await expect(s.row(name)).toContainText('已通过');
  // adopted: now in the province's own library
  await s.open('/education/resourceLibrary/video');
  await expect(s.row(name).filter({ hasText: '中共四川省委员会' })).toBeVisible();

  await s.open('/setting/resourceClass');
  // the library's rows name classes too (党史学习): only the class tree may be on the page
  await expect(page.locator('[data-screen="resourceClass"]')).toBeVisible();
  await expect(page.locator('[data-screen]:not([data-screen="resourceClass"])')).toHaveCount(0);
  for (const c of ['理想信念', '党章党规', '党史学习', '业务知识']) await expect(s.row(c)).toBeVisible();
  const child = `专题党课${stamp()}`;
  await s.rowAction('党史学习', '新增下级');
  await expect(s.field('上级分类')).toContainText('党史学习');
  await s.fill('分类名称', child);
  await s.submitForm();
  await s.toast('操作成功');
  await s.row('党史学习').locator('.ant-table-row-expand-icon').click();
  await expect(s.row(child)).toBeVisible();
  await s.rowAction(child, '删除');
  await s.confirm('确认删除该资源分类？');
  await s.toast('操作成功');
  await expect(s.row(child)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('线下学时: 学时核查 lists members with their hours, and a declaration is refused on its auditInfo route', async ({ page, request }) => {
  const errors = trackErrors(page);
  const title = `线下党课学习${stamp()}`;
  const member = await apiToken(request, 'member', false);
  const today = platformToday();
  const declared = await request.post('/api/services/app/OfflinePeriodService/CreateOfflineReport', { headers: { Authorization: `Bearer ${member}` }, data: { title, studyDate: today, hours: 2, content: '集中学习党章' } });
  expect(declared.status()).toBe(200);

  await signInAdmin(page, 'admin', PROVINCE);
  const s = new Screen(page);
  await s.open('/education/offlinePeriod');
  await expect(page.getByRole('tab', { name: '学时核查' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  // by name: members other specs add (the 200 of the import) come first in the list
  await page.getByTestId('filter-bar').getByLabel('姓名').fill('王建国');
  await page.getByTestId('filter-bar').getByRole('button', { name: /查\s*询/ }).click();
  await s.rowAction('王建国', '学时明细');
  const dialog = page.getByRole('dialog', { name: '学时明细' });
  await expect(dialog.getByRole('tab', { name: '线上学时' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('tab', { name: '待审核申报' }).click();
  await s.rowAction(title, '审核');
  await expect(page).toHaveURL(/\/education\/offlinePeriod\/auditInfo\?id=\d+/);
  await expect(page.getByTestId('detail')).toContainText(title);
  await expect(page.getByTestId('detail')).toContainText('集中学习党章');
  await page.getByRole('button', { name: /^不\s*通\s*过$/ }).click();
  const prompt = page.getByRole('dialog', { name: '不通过' });
  await prompt.getByRole('button', { name: /确\s*定/ }).click();
  await expect(prompt.getByText('请输入备注')).toBeVisible();
  await prompt.getByRole('textbox').fill('请补充佐证材料');
  await prompt.getByRole('button', { name: /确\s*定/ }).click();
  await s.toast('操作成功');
  await expect(page).toHaveURL(/\/education\/offlinePeriod(\?.*)?$/);
  await page.getByRole('tab', { name: '未通过申报' }).click();
  await expect(s.row(title)).toContainText('请补充佐证材料');
  await s.rowAction(title, '详情');
  await expect(page).toHaveURL(/\/education\/offlinePeriod\/info\?id=\d+/);
  await expect(page.getByTestId('detail')).toContainText('未通过');
  expect(errors).toEqual([]);
});
