/**
 * 党费 end to end: a new member of 凤凰社区 (newMember: the demo accounts are shared by every spec)
 * has no base until the branch (branchadmin, 党费管理 › 缴费基数) sets it in 元 — kept as fen; he
 * chooses this month on 党费缴纳 and pays: the page says plainly that no online payment is connected
 * and a double click pays once; the branch confirms the money received under 待确认; his month turns
 * 已缴. The month is the platform's this month, so the spec runs at any hour and again on one server.
 */
import { expect, test, type Page } from '@playwright/test';
import { go, newMember, platformToday, signIn, trackErrors } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';
import { describeFindings, seriousViolations } from './a11y';

const BRANCH = '柳城街道凤凰社区党支部';
const suffix = () => Math.random().toString(36).slice(2, 6);
const toast = (page: Page, text: string) => expect(page.locator('.ant-message').getByText(text).last()).toBeVisible();

test('党费: the branch sets a base, a member pays a month offline, the branch confirms it and the month is 已缴', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const errors = trackErrors(page);
  const who = await newMember(request, `党费测试${suffix()}`);
  const month = Number(platformToday().slice(5, 7));

  // the member first: no base yet, and the page says how payment works
  const memberContext = await browser.newContext({ locale: 'zh-CN' });
  const mp = await memberContext.newPage();
  const memberErrors = trackErrors(mp);
  await signIn(mp, who.userName);
  await go(mp, '/partyMember/iBranch/partyDues');
  await expect(mp.getByTestId('dues-offline-notice')).toContainText('尚未接入线上支付');
  await expect(mp.getByTestId('dues-no-base')).toBeVisible();

  // the branch sets his base: 在职, 4567.89 元 → 1%, 45.68 元 a month
  await signInAdmin(page, 'branchadmin', BRANCH);
  const s = new Screen(page);
  await s.open('/service/partyDues/base');
  await page.getByLabel('姓名').fill(who.name);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(s.row(who.name)).toBeVisible();
  await s.rowAction(who.name, '设置基数');
  const dialog = page.getByRole('dialog', { name: '设置缴费基数' });
  await dialog.getByLabel('党员类别').click();
  await page.locator('.ant-select-dropdown:visible').getByText('在职党员', { exact: true }).click();
  await dialog.getByLabel('税后月收入（在职、离退休党员填写）').fill('4567.89');
  // the dialog as the user sees it: the category list has closed (axe on its fade-out reads half-drawn options)
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  let found = await seriousViolations(page);
  expect(found, describeFindings(found)).toEqual([]);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '基数已设置');
  await expect(s.row(who.name)).toContainText('4567.89');
  await expect(s.row(who.name)).toContainText('45.68');

  // he pays this month; a double click pays once
  await mp.reload();
  await expect(mp.getByTestId('dues-monthly')).toHaveText('45.68 元');
  await mp.getByLabel(`选择${month}月`).check();
  await expect(mp.getByTestId('dues-total')).toHaveText('45.68');
  found = await seriousViolations(mp);
  expect(found, describeFindings(found)).toEqual([]);
  const pay = mp.getByRole('button', { name: /缴纳/ });
  await pay.dblclick();
  // nothing is registered before he confirms the months and the amount (a double click asks once)
  const ask = mp.locator('.ant-modal-confirm');
  await expect(ask).toHaveCount(1);
  await expect(ask).toContainText(`${month}月`);
  await expect(ask).toContainText('合计 45.68 元');
  await ask.getByRole('button', { name: /确\s*定/ }).click();
  await toast(mp, '缴费已登记，待支部确认收款');
  await expect(mp.getByTestId(`dues-month-${month}`)).toContainText('待确认');
  await expect(mp.locator('[data-testid^=dues-payment-]')).toHaveCount(1);
  await expect(mp.locator('[data-testid^=dues-payment-]')).toContainText('待支部确认收款');

  // the branch confirms the money received
  await s.open('/service/partyDues');
  await page.getByLabel('姓名').fill(who.name);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(s.row(who.name)).toContainText('45.68');
  await s.rowAction(who.name, '确认收款');
  await s.confirm('确认已收到该党员线下缴纳的党费？确认后记为已缴。');
  await toast(page, '已确认收款');
  await expect(s.row(who.name)).toHaveCount(0);

  // his month is 已缴
  await mp.reload();
  await expect(mp.getByTestId(`dues-month-${month}`)).toContainText('已缴');
  await expect(mp.locator('[data-testid^=dues-payment-]')).toContainText('已缴');
  expect(errors).toEqual([]);
  expect(memberErrors).toEqual([]);
  await memberContext.close();
});
