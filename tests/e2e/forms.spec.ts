/**
 * Forms: an engine form filled by its labels (`<label for>` on every field; a click on a
 * label focuses its input), one request per submit however often the button is clicked, and Enter
 * in a date field submitting nothing — the member's declaration carries only what the member chose,
 * and 个人信息 (an antd <form>, where Enter would submit natively) saves only from its button.
 */
import { expect, test, type Request } from '@playwright/test';
import { platformToday, signIn, trackErrors } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

const PROVINCE = '中共四川省委员会';
const isCall = (r: Request, action: string) => r.method() === 'POST' && r.url().includes(`/api/services/app/${action}`);

test('an engine form is filled by its labels and saved once, however often 提交 is clicked', async ({ page }) => {
  const errors = trackErrors(page);
  await signInAdmin(page, 'admin', PROVINCE);
  const s = new Screen(page);
  await s.open('/message/teachPlan');
  await s.toolbar('新增计划');
  const title = `按标签填写的计划${Date.now() % 100000}`;
  // the form (the list's filter bar behind it has a 年度 too)
  const form = page.locator('.dj-entity-form');
  const name = form.getByLabel('计划名称');
  await expect(name).toBeVisible();
  // a click on the label focuses its input (the mouse on the label itself: Playwright's click would aim at the input)
  // measured once the dialog has stopped moving (a click measured mid-animation could hit the mask and close it)
  const label = form.locator('label', { hasText: /^年度$/ });
  let box = await label.boundingBox();
  await expect
    .poll(async () => {
      const now = await label.boundingBox();
      const still = !!now && JSON.stringify(now) === JSON.stringify(box);
      box = now;
      return still;
    }, { intervals: [150] })
    .toBe(true);
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await expect(form.getByLabel('年度')).toBeFocused();
  await name.fill(title);
  await form.getByLabel('年度').fill('2028');
  const creates: Request[] = [];
  page.on('request', (r) => isCall(r, 'TeachingPlanService/Create') && creates.push(r));
  await page.getByTestId('form-submit').dblclick();
  await s.toast('操作成功');
  await expect(s.row(title)).toBeVisible();
  expect(creates).toHaveLength(1);
  expect(creates[0].postDataJSON()).toMatchObject({ title, year: 2028 });
  expect(errors).toEqual([]);
});

test('Enter in the declaration date field submits nothing; the hours are the member’s own; one click, one declaration', async ({ page }) => {
  const errors = trackErrors(page);
  await signIn(page, 'member');
  const creates: Request[] = [];
  page.on('request', (r) => isCall(r, 'OfflinePeriodService/CreateOfflineReport') && creates.push(r));
  await page.goto('/dj/partyMember/iStudy/learningassess/studydeclaration');
  const title = `回车不提交${Date.now() % 100000}`;
  await page.getByLabel('学习内容').fill(title);
  const day = page.getByLabel('学习日期');
  await day.click();
  await day.fill(platformToday());
  await day.press('Enter');
  await expect(day).toHaveValue(platformToday()); // Enter confirmed the typed day
  await expect(page.getByLabel('学时')).toHaveValue(''); // no preset hours
  // the form stays: submitting now asks for the hours the member has not entered
  await page.getByRole('button', { name: '提交申报' }).click();
  await expect(page.getByText('请输入学时')).toBeVisible();
  expect(creates).toHaveLength(0);
  await page.getByLabel('学时').fill('1.5');
  await page.getByRole('button', { name: '提交申报' }).dblclick();
  await expect(page).toHaveURL(/studydeclaration\/list$/);
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('1.50');
  expect(creates).toHaveLength(1);
  expect(creates[0].postDataJSON()).toMatchObject({ title, studyDate: platformToday(), hours: 1.5 });
  expect(errors).toEqual([]);
});

test('Enter in a date field of 个人信息 (a real <form>) submits nothing; 保存 sends one update', async ({ page }) => {
  const errors = trackErrors(page);
  await signIn(page, 'teacher');
  const updates: Request[] = [];
  page.on('request', (r) => r.method() === 'PUT' && r.url().includes('/PartyMemberService/UpdatePartyMemberInfo') && updates.push(r));
  await page.goto('/dj/partyMember/personal');
  const form = page.getByTestId('personal-form');
  await form.getByRole('tab', { name: '基本信息' }).click();
  const birthday = form.getByLabel('出生日期');
  await expect(birthday).toBeVisible();
  await birthday.click();
  await birthday.press('Enter');
  await page.keyboard.press('Escape');
  // had Enter submitted the form, its update would have left before the one 保存 sends
  const saved = page.waitForResponse((r) => r.url().includes('/PartyMemberService/UpdatePartyMemberInfo'));
  await form.getByRole('button', { name: /保\s*存/ }).click();
  expect((await saved).status()).toBe(200);
  expect(updates).toHaveLength(1);
  expect(errors).toEqual([]);
});
