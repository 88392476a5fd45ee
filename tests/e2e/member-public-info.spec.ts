/**
 * members' public information and forum end to end: the province publishes a 上级精神
 * article (through the API), `member` finds it 未读 in the list, reads it — the list then shows it
 * 已读 — and writes his 学习心得 on it in the rich-text editor; then he posts in the forum (rich
 * text), finds his post in the list, opens it, likes it and replies. Titles carry a random suffix, so
 * the spec runs beside others and again on the same server.
 */
import { expect, test } from '@playwright/test';
import { apiToken, go, signIn, trackErrors } from './helpers';

const suffix = () => Math.random().toString(36).slice(2, 8);
const toast = (page: import('@playwright/test').Page, text: string) => expect(page.locator('.ant-message').getByText(text).last()).toBeVisible();

async function typeRichText(page: import('@playwright/test').Page, text: string) {
  await expect(page.locator('.bf-content')).toBeVisible({ timeout: 20_000 });
  await page.locator('.public-DraftEditor-content').click();
  await page.keyboard.type(text);
}

test('a member reads a superior-spirit article, which turns read, and writes his study report', async ({ page, request }) => {
  const errors = trackErrors(page);
  const title = `端到端上级精神${suffix()}`;
  const admin = await apiToken(request, 'admin', true);
  const created = await request.post('/api/services/app/PartyPublicInfoService/SpiritCreate', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { title, source: '省委组织部', content: '<p>请各级党组织<strong>认真学习</strong>。</p>' },
  });
  expect(created.ok()).toBe(true);

  await signIn(page, 'member');
  await go(page, '/partyMember/iStudy/superSpirit');
  const row = page.getByTestId('info-row').filter({ hasText: title });
  await expect(row.getByTestId('info-read-state')).toHaveText('未读');
  await row.click();
  await expect(page).toHaveURL(/superSpirit\/info\?id=\d+/);
  const article = page.getByTestId('info-article');
  await expect(article.getByRole('heading', { name: title })).toBeVisible();
  await expect(article.locator('strong', { hasText: '认真学习' })).toBeVisible();

  await page.getByTestId('back-bar').click();
  await expect(page).toHaveURL(/superSpirit\?num=1$/);
  await expect(page.getByTestId('info-row').filter({ hasText: title }).getByTestId('info-read-state')).toHaveText('已读');

  // 学习心得 on it: written once, then shown on the article page
  await page.getByTestId('info-row').filter({ hasText: title }).click();
  await page.getByTestId('my-report').getByRole('button', { name: '写学习心得' }).click();
  await expect(page).toHaveURL(/superSpirit\/createReport\?id=\d+/);
  await page.getByLabel('心得标题').fill('学习体会');
  await typeRichText(page, '立足岗位，把精神落到实处。');
  await page.getByRole('button', { name: '提交心得' }).click();
  await toast(page, '学习心得已提交');
  await expect(page).toHaveURL(/superSpirit\/info\?id=\d+/);
  await expect(page.getByTestId('my-report')).toContainText('立足岗位，把精神落到实处。');
  await expect(page.getByTestId('my-report').getByRole('button', { name: '写学习心得' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a member posts in the forum, finds his post, likes it and replies', async ({ page }) => {
  const errors = trackErrors(page);
  const title = `端到端论坛帖${suffix()}`;
  await signIn(page, 'member');
  await go(page, '/partyMember/iStudy/forum');
  await page.getByRole('button', { name: '发布帖子' }).click();
  await expect(page).toHaveURL(/forum\/create$/);
  // the editor first: the page is whole once its lazy editor has loaded (a title typed earlier was
  // seen lost once on a busy machine)
  await typeRichText(page, '结合社区工作谈学习体会。');
  await page.getByLabel('标题').fill(title);
  await expect(page.getByLabel('标题')).toHaveValue(title);
  await page.getByRole('button', { name: '发 布' }).or(page.getByRole('button', { name: '发布', exact: true })).click();
  await toast(page, '发布成功');
  await expect(page).toHaveURL(/forum\/info\?id=\d+/);

  // the list shows it with its author
  await page.getByTestId('back-bar').click();
  const row = page.getByTestId('forum-row').filter({ hasText: title });
  await expect(row).toContainText('李明');
  await row.click();
  const post = page.getByTestId('forum-post');
  await expect(post).toContainText('结合社区工作谈学习体会。');

  // a like, counted once; then a reply
  const like = page.getByTestId('forum-like');
  await expect(like).toHaveText(/点赞\s*0/);
  await like.click();
  await expect(like).toHaveText(/已赞\s*1/);
  await page.getByLabel('回复内容').fill('自己顶一下，欢迎交流。');
  await page.getByRole('button', { name: /回\s*复/ }).click();
  await toast(page, '回复成功');
  await expect(page.getByTestId('forum-reply').filter({ hasText: '自己顶一下，欢迎交流。' })).toContainText('李明');
  await expect(page.getByRole('heading', { name: '全部回复（1）' })).toBeVisible();
  // the like stays after a reload
  await page.reload();
  await expect(page.getByTestId('forum-like')).toHaveText(/已赞\s*1/);
  expect(errors).toEqual([]);
});
