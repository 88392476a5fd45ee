/**
 * 培训班 (the organiser's screens): the provincial administrator creates a class in the
 * browser (the form in three steps, its scope 成都市委), allocates places to 温江区 and 郫都区 on
 * 分配名额 and sees the total allocated; a change beyond what is left is refused with the server's
 * message. Its detail (info) lists the class, its scope and its students (an application audited,
 * a member added through the picker and removed); two courses are added on the detail, and the
 * first one's 签到码 shows its QR code.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiToken, trackErrors } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';
import { calendarDay, DEFAULT_PLATFORM_TZ } from '../../src/contract/platform-time';

const PROVINCE = '中共四川省委员会';
const CITY = '中共成都市委员会';
const WENJIANG = '中共成都市温江区委员会';
const PIDU = '中共成都市郫都区委员会';
const stamp = () => `${Date.now() % 1_000_000}${Math.random().toString(36).slice(2, 5)}`;
const day = (offset: number) => calendarDay(new Date(Date.now() + offset * 86_400_000), DEFAULT_PLATFORM_TZ);

/** Picks an organisation, level by level, in the cascader of a dialog. */
async function cascade(page: Page, dialog: Locator, path: string[]) {
  await expect(async () => {
    await dialog.locator('.ant-select-selector').first().click();
    for (const [i, name] of path.entries()) {
      const menu = page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu').nth(i);
      await menu.locator('.ant-cascader-menu-item', { hasText: name }).first().click({ timeout: 5_000 });
    }
    if (await page.locator('.ant-cascader-dropdown:visible').count()) await dialog.locator('.ant-modal-title').click();
    await expect(dialog.locator('.ant-select-selection-item').first()).toContainText(path[path.length - 1], { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Allocates places to an organisation (分配名额 on the toolbar). */
async function allocate(page: Page, path: string[], numbers: number) {
  await page.locator('.dj-table__toolbar').getByRole('button', { name: '分配名额' }).click();
  const dialog = page.locator('.ant-modal:visible', { hasText: '分配名额' });
  await cascade(page, dialog, path);
  await dialog.getByLabel('名额').fill(String(numbers));
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
}

test('培训班: the organiser creates a class, allocates places to two districts and sees the total; too many is refused', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = trackErrors(page);
  const name = `基层党务干部培训班${stamp()}`;

  await signInAdmin(page, 'admin', PROVINCE);
  const s = new Screen(page);
  await s.open('/education/trainClass');
  await s.toolbar('新建培训班');
  await expect(page).toHaveURL(/\/trainClass\/createTrainClass/);

  // step 1: 基本信息
  await s.fill('培训班名称', name);
  await s.fill('培训对象', '基层党组织书记');
  await s.fill('培训地点', '省委党校');
  await page.getByRole('button', { name: '下一步' }).click();
  // step 2: 报名与名额 (the end before the start, at first)
  await s.setTime('报名开始时间', `${day(0)} 00:00`);
  await s.setTime('报名截止时间', `${day(5)} 18:00`);
  await s.setTime('培训开始时间', `${day(6)} 09:00`);
  await s.setTime('培训结束时间', `${day(6)} 08:00`);
  await s.field('培训名额').locator('input').fill('100');
  await s.checkOrgan('培训范围', [PROVINCE], CITY);
  await page.getByRole('button', { name: '下一步' }).click();
  // the server's refusal lands on its field, the form back on its step
  await s.submitForm();
  await expect(s.field('培训结束时间')).toContainText('结束时间须晚于开始时间');
  await s.setTime('培训结束时间', `${day(8)} 17:00`);
  await page.getByRole('button', { name: '下一步' }).click();
  // step 3: 简介, then 提交
  await s.submitForm();
  await s.toast('操作成功');
  await expect(page).toHaveURL(/\/education\/trainClass(\?|$)/);
  const row = s.row(name);
  await expect(row).toBeVisible();
  await expect(row).toContainText('报名中');
  await expect(row).toContainText(PROVINCE);

  // its detail: the scope, and no students yet
  await s.rowAction(name, '查看');
  await expect(page).toHaveURL(/\/trainClass\/info\?id=\d+/);
  const detail = page.getByTestId('detail');
  await expect(detail).toContainText(name);
  await expect(detail).toContainText(CITY);
  await expect(page.locator('[data-screen="trainClass/students"]')).toContainText('暂无学员');
  // 编辑 on the detail opens the form filled with the class
  await page.locator('.dj-screen').getByRole('button', { name: /^编\s*辑$/ }).first().click();
  await expect(page).toHaveURL(/\/trainClass\/updateTrainClass\?id=\d+/);
  await expect(s.field('培训班名称').locator('input')).toHaveValue(name);
  await page.getByRole('button', { name: '返回列表' }).click();

  // 分配名额: 温江区 30 and 郫都区 40 of the 100
  await s.rowAction(name, '分配名额');
  await expect(page).toHaveURL(/\/trainClass\/distributive\?id=\d+/);
  const summary = page.getByTestId('list-summary');
  await expect(summary.locator('[data-summary=trainNumbers]')).toHaveText('100');
  await expect(summary.locator('[data-summary=allocatedTotal]')).toHaveText('0');
  await allocate(page, [PROVINCE, CITY, WENJIANG], 30);
  await s.toast('操作成功');
  await expect(s.row(WENJIANG)).toContainText('30');
  await allocate(page, [PROVINCE, CITY, PIDU], 40);
  await s.toast('操作成功');
  await expect(s.row(PIDU)).toContainText('40');
  await expect(summary.locator('[data-summary=allocatedTotal]')).toHaveText('70');

  // 温江区 to 80 would need 110 of the 100: the server's message, the dialog kept
  await s.rowAction(WENJIANG, '修改');
  const dialog = page.locator('.ant-modal:visible', { hasText: '修改名额' });
  await dialog.getByLabel('名额').fill('80');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-message').getByText(/分配名额超出可分配名额（剩余\d+）/).last()).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('名额').fill('50');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await s.toast('操作成功');
  await expect(s.row(WENJIANG)).toContainText('50');
  await expect(summary.locator('[data-summary=allocatedTotal]')).toHaveText('90');

  // 删除 郫都区's allocation
  await s.rowAction(PIDU, '删除');
  await s.confirm('确认删除该组织的名额分配？');
  await s.toast('操作成功');
  await expect(s.row(PIDU)).toHaveCount(0);
  await expect(summary.locator('[data-summary=allocatedTotal]')).toHaveText('50');
  expect(errors).toEqual([]);
});

test('培训班: the organiser adds two courses on the class’s detail', async ({ page, request }) => {
  test.setTimeout(150_000);
  const token = await apiToken(request, 'admin', true);
  const auth = { Authorization: `Bearer ${token}` };
  const errors = trackErrors(page);
  const name = `党史学习教育培训班${stamp()}`;
  const made = await request.post('/api/services/app/TrainClassService/Create', {
    headers: auth,
    data: { className: name, applyStartTime: `${day(0)} 00:00`, applyEndTime: `${day(3)} 18:00`, startTime: `${day(4)} 09:00`, endTime: `${day(6)} 17:00`, trainNumbers: 0, status: 1, scopeList: [] },
  });
  expect(made.ok(), await made.text()).toBeTruthy();
  const id = (await made.json()).result.id as number;

  await signInAdmin(page, 'admin', PROVINCE);
  const s = new Screen(page);
  await s.open(`/education/trainClass/info?id=${id}`);
  const courses = page.locator('[data-screen="trainClass/courses"]');
  await expect(courses).toBeVisible({ timeout: 30_000 });
  for (const [i, course] of ['第一课：党章学习', '第二课：党史专题'].entries()) {
    await courses.getByRole('button', { name: '新建课程' }).click();
    const dialog = page.locator('.ant-modal:visible');
    await s.fill('课程名称', course);
    await s.setTime('开始时间', `${day(4 + i)} 09:00`);
    await s.setTime('结束时间', `${day(4 + i)} 11:30`);
    await s.field('学时').locator('input').fill('2');
    await s.fill('上课地点', `省委党校${i + 1}号教室`);
    await dialog.getByTestId('form-submit').click();
    await s.toast('操作成功');
    await expect(courses.locator('.ant-table-row', { hasText: course })).toBeVisible();
  }
  await expect(courses.locator('.ant-table-row')).toHaveCount(2);
  await expect(courses.locator('.ant-table-row').first()).toContainText('线下');
  // 签到码: six digits and its QR code
  await courses.locator('.ant-table-row', { hasText: '第一课：党章学习' }).getByRole('button', { name: '签到码', exact: true }).click();
  const code = page.getByTestId('call-result');
  await expect(code).toContainText(/\d{6}/);
  await expect(code.getByTestId('sign-code-qr')).toBeVisible();
  expect(errors).toEqual([]);
});

test('培训班: the organiser audits an application, adds a member through the picker and removes him', async ({ page, request }) => {
  test.setTimeout(150_000);
  const errors = trackErrors(page);
  const token = await apiToken(request, 'admin', true);
  const name = `入党积极分子培训班${stamp()}`;
  const made = await request.post('/api/services/app/TrainClassService/Create', {
    headers: { Authorization: `Bearer ${token}` },
    data: { className: name, applyStartTime: `${day(-1)} 00:00`, applyEndTime: `${day(3)} 18:00`, startTime: `${day(4)} 09:00`, endTime: `${day(6)} 17:00`, trainNumbers: 0, needAudit: true, status: 1, scopeList: [] },
  });
  expect(made.ok(), await made.text()).toBeTruthy();
  const id = (await made.json()).result.id as number;
  // 李明 (the demo member) applies
  const member = await apiToken(request, 'member');
  const applied = await request.post('/api/services/app/TrainClassService/Apply', { headers: { Authorization: `Bearer ${member}` }, data: { classId: id } });
  expect(applied.ok(), await applied.text()).toBeTruthy();

  await signInAdmin(page, 'admin', PROVINCE);
  const s = new Screen(page);
  await s.open(`/education/trainClass/info?id=${id}`);
  const students = page.locator('[data-screen="trainClass/students"]');
  const applicant = students.locator('.ant-table-row', { hasText: '李明' });
  await expect(applicant).toContainText('待审核');
  await expect(applicant).toContainText('自主报名');

  // 审核 → 不通过 needs the reason
  await applicant.getByRole('button', { name: /^审\s*核$/ }).click();
  const audit = page.locator('.ant-modal:visible', { hasText: '审核结果' });
  await audit.getByText('不通过', { exact: true }).click();
  await audit.getByRole('button', { name: /提\s*交/ }).click();
  await expect(audit).toContainText('请输入不通过的原因');
  await audit.locator('textarea').fill('本期名额优先安排村（社区）书记');
  await audit.getByRole('button', { name: /提\s*交/ }).click();
  await s.toast('操作成功');
  await expect(applicant).toContainText('未通过');
  await expect(applicant).toContainText('本期名额优先安排村（社区）书记');
  await expect(applicant.getByRole('button', { name: /^审\s*核$/ })).toHaveCount(0);

  // 添加学员: 何林 through the member picker
  await students.getByRole('button', { name: '添加学员' }).click();
  const picker = page.locator('.ant-modal:visible', { hasText: '已选' });
  await picker.getByPlaceholder('请输入姓名').fill('何林');
  await picker.getByRole('button', { name: /查\s*询/ }).click();
  await picker.locator('.ant-table-row', { hasText: '何林' }).first().locator('input[type=checkbox]').check();
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await s.toast('添加成功');
  const added = students.locator('.ant-table-row', { hasText: '何林' });
  await expect(added).toContainText('已通过');
  await expect(added).toContainText('管理员添加');

  // 移出
  await added.getByRole('button', { name: /^移\s*出$/ }).click();
  await s.confirm('确认将该学员移出培训班？');
  await s.toast('操作成功');
  await expect(added).not.toContainText('已通过');
  expect(errors).toEqual([]);
});
