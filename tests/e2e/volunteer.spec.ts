/**
 * 志愿活动 and 村官 end to end. An organiser of 温江区 publishes an activity through the admin form with
 * times from the real clock in the platform zone (the start 20 minutes away, so sign-in — open from
 * 30 minutes before the start — is already open; the deadline between now and the start), a member
 * joins it on the member page, the organiser shows the sign-in code, the member signs in with it and
 * the organiser exports the participants: the .xlsx lists the member as 已签到. Then a member applies
 * to the village-official wall, the district approves it from 待我审核, the wall shows it and a like
 * toggles the count.
 *
 * Only instants are used (an activity created at 23:55 China time simply ends on the next day), titles
 * carry a random suffix, and nothing depends on other specs' data: the spec runs at any hour, beside
 * another spec, and again on the same server.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { DEFAULT_PLATFORM_TZ, zoneMinute } from '../../src/contract/platform-time';
import { readXlsxRows } from '../../src/server/xlsx/xlsx';
import { go, signIn, trackErrors } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

const DISTRICT = '中共成都市温江区委员会';
const MEMBER_NAME = '李明';
const suffix = () => Math.random().toString(36).slice(2, 8);
/** The platform's wall clock `ms` from now, 'YYYY-MM-DD HH:mm'. */
const wallClockIn = (ms: number) => zoneMinute(new Date(Date.now() + ms), DEFAULT_PLATFORM_TZ);
const MINUTE = 60_000;

async function memberPage(browser: Browser) {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  const errors = trackErrors(page);
  await signIn(page, 'member');
  return { page, errors, close: () => context.close() };
}

/** Types a time into a date-time picker of the entity form and confirms it. */
async function pickTime(page: Page, field: string, value: string) {
  const input = page.locator(`[data-field=${field}] input`);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

const toast = (page: Page, text: string) => expect(page.locator('.ant-message').getByText(text).last()).toBeVisible();
const confirm = async (page: Page, text: string) => {
  const dialog = page.locator('.ant-modal-confirm', { hasText: text });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
};

test('志愿活动: an organiser publishes, a member joins and signs in with the code, the export lists him as 已签到', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const errors = trackErrors(page);
  const title = `端到端志愿活动${suffix()}`;
  await signInAdmin(page, 'districtadmin', DISTRICT);
  const s = new Screen(page);
  await s.open('/service/volunteer');

  // the organiser's form, in three steps
  await s.toolbar('发布活动');
  await expect(page.getByRole('dialog', { name: '新增志愿活动' })).toBeVisible();
  await page.getByTestId('form-next').click();
  await expect(page.getByText('请输入活动名称')).toBeVisible();
  await page.locator('[data-field=title] input').fill(title);
  await page.locator('[data-field=type] .ant-select').click();
  await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: '社区服务' }).click();
  await page.locator('[data-field=address] input').fill('温江区凤凰社区党群服务中心');
  await page.locator('[data-field=contacts] input').fill('陈晓燕');
  await page.locator('[data-field=contactsPhone] input').fill('028-82600000');
  await page.getByTestId('form-next').click();
  // from the real clock in the platform zone: the deadline ahead, the start 20 minutes away (sign-in opens 30
  // minutes before it: already open), the end in two hours — room enough for a slow machine
  const deadline = wallClockIn(15 * MINUTE);
  const start = wallClockIn(20 * MINUTE);
  const end = wallClockIn(120 * MINUTE);
  await pickTime(page, 'startTime', start);
  await pickTime(page, 'endTime', end);
  await pickTime(page, 'lastApplyTime', deadline);
  await page.locator('[data-field=needUserCount] input').fill('20');
  await page.locator('[data-field=publishMark] button[role=switch]').click();
  await page.getByTestId('form-next').click();
  await page.locator('[data-field=attention] textarea').fill('请提前10分钟到场签到。');
  const created = page.waitForResponse((r) => r.url().includes('/VolActivityService/Create'));
  await s.submitForm();
  expect((await (await created).json()).result).toMatchObject({ title, startTime: start, endTime: end, lastApplyTime: deadline, needUserCount: 20, publishMark: true });
  await s.toast('操作成功');
  await expect(s.row(title)).toContainText('社区服务');

  // a member of a branch below finds it, joins (asked first) and sees the sign-in box: sign-in is open
  const member = await memberPage(browser);
  await go(member.page, '/partyMember/iPractice/volunteer');
  const search = member.page.getByPlaceholder('搜索活动名称');
  await search.fill(title);
  await search.press('Enter');
  const card = member.page.getByTestId('vol-card').filter({ hasText: title });
  await expect(card).toContainText('未开始');
  await expect(card).toContainText('剩余名额 20');
  await card.click();
  await expect(member.page).toHaveURL(/\/partyMember\/iPractice\/volunteer\/info\?id=\d+/);
  await expect(member.page.getByTestId('vol-info')).toContainText('请提前10分钟到场签到。');
  await member.page.getByRole('button', { name: '我要报名' }).click();
  await confirm(member.page, '确认报名参加该志愿活动？');
  await toast(member.page, '报名成功');
  await expect(member.page.getByTestId('vol-places')).toContainText('已报名 1 人（剩余名额 19）');
  const codeBox = member.page.getByRole('textbox', { name: '签到码' });
  await expect(codeBox).toBeVisible();

  // the organiser shows the sign-in code
  await s.rowAction(title, '签到码');
  const result = page.getByTestId('call-result');
  await expect(result).toBeVisible();
  const code = (await result.locator('.dj-call-result__value').first().textContent())!.trim();
  expect(code).toMatch(/^\d{6}$/);
  await page.getByRole('dialog', { name: '签到码' }).locator('.ant-modal-close').click();
  await expect(result).toBeHidden();

  // a wrong code is refused with the server's message; the right one signs him in
  await codeBox.fill(code === '000000' ? '111111' : '000000');
  await member.page.getByRole('button', { name: /签\s*到/ }).click();
  await toast(member.page, '签到码错误');
  await codeBox.fill(code);
  await member.page.getByRole('button', { name: /签\s*到/ }).click();
  await toast(member.page, '签到成功');
  await expect(member.page.getByTestId('vol-signed')).toBeVisible();
  // and in 我的活动
  await member.page.getByTestId('back-bar').click();
  await member.page.getByRole('tab', { name: '我的活动' }).click();
  await expect(member.page.getByTestId('vol-card').filter({ hasText: title })).toContainText('已签到');
  expect(member.errors).toEqual([]);
  await member.close();

  // the organiser's detail lists him as signed in, and the export says so
  await s.rowAction(title, '详情');
  await expect(page).toHaveURL(/\/service\/volunteer\/info\?id=\d+/);
  await expect(page.getByTestId('detail')).toContainText(title);
  const participants = page.locator('[data-related="volunteer/list"]');
  await expect(participants.locator('tr.ant-table-row', { hasText: MEMBER_NAME })).toContainText('已签到');
  const downloading = page.waitForEvent('download');
  await participants.getByRole('button', { name: /导\s*出/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^参加人员.*\.xlsx$/);
  const rows = readXlsxRows(readFileSync((await download.path())!));
  expect(rows[0]).toEqual(['姓名', '所在组织', '手机号', '报名时间', '签到', '签到时间', '补签人']);
  const mine = rows.find((r) => r[0] === MEMBER_NAME);
  expect(mine?.[2]).toMatch(/^\d{3}\*{4}\d{4}$/);
  expect(mine?.[4]).toBe('已签到');
  expect(mine?.[5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  expect(errors).toEqual([]);
});

test('村官: a member applies, the district approves it from 待我审核, the wall shows it and a like toggles the count', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const village = `端到端社区${suffix()}`;
  const member = await memberPage(browser);
  const m = member.page;
  await go(m, '/partyMember/partySpace/villageOfficial/create');
  await m.getByRole('button', { name: '提交申请' }).click();
  await expect(m.getByText('请输入所在村（社区）')).toBeVisible();
  await m.locator('[data-field=villageName] input').fill(village);
  await m.locator('[data-field=post] .ant-select').click();
  await m.locator('.ant-select-dropdown .ant-select-item-option', { hasText: '村（社区）党组织书记' }).click();
  await m.locator('[data-field=startDate] input').fill('2020-03-01');
  await m.getByRole('heading', { name: '村官申请' }).click(); // closes the picker, keeps the typed day
  await m.locator('[data-field=introduction] textarea').fill('扎根社区多年，带领居民建设美丽家园。');
  await m.getByRole('button', { name: '提交申请' }).click();
  await toast(m, '申请已提交，请等待党组织审核');
  await expect(m).toHaveURL(/villageOfficial\/history$/);
  await expect(m.getByTestId('vo-apply').filter({ hasText: village })).toContainText('待审核');

  // the district administrator approves it from 待我审核
  const errors = trackErrors(page);
  await signInAdmin(page, 'districtadmin', DISTRICT);
  const s = new Screen(page);
  await s.open('/service/villageOfficial');
  await expect(page.getByRole('tab', { name: '待我审核' })).toHaveAttribute('aria-selected', 'true');
  await expect(s.row(village)).toContainText(MEMBER_NAME);
  await s.rowAction(village, '审核');
  const dialog = page.getByRole('dialog', { name: '审核' });
  await dialog.getByText('不通过').click();
  await page.getByTestId('transition-submit').click();
  await expect(dialog.getByText('请输入备注')).toBeVisible();
  await dialog.getByText('通过', { exact: true }).click();
  await page.getByTestId('transition-submit').click();
  await s.toast('操作成功');
  await expect(s.row(village)).toHaveCount(0);
  await page.getByRole('tab', { name: '全部' }).click();
  await expect(s.row(village)).toContainText('已通过');
  expect(errors).toEqual([]);

  // on the wall of the member's district: a like and an unlike
  await go(m, '/partyMember/partySpace/villageOfficial');
  const search = m.getByPlaceholder('搜索村（社区）名称');
  await search.fill(village);
  await search.press('Enter');
  const card = m.getByTestId('vo-card').filter({ hasText: village });
  await expect(card).toContainText(MEMBER_NAME);
  await expect(card).toContainText('村（社区）党组织书记');
  const like = card.getByTestId('vo-like');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(card.getByTestId('vo-like-count')).toHaveText('0');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('vo-like-count')).toHaveText('1');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(card.getByTestId('vo-like-count')).toHaveText('0');

  // the application's history: approved, with its timeline
  await go(m, '/partyMember/partySpace/villageOfficial/history');
  const item = m.getByTestId('vo-apply').filter({ hasText: village });
  await expect(item).toContainText('已通过');
  await item.click();
  const history = m.getByTestId('history');
  await expect(history).toContainText('提交');
  await expect(history).toContainText('审核');
  await expect(history).toContainText('已通过');
  expect(member.errors).toEqual([]);
  await member.close();
});
