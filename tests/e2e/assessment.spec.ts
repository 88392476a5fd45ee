/**
 * 考核设置 as its users see it: the 温江区 administrator sets this year's 学时 requirement
 * and his organisation's target on the configured screen, 学时核查 shows each member's requirement
 * and whether he meets it, and the member sees the requirement and his progress on 学习考核.
 * `member` is shared with study.spec.ts (which holds his playing session): here his pages are only
 * read, nothing is played.
 */
import { expect, test } from '@playwright/test';
import { platformToday, signIn, trackErrors } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

const WENJIANG = '中共成都市温江区委员会';
/** the platform's year (Asia/Shanghai), not the machine's */
const year = () => platformToday().slice(0, 4);

test('考核设置: the district sets the year\'s requirement; 学时核查 and the member\'s 学习考核 show it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const errors = trackErrors(page);
  await signInAdmin(page, 'districtadmin', WENJIANG);
  const s = new Screen(page);
  await s.open('/setting/assessment');
  await expect(page.getByRole('tab', { name: '党员学时要求' })).toHaveAttribute('aria-selected', 'true');

  await s.toolbar('设置本年度学时要求');
  const dialog = page.getByRole('dialog', { name: '新增党员学时要求' });
  await expect(dialog).toBeVisible();
  await s.submitForm();
  await expect(dialog.getByText('请输入线上学时年度达标最低学时')).toBeVisible();
  await s.fill('线上学时最低要求', '30');
  await s.fill('线下学时最低要求', '6');
  const saved = page.waitForResponse((r) => r.url().includes('/ExaminationService/SetUserExRuleForCurrentYear'));
  await s.submitForm();
  expect((await (await saved).json()).result).toMatchObject({ year: Number(year()), requiredHours: 36, organName: WENJIANG });
  await s.toast('设置成功');
  const row = s.row(WENJIANG);
  await expect(row).toContainText(year());
  await expect(row).toContainText('36');
  await expect(row).toContainText('本组织设置');
  await page.screenshot({ path: test.info().outputPath('assessment-user.png'), fullPage: true });

  await page.getByRole('tab', { name: '组织考核目标' }).click();
  await s.toolbar('设置本年度考核目标');
  await s.fill('党员学时达标率目标', '90');
  await s.submitForm();
  await s.toast('设置成功');
  await expect(s.row(WENJIANG)).toContainText('90');
  await page.screenshot({ path: test.info().outputPath('assessment-organ.png'), fullPage: true });

  // 学时核查: every member of the district has the requirement of the year
  await s.open('/education/offlinePeriod');
  await expect(page.getByRole('columnheader', { name: '应修学时' })).toBeVisible();
  const li = s.row('李明').first();
  await expect(li).toContainText('36');
  await expect(li).toContainText(/未达标|达标/);
  // above the list, the district against its organisation target of the year
  const summary = page.getByTestId('list-summary');
  await expect(summary).toContainText(`组织考核：${WENJIANG}`);
  await expect(summary.locator('[data-summary=year]')).toHaveText(year());
  await expect(summary.locator('[data-summary=targetSource]')).toHaveText('本组织设置');
  await expect(summary.locator('[data-summary=passRate]')).toHaveText('90%');
  await expect(summary.locator('[data-summary=actualPassRate]')).toHaveText(/^\d+(\.\d+)?%$/);
  await expect(summary.locator('[data-summary=progressText]')).toHaveText(/^(已达成|未达成)$/);
  await page.screenshot({ path: test.info().outputPath('assessment-period-check.png'), fullPage: true });
  expect(errors).toEqual([]);

  // the member (a context of his own; his pages only read)
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
  const mp = await context.newPage();
  const memberErrors = trackErrors(mp);
  await signIn(mp, 'member');
  await mp.goto('/dj/partyMember/iStudy/learningassess');
  const goal = mp.getByRole('region', { name: `${year()}年度学时要求` });
  await expect(goal).toBeVisible();
  await expect(goal).toContainText('应修 36.00 学时（线上 30.00、线下 6.00）');
  await expect(goal).toContainText(`要求由${WENJIANG}设置`);
  await expect(goal.getByRole('progressbar')).toBeVisible();
  await expect(goal).toContainText(/已达标|未达标/);
  await mp.screenshot({ path: test.info().outputPath('assessment-member.png'), fullPage: true });
  expect(memberErrors).toEqual([]);
  await context.close();
});
