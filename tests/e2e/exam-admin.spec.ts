/**
 * 考试管理: the district administrator composes a random paper from the demo bank for the
 * demo branch, finds it in the list, reads its 成绩统计 (numbers and chart) and 参考人员 (the branch's
 * members); and composes an ordinary paper of two picked questions, whose total follows the scores.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiToken, trackErrors } from './helpers';
import { describeFindings, seriousViolations } from './a11y';
import { Screen, signInAdmin } from './engine-helpers';
import { calendarDay, DEFAULT_PLATFORM_TZ } from '../../src/contract/platform-time';

const DISTRICT = '中共成都市温江区委员会';
const STREET = '中共温江区柳城街道工作委员会';
const BRANCH = '柳城街道凤凰社区党支部';
const BANK = '党章党规与党史知识题库';
const stamp = () => `${Date.now() % 1_000_000}${Math.random().toString(36).slice(2, 5)}`;
const day = (offset: number) => calendarDay(new Date(Date.now() + offset * 86_400_000), DEFAULT_PLATFORM_TZ);

async function chooseOption(page: Page, label: string, option: string) {
  await page.locator(`.ant-select[aria-label="${label}"] .ant-select-selector`).click();
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`).click();
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
}

test('考试管理: a random paper for the demo branch, its statistics and members', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = trackErrors(page);
  const name = `随机试卷${stamp()}`;
  await signInAdmin(page, 'districtadmin', DISTRICT);
  const s = new Screen(page);
  await s.open('/education/exam');
  await s.toolbar('新建随机试卷');
  await expect(page).toHaveURL(/\/education\/exam\/exam\/create\?paperType=2/);
  await expect(s.field('试卷类型').getByRole('radio', { name: '随机试卷' })).toBeChecked();
  await s.fill('试卷名称', name);
  await s.setTime('开始时间', `${day(-1)} 08:00`);
  await s.setTime('结束时间', `${day(7)} 18:00`);
  await s.fill('及格分', '6');
  await s.checkOrgan('参考组织', [DISTRICT, STREET], BRANCH);

  await page.getByRole('button', { name: '添加抽题规则' }).click();
  await chooseOption(page, '规则1题库', BANK);
  await expect(page.locator('[data-row="0"]').getByText(/可抽 \d+ 道/).first()).toBeVisible();
  await page.getByLabel('规则1单选题数量').fill('3');
  await page.getByLabel('规则1判断题数量').fill('2');
  // the defaults: 单选 2 分, 判断 2 分
  await expect(page.getByTestId('paper-total')).toHaveText(/每人抽 5 题，总分 10 分/);
  const found = await seriousViolations(page);
  expect(found, describeFindings(found)).toEqual([]);
  await s.submitForm();
  await s.toast('操作成功');
  await expect(page).toHaveURL(/\/education\/exam(\?|$)/);
  await expect(s.row(name)).toBeVisible();
  await expect(s.row(name)).toContainText('随机试卷');
  await expect(s.row(name)).toContainText('10/6');
  await expect(s.row(name)).toContainText('进行中');

  await s.rowAction(name, '成绩统计');
  const stats = page.getByRole('dialog', { name: '成绩统计' });
  await expect(stats.locator('.ant-descriptions-item-label', { hasText: '应考人数' })).toBeVisible();
  // the branch's members are to sit it; nobody has yet
  await expect(stats.getByRole('row', { name: /^应考人数 [1-9]\d* 参考人数 0$/ })).toBeVisible();
  await expect(stats.getByTestId('chart')).toBeVisible();
  // five score bands, each a row of the chart's text alternative
  await expect(stats.getByTestId('chart').locator('tbody tr')).toHaveCount(5);
  await stats.getByRole('button', { name: 'Close' }).click();

  await s.rowAction(name, '参考人员');
  const users = page.getByRole('dialog', { name: '参考人员' });
  await expect(users.locator('.ant-table-tbody tr.ant-table-row', { hasText: '李明' })).toBeVisible();
  await expect(users.locator('.ant-table-tbody tr.ant-table-row', { hasText: '李明' })).toContainText(BRANCH);
  await expect(users.locator('.ant-table-tbody tr.ant-table-row', { hasText: '李明' })).toContainText('未参加');
  await expect(users.getByRole('button', { name: /^导\s*出$/ })).toBeVisible();
  expect(errors).toEqual([]);
});

test('考试管理: an ordinary paper of two picked questions; the total follows the scores', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = trackErrors(page);
  const name = `普通试卷${stamp()}`;
  await signInAdmin(page, 'districtadmin', DISTRICT);
  const s = new Screen(page);
  await s.open('/education/exam');
  await s.toolbar('新建普通试卷');
  await expect(page).toHaveURL(/paperType=1/);
  await s.fill('试卷名称', name);
  await s.setTime('开始时间', `${day(1)} 09:00`);
  await s.setTime('结束时间', `${day(3)} 18:00`);
  await s.fill('及格分', '3');
  await s.checkOrgan('参考组织', [DISTRICT, STREET], BRANCH);

  await page.getByTestId('pick-questions').click();
  const browser = page.getByRole('dialog', { name: '选择试题' });
  await chooseOption(page, '题库', BANK);
  await chooseOption(page, '题型', '判断题');
  await browser.getByRole('button', { name: /^加入/ }).nth(0).click();
  await browser.getByRole('button', { name: /^加入/ }).nth(0).click();
  await browser.getByRole('button', { name: /^完\s*成$/ }).click();
  const picker = page.locator('[data-widget=QuestionPicker]');
  await expect(picker.locator('.dj-qp-item')).toHaveCount(2);
  await expect(page.getByTestId('paper-total')).toHaveText(/已选 2 题，总分 4 分/);
  const found = await seriousViolations(page);
  expect(found, describeFindings(found)).toEqual([]);
  // a score of its own for the second question
  await page.getByLabel('第2题分值').fill('5');
  await expect(page.getByTestId('paper-total')).toHaveText(/总分 7 分/);
  await page.getByLabel('下移第1题').click();
  await s.submitForm();
  await s.toast('操作成功');
  await expect(s.row(name)).toBeVisible();
  await expect(s.row(name)).toContainText('7/3');
  await expect(s.row(name)).toContainText('未开始');

  // the saved paper opens in the composer with its questions and scores
  await s.rowAction(name, '编辑');
  await expect(page).toHaveURL(/\/exam\/exam\/update\?id=\d+/);
  await expect(picker.locator('.dj-qp-item')).toHaveCount(2);
  await expect(page.getByTestId('paper-total')).toHaveText(/已选 2 题，总分 7 分/);
  await expect(page.getByLabel('第1题分值')).toHaveValue('5');
  await expect(s.field('试卷类型').getByRole('radio', { name: '普通试卷' })).toBeDisabled();
  await expect(s.field('开始时间').locator('input')).toHaveValue(`${day(1)} 09:00`);
  // the pass mark above the total is the server's refusal, on its field
  await s.fill('及格分', '50');
  await s.submitForm();
  await expect(s.field('及格分')).toContainText('及格分不能高于试卷总分（7分）');
  await s.fill('及格分', '4');
  await s.submitForm();
  await s.toast('操作成功');
  await expect(s.row(name)).toContainText('7/4');
  expect(errors).toEqual([]);
});

test('考试管理: 阅卷 — a short answer waiting for its mark is scored from 参考人员', async ({ page, request }) => {
  test.setTimeout(180_000);
  const errors = trackErrors(page);
  const admin = await apiToken(request, 'districtadmin', true);
  const auth = (t: string) => ({ Authorization: `Bearer ${t}` });
  const api = async (t: string, method: 'get' | 'post', action: string, data: Record<string, unknown>) => {
    const r = method === 'get' ? await request.get(`/api/services/app/${action}`, { headers: auth(t), params: data as any }) : await request.post(`/api/services/app/${action}`, { headers: auth(t), data });
    expect(r.status(), await r.text()).toBe(200);
    return (await r.json()).result;
  };
  const banks = await api(admin, 'get', 'ExamLibaryService/GetPageExamLibaryList', { libaryName: BANK });
  const qs = await api(admin, 'get', 'ExamLibaryService/GetPageQuestionByLibaryId', { libaryId: banks.items[0].id, type: 5, maxResultCount: 1 });
  const branch = (await api(admin, 'get', 'OrganizationService/GetBranchOrganListByName', { organName: BRANCH })).find((o: any) => o.organName === BRANCH);
  const name = `阅卷试卷${stamp()}`;
  const { id } = await api(admin, 'post', 'ExamPaperService/CreateExamPaper', {
    paperType: 1, paperName: name, beginTitme: `${day(-1)} 08:00`, endTime: `${day(5)} 18:00`, passScore: 6, shortScore: 10, teachTarget: String(branch.id), questionList: [qs.items[0].id],
  });
  const member = await apiToken(request, 'member');
  const sheet = await api(member, 'get', 'ExamPaperService/GetPaperQuestionByPaperId', { paperId: id });
  await api(member, 'post', 'ExamPaperService/SubmitPaperAnswer', { resultId: sheet.resultId, answers: [{ questionId: sheet.questions[0].id, answer: '按期召开支部党员大会、支委会、党小组会，按时上好党课。' }], isSubmit: true });

  await signInAdmin(page, 'districtadmin', DISTRICT);
  const s = new Screen(page);
  await s.open('/education/exam');
  await s.rowAction(name, '参考人员');
  const users = page.getByRole('dialog', { name: '参考人员' });
  const li = users.locator('.ant-table-tbody tr.ant-table-row', { hasText: '李明' });
  await expect(li).toContainText('待阅卷');
  await li.getByRole('button', { name: /^阅\s*卷$/ }).click();
  const sheetDialog = page.getByRole('dialog', { name: '阅卷' });
  await expect(sheetDialog).toContainText('按期召开支部党员大会');
  await expect(sheetDialog).toContainText('参考答案');
  await sheetDialog.getByLabel('第1题得分（0到10分）').fill('8');
  await sheetDialog.getByRole('button', { name: /^确\s*定$/ }).click();
  await s.toast('操作成功');
  await expect(sheetDialog).toBeHidden();
  // 姓名 所在党组织 考试次数 最好成绩 最近交卷 状态
  await expect(li.locator('td').nth(5)).toHaveText('通过');
  await expect(li.locator('td').nth(3)).toHaveText('8');
  expect(errors).toEqual([]);
});
