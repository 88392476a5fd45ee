/**
 * 专题学习: a district administrator creates a topic and gives it a course over a
 * resource of the library; a member of the district finds it in 专题课程, opens it and plays the
 * course's video in the ordinary player, whose study report credits it.
 */
import { expect, test } from '@playwright/test';
import { playVideoToEnd, signIn, trackErrors, signOutHere } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

const DISTRICT = '中共成都市温江区委员会';
const stamp = () => `${Date.now() % 1_000_000}${Math.random().toString(36).slice(2, 5)}`;

test('专题学习: an administrator creates a topic with a course; a member opens it and plays its video', async ({ page }) => {
  test.setTimeout(150_000);
  const errors = trackErrors(page);
  const name = `乡村振兴专题${stamp()}`;

  await signInAdmin(page, 'districtadmin', DISTRICT);
  const s = new Screen(page);
  await s.open('/education/special');
  await s.toolbar('新建专题');
  await s.fill('专题名称', name);
  await s.submitForm();
  await s.toast('操作成功');
  await expect(s.row(name)).toBeVisible();

  // its detail: 课程 → 添加课程 with a video of the library
  await s.rowAction(name, '详情');
  await expect(page).toHaveURL(/\/special\/info\?id=\d+/);
  const courses = page.locator('[data-screen="special/courses"]');
  await expect(courses).toBeVisible({ timeout: 30_000 });
  await courses.getByRole('button', { name: '添加课程' }).click();
  const dialog = page.locator('.ant-modal:visible');
  await s.fill('课程名称', '第一课：乡村振兴战略');
  const picker = s.field('学习资源');
  await expect(async () => {
    await picker.locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: '微党课' }).first().click({ timeout: 5_000 });
    await expect(picker.locator('.ant-select-selection-item')).toContainText('微党课', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // close the dropdown without Escape (that would close the dialog)
  await dialog.locator('.ant-modal-title').click();
  await dialog.getByTestId('form-submit').click();
  await s.toast('操作成功');
  await expect(courses.locator('.ant-table-row', { hasText: '第一课：乡村振兴战略' })).toContainText('微党课');

  // a member of 温江区 (the branch administrator's own member record)
  await signOutHere(page);
  await signIn(page, 'branchadmin');
  await page.goto('/dj/partyMember/iStudy/subject');
  await expect(page.getByRole('heading', { name: '专题课程' })).toBeVisible();
  await expect(page.getByTestId('sum-special')).toHaveText(/^\d+$/);
  await page.getByTestId('subject-card').filter({ hasText: name }).first().click();
  await expect(page).toHaveURL(/subject\/info\?id=\d+/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const course = page.getByTestId('subject-course').filter({ hasText: '第一课：乡村振兴战略' });
  await course.getByTestId('resource-card').filter({ hasText: '微党课' }).click();

  // the party bookshelf's player: play, then the end of the clip reports at once
  await expect(page).toHaveURL(/partybook\/video\/info\?id=\d+/);
  const answer = { result: await playVideoToEnd(page) };
  expect(answer.result.studyState).toBe(1);
  expect(answer.result.credited).toBeGreaterThanOrEqual(2);

  // back on the topic the credit shows in its progress
  await page.goBack();
  await expect(page).toHaveURL(/subject\/info\?id=\d+/);
  await expect(page.getByRole('progressbar', { name: '专题学习进度' })).not.toHaveAttribute('aria-valuenow', '0');

  // 学习心得: written in the rich-text editor, kept by the server, shown again for editing
  await page.getByRole('button', { name: '写学习心得' }).click();
  await expect(page).toHaveURL(/subject\/info\/createReport\?id=\d+/);
  await page.getByLabel('心得标题').fill('乡村振兴学习体会');
  const editor = page.locator('.bf-content');
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await page.locator('.public-DraftEditor-content').click();
  await page.keyboard.type('学习乡村振兴战略，立足岗位作贡献。');
  await page.getByRole('button', { name: '提交心得' }).click();
  await expect(page.locator('.ant-message').getByText('学习心得已提交')).toBeVisible();
  await expect(page).toHaveURL(/subject\/info\?id=\d+/);
  await page.getByRole('button', { name: '写学习心得' }).click();
  await expect(page.getByLabel('心得标题')).toHaveValue('乡村振兴学习体会');
  await expect(page.getByRole('button', { name: '修改心得' })).toBeVisible();
  expect(errors).toEqual([]);
});
