/**
 * 工作台 (issue 34): an administrator lands on it after 切换管理组织, follows a pending count to the
 * list that decides it, decides one there and finds the count dropped by one. The charts' pages
 * (工作台, 党员分析, 按月统计, 欠缴统计) have no serious or critical axe violation.
 *
 * It works in 郫都区 (district2admin), where no other spec declares study hours, so the count it
 * watches moves only by what it does; the declaring member is new, added to the district.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { describeFindings, seriousViolations } from './a11y';
import { apiToken, go, idCardOf, PASSWORD, platformToday, smsTexts, trackErrors } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';
import { calendarDay, DEFAULT_PLATFORM_TZ } from '../../src/contract/platform-time';

const PIDU = '中共成都市郫都区委员会';
const DECLARATIONS = 'OfflinePeriodService/GetAuditOffineReportPageList';
const APPLICATIONS = 'TrainClassService/ApplicationPageList';
const day = (offset: number) => calendarDay(new Date(Date.now() + offset * 86_400_000), DEFAULT_PLATFORM_TZ);

/** A member of 郫都区 who signs in with the demo password, and his token. */
async function piduMember(request: APIRequestContext, name: string) {
  const admin = await apiToken(request, 'district2admin', true);
  const auth = { Authorization: `Bearer ${admin}` };
  const organId = (await (await request.get('/api/services/app/UserService/GetUserManageOrgan', { headers: auth })).json()).result[0].organId;
  const seq = (Date.now() * 7 + process.pid) % 100_000_000;
  const phone = `137${String(seq).padStart(8, '0')}`;
  const created = await request.post('/api/services/app/PartyMemberService/SimpleCreate', { headers: auth, data: { name, organId, phoneNumber: phone, idCard: idCardOf(seq + 7, 2), sex: 2 } });
  expect(created.ok(), await created.text()).toBeTruthy();
  let initial: string | undefined;
  await expect(async () => {
    const text = (await smsTexts(phone)).reverse().find((t) => t.includes('初始密码'));
    initial = text ? /初始密码([^，,\s"]+)/.exec(text)?.[1] : undefined;
    expect(initial).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  const first = await request.post('/api/TokenAuth/Sigin', { data: { userName: phone, password: initial } });
  const bearer = (await first.json()).result.accessToken as string;
  expect((await request.post('/api/services/app/UserService/UpdateWeakPassword', { headers: { Authorization: `Bearer ${bearer}` }, data: { newPassword: PASSWORD } })).ok()).toBeTruthy();
  return bearer;
}

const pendingItem = (page: Page, call: string) => page.locator(`[data-pending="${call}"]`);
const pendingCount = async (page: Page, call: string) => Number(await pendingItem(page, call).getAttribute('data-count'));

async function axe(page: Page, name: string) {
  const found = await seriousViolations(page);
  expect(found, `${name}:\n${describeFindings(found)}`).toEqual([]);
}

test('the 工作台: land on it, follow 学时申报 to its list, decide one, the count drops', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = trackErrors(page);
  const title = `工作台端到端申报${Date.now() % 1_000_000}`;
  const member = await piduMember(request, '郫都工作台');
  const declared = await request.post('/api/services/app/OfflinePeriodService/CreateOfflineReport', { headers: { Authorization: `Bearer ${member}` }, data: { title, studyDate: platformToday(), hours: 1, content: '学习党章' } });
  expect(declared.status(), await declared.text()).toBe(200);

  await signInAdmin(page, 'district2admin', PIDU);
  // every administrator lands on his 工作台 (the first menu), with 切换管理组织's timestamp
  await expect(page).toHaveURL(/\/dj\/workbench\?t=\d+$/);
  await expect(page.getByTestId('page-title')).toHaveText('工作台');
  const item = pendingItem(page, DECLARATIONS);
  await expect(item).toBeVisible({ timeout: 30_000 });
  const before = await pendingCount(page, DECLARATIONS);
  expect(before).toBeGreaterThanOrEqual(1);
  await expect(item.getByRole('link')).toHaveAccessibleName(`学时申报：待办${before}件`);
  // figures and the trend are there, the chart with its text alternative
  await expect(page.locator('[data-figure="figures.memberCount"]')).toContainText('人');
  await expect(page.getByRole('img', { name: /^近12个月在线学时：/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '快捷入口' }).getByRole('link', { name: '党员管理' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await axe(page, 'workbench');

  await item.getByRole('link').click();
  await expect(page).toHaveURL(/\/dj\/education\/offlinePeriodAudit$/);
  const s = new Screen(page);
  await expect(page.getByRole('tab', { name: '待审核' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(before);
  await s.rowAction(title, '审核');
  const panel = page.getByTestId('audit-panel');
  await expect(panel).toContainText(title);
  await panel.getByText('通过', { exact: true }).click();
  await page.getByTestId('audit-submit').click();
  await s.toast('操作成功');

  await page.getByRole('menuitem', { name: '工作台' }).click();
  await expect(page).toHaveURL(/\/dj\/workbench$/);
  await expect(pendingItem(page, DECLARATIONS)).toHaveAttribute('data-count', String(before - 1));
  expect(errors).toEqual([]);
});

test('the chart pages: rings, lines and bars with their text alternatives, no serious axe violation', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = trackErrors(page);
  await signInAdmin(page, 'district2admin', PIDU);
  // 党员分析: 性别 and 党员类型 as rings, the rest as bars
  await go(page, '/manager/partyMember/analysis');
  await expect(page.locator('[data-group="sex"] [data-chart="ring"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-group="sex"]').getByRole('img', { name: /^党员人数（按性别）：男：\d+；女：\d+/ })).toBeVisible();
  await expect(page.locator('[data-group="sex"] [data-testid="chart-canvas"] svg')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await axe(page, 'party-member-analysis');
  // 志愿服务's 按月统计: a line
  await go(page, '/service/volunteer?tab=byMonth');
  await expect(page.locator('[data-chart="line"], .ant-empty').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await axe(page, 'volunteer-by-month');
  // 欠缴统计: bars
  await go(page, '/service/partyDues?tab=arrearsStatistics');
  await expect(page.locator('[data-chart="bar"], .ant-empty').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await axe(page, 'dues-arrears-statistics');
  expect(errors).toEqual([]);
});

test('the 工作台: follow 培训班报名 to 报名审核, approve another member\'s application, the count drops', async ({ page, request }) => {
  test.setTimeout(150_000);
  const errors = trackErrors(page);
  const stamp = `${Date.now() % 1_000_000}`;
  // a class of 郫都区 open for applications, and a new 郫都 member who applies to it
  const admin = await apiToken(request, 'district2admin', true);
  const className = `郫都工作台培训班${stamp}`;
  const made = await request.post('/api/services/app/TrainClassService/Create', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { className, applyStartTime: `${day(-1)} 00:00`, applyEndTime: `${day(3)} 18:00`, startTime: `${day(4)} 09:00`, endTime: `${day(6)} 17:00`, trainNumbers: 0, needAudit: true, status: 1, scopeList: [] },
  });
  expect(made.ok(), await made.text()).toBeTruthy();
  const classId = (await made.json()).result.id as number;
  const applicantName = `郫都报名${stamp}`;
  const member = await piduMember(request, applicantName);
  const applied = await request.post('/api/services/app/TrainClassService/Apply', { headers: { Authorization: `Bearer ${member}` }, data: { classId } });
  expect(applied.ok(), await applied.text()).toBeTruthy();

  await signInAdmin(page, 'district2admin', PIDU);
  await expect(page).toHaveURL(/\/dj\/workbench\?t=\d+$/);
  const item = pendingItem(page, APPLICATIONS);
  await expect(item).toBeVisible({ timeout: 30_000 });
  const before = await pendingCount(page, APPLICATIONS);
  expect(before).toBeGreaterThanOrEqual(1);
  await expect(item.getByRole('link')).toHaveAccessibleName(`培训班报名：待办${before}件`);
  await expect(page.locator('[data-figure="figures.studyPassRate"]')).toBeVisible();

  await item.getByRole('link').click();
  await expect(page).toHaveURL(/\/dj\/education\/trainClass\/applications$/);
  await expect(page.getByRole('tab', { name: '待审核' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(before);
  const row = page.locator('.ant-table-row', { hasText: applicantName });
  await expect(row).toContainText(className);
  await page.waitForLoadState('networkidle');
  await axe(page, 'train-class-applications');
  await row.getByRole('button', { name: /^审\s*核$/ }).click();
  const audit = page.locator('.ant-modal:visible', { hasText: '审核结果' });
  await audit.getByText('通过', { exact: true }).click();
  await audit.getByRole('button', { name: /提\s*交/ }).click();
  await new Screen(page).toast('操作成功');
  await expect(row).toHaveCount(0);

  await page.getByRole('menuitem', { name: '工作台' }).click();
  await expect(page).toHaveURL(/\/dj\/workbench$/);
  await expect(pendingItem(page, APPLICATIONS)).toHaveAttribute('data-count', String(before - 1));

  // 待阅卷, the other list counted now, reached from its count too
  const marking = pendingItem(page, 'ExamPaperService/MarkingPageList');
  await expect(marking).toBeVisible();
  await marking.getByRole('link').click();
  await expect(page).toHaveURL(/\/dj\/education\/exam\/marking$/);
  await expect(page.getByTestId('page-title')).toContainText('待阅卷');
  await page.waitForLoadState('networkidle');
  await axe(page, 'exam-marking');
  expect(errors).toEqual([]);
});
