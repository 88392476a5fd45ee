/**
 * 党员示范岗 end to end: a new member of 凤凰社区 (newMember: the spec runs again on the same server)
 * creates his 示范岗 on /iPractice/demoStration, finds it first on the district's cards marked 我的,
 * likes another member's card (the count goes up, and stays up after a reload), takes the like back,
 * and opens his own again to change it. And 民意收集: a new member sends an opinion, the branch
 * administrator answers it from 待答复, the member reads the answer.
 */
import { expect, test } from '@playwright/test';
import { go, newMember, signIn, trackErrors } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';
import { describeFindings, seriousViolations } from './a11y';

const P = '/partyMember/iPractice';
const suffix = () => Math.random().toString(36).slice(2, 6);

test('示范岗: a member creates his own, sees it first on the index and likes another’s once', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = trackErrors(page);
  const who = await newMember(request, '岗位党员');
  await signIn(page, who.userName);
  const title = `便民服务先锋岗${suffix()}`;

  await go(page, `${P}/demoStration`);
  await expect(page.getByRole('heading', { name: '创建示范岗' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('示范岗名称').fill(title);
  await page.getByLabel('岗位名称').fill('社区党群服务中心窗口');
  await page.getByLabel('承诺宣言').fill('亮身份、作表率：群众事务当日受理、限时办结。');
  await page.getByRole('button', { name: '创建示范岗' }).click();
  await expect(page.locator('.ant-message').getByText('创建成功')).toBeVisible();
  await expect(page).toHaveURL(/\/iPractice\/demoStrationIndex/);

  // mine leads the cards, marked 我的
  const cards = page.getByTestId('practice-card');
  await expect(cards.first()).toContainText(title);
  await expect(cards.first()).toContainText('我的');
  await expect(cards.first()).toContainText(who.name);
  const found = await seriousViolations(page);
  expect(found, describeFindings(found)).toEqual([]);

  // another member's card: one like, shown at once and kept by the server
  const other = page.locator('.dj-practice-card:not(.dj-practice-card--mine)').first();
  const name = (await other.locator('.dj-practice-card__title strong').innerText()).trim();
  const card = page.locator('.dj-practice-card:not(.dj-practice-card--mine)', { has: page.getByText(name, { exact: true }) }).first();
  const count = Number(await card.getByTestId('practice-like-count').innerText());
  await card.getByRole('button', { name: '点赞' }).click();
  await expect(card.getByRole('button', { name: '取消点赞' })).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('practice-like-count')).toHaveText(String(count + 1));
  await page.reload();
  await expect(card.getByTestId('practice-like-count')).toHaveText(String(count + 1), { timeout: 30_000 });
  await card.getByRole('button', { name: '取消点赞' }).click();
  await expect(card.getByTestId('practice-like-count')).toHaveText(String(count));

  // one per member: the create page now edits the one he has
  await cards.first().getByRole('button', { name: /修\s*改/ }).click();
  await expect(page.getByRole('heading', { name: '我的示范岗' })).toBeVisible();
  await expect(page.getByLabel('示范岗名称')).toHaveValue(title);
  expect(errors).toEqual([]);
});

test('民意收集: a member sends an opinion, the branch answers it from 待答复, the member reads the answer', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const errors = trackErrors(page);
  const who = await newMember(request, '民意党员');
  await signIn(page, who.userName);
  const title = `建议增设健身器材${suffix()}`;
  await go(page, '/partyMember/iBranch/opinion/create');
  await page.getByLabel('标题').fill(title);
  await page.locator('[data-field=category] .ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="民生服务"]').click();
  await page.getByLabel('内容').fill('小区广场的健身器材老化损坏，建议更换并增设儿童游乐设施。');
  await page.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('已提交，等待党组织答复')).toBeVisible({ timeout: 15_000 });

  const context = await browser.newContext({ locale: 'zh-CN' });
  const admin = await context.newPage();
  const adminErrors = trackErrors(admin);
  await signInAdmin(admin, 'branchadmin', '柳城街道凤凰社区党支部');
  const s = new Screen(admin);
  await s.open('/service/publicOpinion');
  await expect(admin.getByRole('tab', { name: '待答复' })).toHaveAttribute('aria-selected', 'true');
  await expect(s.row(title)).toContainText(who.name);
  await s.rowAction(title, '答复');
  const dialog = admin.getByRole('dialog', { name: '答复' });
  await dialog.getByTestId('transition-submit').click();
  await expect(dialog.getByText('请输入答复内容')).toBeVisible();
  await dialog.locator('textarea').fill('已报街道，本月内更换健身器材。');
  await dialog.getByTestId('transition-submit').click();
  await s.toast('答复成功');
  await expect(s.row(title)).toHaveCount(0);
  await context.close();
  expect(adminErrors).toEqual([]);

  await page.reload();
  await expect(page.getByTestId('opinion-answer')).toHaveText('已报街道，本月内更换健身器材。', { timeout: 30_000 });
  expect(errors).toEqual([]);
});
