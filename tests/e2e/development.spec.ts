/**
 * 发展党员 end to end: the branch administrator of 凤凰社区 registers an applicant with back-dated
 * dates (the guards of 《发展党员工作细则》 count platform days), moves him through the five stages
 * with the stage dialogs — a 发展对象 date a day short of the year of observation is refused with
 * the rule's message on the field; the probation is extended by six months and 转正 waits for it — sees the stage timeline in the detail, and finds the new full
 * member in 党员管理. The applicant is made by the spec (a fresh name, identity card and phone),
 * so the spec can run again on the same server.
 */
import { expect, test, type Page } from '@playwright/test';
import { idCardOf, platformToday, trackErrors } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';
import { addToDay } from '../../src/contract/platform-time';

const BRANCH = '柳城街道凤凰社区党支部';

/** Types a day into a DatePicker of the open form or dialog, found by the field's title. */
async function pickDay(s: Screen, title: string, day: string) {
  const input = s.field(title).locator('input');
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

async function stepDialog(page: Page, label: string) {
  const dialog = page.getByRole('dialog', { name: label });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a branch administrator moves an applicant through the five stages and finds the member in 党员管理', async ({ page }) => {
  test.setTimeout(150_000);
  const errors = trackErrors(page);
  const seq = (Date.now() + process.pid * 7919) % 100_000_000;
  const name = `发展测试${String(seq).slice(-5)}`;
  const phone = `137${String(seq).padStart(8, '0')}`;
  // the whole path back-dated so that every interval is met and the last step falls a year before today
  const today = platformToday();
  const applied = addToDay(today, { years: -3, days: -60 });
  const talk = addToDay(applied, { days: 10 });
  const active = addToDay(applied, { days: 20 });
  const develop = addToDay(active, { years: 1 });
  const probation = addToDay(develop, { days: 40 });
  const full = addToDay(probation, { years: 1 });

  await signInAdmin(page, 'branchadmin', BRANCH);
  const s = new Screen(page);
  await s.open('/service/development');
  await expect(page.getByRole('tab', { name: '入党申请人' })).toHaveAttribute('aria-selected', 'true');

  // ---- 入党申请人 ----
  await s.toolbar('新增申请人');
  await expect(page).toHaveURL(/\/service\/development\/applicantCreate$/);
  await s.submitForm();
  await expect(page.getByText('请填写姓名')).toBeVisible();
  await s.fill('姓名', name);
  await s.field('性别').getByText('男', { exact: true }).click();
  await s.fill('身份证号', idCardOf(seq));
  await s.fill('手机号', phone);
  await pickDay(s, '申请入党日期', applied);
  await pickDay(s, '谈话日期', talk);
  await s.submitForm();
  await s.toast('操作成功');
  await expect(page).toHaveURL(/\/service\/development$/);
  await expect(s.row(name)).toContainText(applied);

  // 编辑: the phone comes masked and may go back unchanged (the stored number stays)
  await s.rowAction(name, '编辑');
  await expect(s.field('手机号').locator('input')).toHaveValue(`${phone.slice(0, 3)}****${phone.slice(7)}`);
  await s.fill('工作单位及职务', '凤凰社区居委会');
  await s.submitForm();
  await s.toast('操作成功');

  // ---- 入党积极分子 ----
  await s.rowAction(name, '确定为积极分子');
  let dialog = await stepDialog(page, '确定为积极分子');
  await expect(s.field('谈话日期').locator('input')).toHaveValue(talk);
  await dialog.getByTestId('transition-submit').click();
  await expect(dialog.getByText('请选择确定为入党积极分子日期')).toBeVisible();
  await pickDay(s, '确定为入党积极分子日期', active);
  await s.fill('培养联系人', '赵丽华、李明');
  await dialog.getByTestId('transition-submit').click();
  await s.toast('已确定为入党积极分子');
  await expect(s.row(name)).toHaveCount(0);

  // ---- 发展对象: a day short of the year of observation is refused, the day it is up accepted ----
  await page.getByRole('tab', { name: '入党积极分子' }).click();
  await expect(s.row(name)).toContainText(addToDay(active, { years: 1 }));
  await s.rowAction(name, '列为发展对象');
  dialog = await stepDialog(page, '列为发展对象');
  await pickDay(s, '列为发展对象日期', addToDay(develop, { days: -1 }));
  await dialog.getByTestId('transition-submit').click();
  await expect(dialog.getByText(/须经过一年以上培养教育和考察.*第十三条/)).toBeVisible();
  await pickDay(s, '列为发展对象日期', develop);
  await dialog.getByTestId('transition-submit').click();
  await s.toast('已列为发展对象');

  // ---- 预备党员 ----
  await page.getByRole('tab', { name: '发展对象' }).click();
  await s.rowAction(name, '接收为预备党员');
  dialog = await stepDialog(page, '接收为预备党员');
  await s.fill('入党介绍人', '赵丽华、李明');
  await pickDay(s, '政治审查日期', addToDay(develop, { days: 10 }));
  await pickDay(s, '集中培训结业日期', addToDay(develop, { days: 15 }));
  await pickDay(s, '公示日期', addToDay(develop, { days: 20 }));
  await pickDay(s, '接收为预备党员日期', probation);
  await dialog.getByTestId('transition-submit').click();
  await s.toast('已接收为预备党员');

  // ---- 延长预备期: six months, decided when the year is up (细则第三十条) ----
  await page.getByRole('tab', { name: '预备党员' }).click();
  await expect(s.row(name)).toContainText(full);
  await s.rowAction(name, '延长预备期');
  dialog = await stepDialog(page, '延长预备期');
  await pickDay(s, '延长预备期日期', full);
  await s.fill('延长期限（月）', '6');
  await s.fill('延长原因', '需要继续考察和教育');
  await dialog.getByTestId('transition-submit').click();
  await s.toast('已延长预备期');
  const extendedEnd = addToDay(full, { months: 6 });
  await expect(s.row(name)).toContainText(extendedEnd);
  await expect(s.row(name).getByRole('button', { name: '延长预备期' })).toHaveCount(0);

  // ---- 正式党员: at the end of the first year refused, at the end of the extension accepted ----
  await s.rowAction(name, '转为正式党员');
  dialog = await stepDialog(page, '转为正式党员');
  await pickDay(s, '转正日期', full);
  await dialog.getByTestId('transition-submit').click();
  await expect(dialog.getByText(/预备期已延长6个月.*第三十条/)).toBeVisible();
  await pickDay(s, '转正日期', extendedEnd);
  await dialog.getByTestId('transition-submit').click();
  await s.toast('已转为正式党员，党员档案已建立');
  await page.getByRole('tab', { name: '正式党员' }).click();
  await expect(s.row(name)).toContainText(extendedEnd);

  // the detail: every stage's dates and the timeline of the five stages
  await s.rowAction(name, '详情');
  const detail = page.getByTestId('detail');
  await expect(detail).toContainText(probation);
  await expect(detail).toContainText('赵丽华、李明');
  await expect(detail).toContainText('需要继续考察和教育');
  const steps = detail.getByTestId('timeline-item');
  await expect(steps).toHaveCount(6);
  await expect(steps.nth(4)).toContainText('延长预备期');
  await expect(steps.nth(5)).toContainText('转为正式党员');

  // ---- 党员管理: the new full member of the branch ----
  await s.open('/manager/partyMember');
  await page.getByPlaceholder('请输入姓名').fill(name);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(s.row(name)).toBeVisible();
  await expect(s.row(name)).toContainText('正式党员');
  expect(errors).toEqual([]);
});
