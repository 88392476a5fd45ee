/**
 * 组织生活 end to end: the 凤凰社区 branch (branchadmin) holds a meeting — it creates it through the
 * admin form with times from the real clock in the platform zone (the start 10 minutes away, so the
 * sign-in, open from 30 minutes before the start, is already open), adds the demo member through the
 * member picker on 参会人员 and shows the sign-in code; the member finds it on 我与支部 · 组织生活 and
 * signs in with the code (a wrong one is refused first), and the branch's attendee list says 已签到.
 *
 * Only instants are used, the title carries a random suffix, and nothing depends on other specs'
 * data: the spec runs at any hour, beside another spec, and again on the same server.
 */
import { expect, test, type Browser } from '@playwright/test';
import { DEFAULT_PLATFORM_TZ, zoneMinute } from '../../src/contract/platform-time';
import { describeFindings, seriousViolations } from './a11y';
import { apiToken, go, signIn, trackErrors } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

const BRANCH = '柳城街道凤凰社区党支部';
const MEMBER_NAME = '李明';
const MINUTE = 60_000;
const suffix = () => Math.random().toString(36).slice(2, 8);
/** The platform's wall clock `ms` from now, 'YYYY-MM-DD HH:mm'. */
const wallClockIn = (ms: number) => zoneMinute(new Date(Date.now() + ms), DEFAULT_PLATFORM_TZ);

async function memberPage(browser: Browser) {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  const errors = trackErrors(page);
  await signIn(page, 'member');
  return { page, errors, close: () => context.close() };
}

test('组织生活: a branch holds a meeting with an attendee, the member signs in with the code from his page', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const errors = trackErrors(page);
  const title = `端到端支部党员大会${suffix()}`;
  await signInAdmin(page, 'branchadmin', BRANCH);
  const s = new Screen(page);
  await s.open('/service/partyMeetings');

  // the branch's form, in three steps
  await s.toolbar('召开会议');
  await expect(page.getByRole('dialog', { name: '新增组织生活会议' })).toBeVisible();
  await page.getByTestId('form-next').click();
  await expect(page.getByText('请输入会议主题')).toBeVisible();
  await page.locator('[data-field=title] input').fill(title);
  await page.locator('[data-field=meetingType] .ant-select').click();
  await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: '支部党员大会' }).click();
  const start = wallClockIn(10 * MINUTE);
  const end = wallClockIn(120 * MINUTE);
  for (const [field, value] of [['beginTime', start], ['endTime', end]] as const) {
    const input = page.locator(`[data-field=${field}] input`);
    await input.click();
    await input.fill(value);
    await input.press('Enter');
    await expect(input).toHaveValue(value);
  }
  await page.locator('[data-field=meetingAddress] input').fill('凤凰社区党群服务中心二楼会议室');
  await page.getByTestId('form-next').click();
  await page.locator('[data-field=hostName] input').fill('赵丽华');
  await page.locator('[data-field=agendaContents] textarea').fill('一、学习上级精神\n二、讨论本季度工作');
  await page.getByTestId('form-next').click();
  const created = page.waitForResponse((r) => r.url().includes('/PartyMeetingService/CreatePartyMeetingInfo'));
  await s.submitForm();
  expect((await (await created).json()).result).toMatchObject({ title, meetingType: 1, beginTime: start, endTime: end, meetingStatus: 0 });
  await s.toast('操作成功');
  await expect(s.row(title)).toContainText('未开始');

  // 参会人员: the demo member through the member picker
  await s.rowAction(title, '参会人员');
  await expect(page).toHaveURL(/\/service\/partyMeetings\/distributive\?id=\d+/);
  await page.getByRole('button', { name: '添加人员' }).click();
  const picker = page.locator('.ant-modal:visible', { hasText: '已选' });
  await picker.getByPlaceholder('请输入姓名').fill(MEMBER_NAME);
  await picker.getByRole('button', { name: /查\s*询/ }).click();
  await picker.locator('.ant-table-row', { hasText: MEMBER_NAME }).first().locator('input[type=checkbox]').check();
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await s.toast('添加成功');
  await expect(s.row(MEMBER_NAME)).toContainText('未签到');
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  const adminFindings = await seriousViolations(page);
  expect(adminFindings, describeFindings(adminFindings)).toEqual([]);

  // the sign-in code the branch shows
  await page.getByRole('button', { name: '返回列表' }).click();
  await expect(page).toHaveURL(/\/service\/partyMeetings(\?|$)/);
  await s.rowAction(title, '签到码');
  const result = page.getByTestId('call-result');
  await expect(result).toBeVisible();
  await expect(result.getByTestId('sign-code-qr')).toBeVisible();
  const code = (await result.locator('.dj-call-result__value').first().textContent())!.trim();
  expect(code).toMatch(/^\d{6}$/);
  await page.getByRole('dialog', { name: '签到码' }).locator('.ant-modal-close').click();
  await expect(result).toBeHidden();

  // the member finds it among his meetings and signs in: a wrong code first
  const member = await memberPage(browser);
  await go(member.page, '/partyMember/iBranch/organizationallife');
  const item = member.page.getByTestId('meeting-item').filter({ hasText: title });
  await expect(item).toContainText('未开始');
  await expect(item).toContainText('未签到');
  const listFindings = await seriousViolations(member.page);
  expect(listFindings, describeFindings(listFindings)).toEqual([]);
  await item.click();
  await expect(member.page).toHaveURL(/\/partyMember\/iBranch\/organizationallife\/info\?id=\d+/);
  await expect(member.page.getByTestId('meeting-info')).toContainText('学习上级精神');
  const infoFindings = await seriousViolations(member.page);
  expect(infoFindings, describeFindings(infoFindings)).toEqual([]);
  const codeBox = member.page.getByRole('textbox', { name: '签到码' });
  await codeBox.fill(code === '000000' ? '111111' : '000000');
  await member.page.getByRole('button', { name: /签\s*到/ }).click();
  await expect(member.page.locator('.ant-message').getByText('签到码错误').last()).toBeVisible();
  await codeBox.fill(code);
  await member.page.getByRole('button', { name: /签\s*到/ }).click();
  await expect(member.page.locator('.ant-message').getByText('签到成功').last()).toBeVisible();
  await expect(member.page.getByTestId('meeting-attendance')).toHaveText('已签到');
  expect(member.errors).toEqual([]);
  await member.close();

  // the branch's attendee list says so
  await s.rowAction(title, '参会人员');
  await expect(s.row(MEMBER_NAME)).toContainText('已签到');
  expect(errors).toEqual([]);
});

test('组织生活: a member asks for leave with a reason before the start, the branch approves it', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const title = `端到端党小组会${suffix()}`;
  // the meeting and its attendee through the API: the day after tomorrow in the platform zone
  const admin = await apiToken(request, 'branchadmin', true);
  const auth = { Authorization: `Bearer ${admin}` };
  const created = await request.post('/api/services/app/PartyMeetingService/CreatePartyMeetingInfo', {
    headers: auth,
    data: { title, meetingType: 3, beginTime: wallClockIn(2 * 24 * 60 * MINUTE), endTime: wallClockIn((2 * 24 * 60 + 60) * MINUTE), meetingAddress: '凤凰社区第二党小组活动室' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const id = (await created.json()).result.id as number;
  const found = await (await request.get('/api/services/app/PartyMemberService/SearchPageList', { headers: auth, params: { Name: MEMBER_NAME, MaxResultCount: 7 } })).json();
  const userId = found.result.items[0].userId as number;
  const added = await request.post('/api/services/app/PartyMeetingService/AddPartyMeetingUser', { headers: auth, data: { meetingId: id, userLists: [{ userId, name: MEMBER_NAME }] } });
  expect(added.ok(), await added.text()).toBeTruthy();

  // the member asks for leave: the reason is required
  const member = await memberPage(browser);
  await go(member.page, `/partyMember/iBranch/organizationallife/info?id=${id}`);
  await expect(member.page.getByTestId('meeting-info')).toContainText(title);
  await member.page.getByRole('button', { name: /请\s*假/ }).click();
  const dialog = member.page.getByRole('dialog', { name: '请假' });
  await expect(dialog.getByRole('button', { name: /提\s*交/ })).toBeDisabled();
  await dialog.getByLabel('请假事由').fill('当天在外地参加业务培训');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(member.page.locator('.ant-message').getByText('请假已提交，等待组织审批').last()).toBeVisible();
  await expect(member.page.getByTestId('meeting-attendance')).toHaveText('请假待审批');
  await expect(member.page.getByTestId('meeting-leave')).toContainText('当天在外地参加业务培训');

  // the branch approves it on 参会人员
  const errors = trackErrors(page);
  await signInAdmin(page, 'branchadmin', BRANCH);
  const s = new Screen(page);
  await s.open(`/service/partyMeetings/distributive?id=${id}`);
  await expect(s.row(MEMBER_NAME)).toContainText('请假待审批');
  await expect(s.row(MEMBER_NAME)).toContainText('当天在外地参加业务培训');
  await s.rowAction(MEMBER_NAME, '批准请假');
  await s.confirm('批准该党员的请假？');
  await s.toast('操作成功');
  await expect(s.row(MEMBER_NAME)).toContainText('已批准');

  await member.page.reload();
  await expect(member.page.getByTestId('meeting-attendance')).toHaveText('已请假');
  await expect(member.page.getByRole('button', { name: /请\s*假/ })).toHaveCount(0);
  expect(member.errors).toEqual([]);
  await member.close();
  expect(errors).toEqual([]);
});

test('组织生活: the branch replaces the sign-in code (更换签到码); the old QR code is refused, the new one signs in with one click', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const title = `端到端党课${suffix()}`;
  // the meeting and its attendee through the API: starting in 10 minutes, so the sign-in is open
  const admin = await apiToken(request, 'branchadmin', true);
  const auth = { Authorization: `Bearer ${admin}` };
  const created = await request.post('/api/services/app/PartyMeetingService/CreatePartyMeetingInfo', {
    headers: auth,
    data: { title, meetingType: 4, beginTime: wallClockIn(10 * MINUTE), endTime: wallClockIn(100 * MINUTE), meetingAddress: '凤凰社区党群服务中心' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const id = (await created.json()).result.id as number;
  const found = await (await request.get('/api/services/app/PartyMemberService/SearchPageList', { headers: auth, params: { Name: MEMBER_NAME, MaxResultCount: 7 } })).json();
  const added = await request.post('/api/services/app/PartyMeetingService/AddPartyMeetingUser', { headers: auth, data: { meetingId: id, userLists: [{ userId: found.result.items[0].userId, name: MEMBER_NAME }] } });
  expect(added.ok(), await added.text()).toBeTruthy();
  const codeNow = async () => (await (await request.get('/api/services/app/PartyMeetingService/GetMeetingSignCode', { headers: auth, params: { id } })).json()).result as { code: string; signUrl: string };
  const old = await codeNow();
  expect(old.signUrl).toContain('token=');
  expect(old.signUrl).not.toContain(old.code);

  // the branch replaces the code from the list, after a confirmation, and sees the new one with its QR code
  const errors = trackErrors(page);
  await signInAdmin(page, 'branchadmin', BRANCH);
  const s = new Screen(page);
  await s.open('/service/partyMeetings');
  await s.rowAction(title, '更换签到码');
  await s.confirm('更换后，原签到码和原签到二维码立即失效。确认更换？');
  const result = page.getByTestId('call-result');
  await expect(result).toBeVisible();
  await expect(result.getByTestId('sign-code-qr')).toBeVisible();
  const shown = (await result.locator('.dj-call-result__value').first().textContent())!.trim();
  expect(shown).toMatch(/^\d{6}$/);
  const fresh = await codeNow();
  expect(fresh.code).toBe(shown);

  // the member opens the old QR code's address: refused with the reason; the new one signs in with one click
  const member = await memberPage(browser);
  if (fresh.code !== old.code) {
    await go(member.page, old.signUrl);
    await member.page.getByRole('button', { name: '扫码签到' }).click();
    await expect(member.page.locator('.ant-message').getByText('签到码已更换，该二维码已失效，请扫描组织者出示的新二维码').last()).toBeVisible();
  }
  await go(member.page, fresh.signUrl);
  await expect(member.page.getByTestId('meeting-info')).toContainText(title);
  await member.page.getByRole('button', { name: '扫码签到' }).click();
  await expect(member.page.locator('.ant-message').getByText('签到成功').last()).toBeVisible();
  await expect(member.page.getByTestId('meeting-attendance')).toHaveText('已签到');
  await expect(member.page).not.toHaveURL(/token=/);
  expect(member.errors).toEqual([]);
  await member.close();
  expect(errors).toEqual([]);
});
