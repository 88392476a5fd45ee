/**
 * Hardship help end to end (DifficultyService): a member of 凤凰社区党支部 applies with an evidence
 * file through the member form; branchadmin takes the branch step and districtadmin the step above
 * from their 困难党员 screens (待我审核, the transition dialogs, a rejection needing 请输入备注); the
 * district registers a help record under the approved application (its detail: timeline and the
 * related help records); the member finds it in 困难帮扶 and evaluates it once.
 *
 * The applicant is a bulk demo member of branchadmin's branch found through the API — not `member`,
 * which other specs use, and not the one the demo seed gave an application. The server refuses a
 * second open application, so an application left open by an earlier run is closed first (withdrawn,
 * or refused above): the spec can run again on the same server.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, apiToken, go, platformToday, signIn, trackErrors } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

const BRANCH = '柳城街道凤凰社区党支部';
const WENJIANG = '中共成都市温江区委员会';
const D = (action: string) => `/api/services/app/DifficultyService/${action}`;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n% 诊断证明\n'), Buffer.alloc(2048, 32), Buffer.from('\n%%EOF\n')]);


const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/** An ordinary bulk member of branchadmin's branch without an open application (the last one found). */
async function applicant(request: APIRequestContext): Promise<{ userName: string; name: string }> {
  const branch = await apiToken(request, 'branchadmin', true);
  const found = (await (await request.get('/api/services/app/PartyMemberService/SearchPageList?SkipCount=0&MaxResultCount=50', auth(branch))).json()).result.items as {
    id: number;
    name: string;
    partyDutyCode: string | null;
  }[];
  const people: { userName: string; name: string }[] = [];
  for (const m of found.filter((x) => !x.partyDutyCode)) {
    const profile = (await (await request.get(`/api/services/app/PartyMemberService/Get?id=${m.id}`, auth(branch))).json()).result;
    // bulk members' accounts are named dy<id> (never by the phone number); the demo accounts have names
    if (/^dy\d+$/.test(profile.userName)) people.push({ userName: profile.userName, name: m.name });
  }
  // members other specs added to the branch (helpers.addMember) may not have the demo password yet:
  // take the last one who signs in with it, whatever order the specs ran in
  let who: { userName: string; name: string } | undefined;
  let token = '';
  for (const p of [...people].reverse()) {
    const signed = (await (await request.post('/api/TokenAuth/Sigin', { data: { userName: p.userName, password: PASSWORD } })).json()).result;
    if (signed?.accessToken) {
      [who, token] = [p, signed.accessToken as string];
      break;
    }
  }
  expect(who, 'a bulk member of the branch who signs in with the demo password').toBeTruthy();
  // close what an earlier run left open: withdraw while the branch has not decided, else refuse it above
  const mine = (await (await request.get(`${D('GetMyPagedDifficultyApplyList')}?SkipCount=0&MaxResultCount=100`, auth(token))).json()).result.items as { id: number; auditStatus: number }[];
  for (const a of mine.filter((x) => x.auditStatus === 0)) expect((await request.post(D('WithdrawDifficultyApply'), { ...auth(token), data: { id: a.id, transition: 'withdraw' } })).ok()).toBeTruthy();
  const pendingAbove = mine.filter((x) => x.auditStatus === 1);
  if (pendingAbove.length) {
    const district = await apiToken(request, 'districtadmin', true);
    for (const a of pendingAbove)
      expect((await request.post(D('AuditApply'), { ...auth(district), data: { id: a.id, transition: 'upperAudit', approved: false, remark: '端到端测试重跑前关闭' } })).ok()).toBeTruthy();
  }
  return who!;
}

/** Picks an option of an antd Select in a field (member forms: data-field is the schema name). */
async function choose(page: Page, field: string, label: string) {
  await page.locator(`[data-field=${field}] .ant-select`).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
}

test('a member applies for hardship help, two audits approve it, a help record is registered and evaluated', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const stamp = String(Date.now() % 1_000_000);
  const who = await applicant(request);
  const errors = trackErrors(page);

  // ---- the member applies, with an evidence file ----
  await signIn(page, who.userName);
  await page.locator('.dj-shortcut', { hasText: '困难帮扶' }).click();
  await expect(page).toHaveURL(/\/partySpace\/difficultInfo$/);
  await expect(page.getByTestId('difficulty-state')).toBeVisible();
  await go(page, '/partyMember/partySpace/difficultCreate');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('请选择困难类型')).toBeVisible();
  await expect(page.getByText('请选择帮扶需求')).toBeVisible();
  await expect(page.getByText('请填写困难情况说明')).toBeVisible();
  await page.locator('[data-field=difficultType] .ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="因病致困"]').click();
  await page.keyboard.press('Escape');
  await choose(page, 'healthSituation', '慢性病');
  await page.locator('[data-field=yearIncome] input').fill('18000');
  await choose(page, 'helpType', '医疗救助');
  const story = `本人患慢性病多年，长期服药，家庭收入微薄，生活较为困难。（${stamp}）`;
  await page.locator('[data-field=difficulInstruction] textarea').fill(story);
  await page.locator('[data-field=attachs] input[type=file]').setInputFiles({ name: '诊断证明.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.locator('[data-field=attachs] [data-testid=file-item][data-status=finished]')).toContainText('诊断证明.pdf');
  const created = page.waitForResponse((r) => r.url().includes('/DifficultyService/CreateDifficultyApply'));
  await page.getByRole('button', { name: '提交申请' }).click();
  const application = (await (await created).json()).result;
  expect(application).toMatchObject({ auditStatus: 0, helpType: 'medical', attachs: [{ name: '诊断证明.pdf' }] });
  await expect(page.locator('.ant-message').getByText('申请已提交，请等待党支部审核')).toBeVisible();
  await expect(page).toHaveURL(/\/partySpace\/difficultHistory$/);
  const item = page.getByTestId('difficulty-apply-item').filter({ hasText: stamp });
  await expect(item).toContainText('待支部审核');
  await expect(item.getByRole('button', { name: /撤\s*回/ })).toBeVisible();
  await item.getByRole('button', { name: '查看详情' }).click();
  await expect(page).toHaveURL(new RegExp(`historyInfo\\?id=${application.id}&num=1$`));
  await expect(page.getByTestId('member-detail')).toContainText('诊断证明.pdf');
  await expect(page.getByTestId('history')).toContainText('提交');
  // a second application while this one is under audit is not offered
  await go(page, '/partyMember/partySpace/difficultCreate');
  await expect(page.getByText('您已有一条正在审核的帮扶申请')).toBeVisible();

  // ---- the branch administrator takes the branch step (a rejection would need a remark) ----
  const branchContext = await browser.newContext({ locale: 'zh-CN' });
  const branch = await branchContext.newPage();
  const branchErrors = trackErrors(branch);
  await signInAdmin(branch, 'branchadmin', BRANCH);
  const bs = new Screen(branch);
  await bs.open('/service/difficultyPartyMember');
  await expect(branch.getByRole('tab', { name: '待我审核' })).toHaveAttribute('aria-selected', 'true');
  await expect(bs.row(who.name)).toContainText('待支部审核');
  await bs.rowAction(who.name, '支部审核');
  let dialog = branch.getByRole('dialog', { name: '支部审核' });
  await dialog.getByRole('radio', { name: '不通过' }).check();
  await dialog.getByTestId('transition-submit').click();
  await expect(dialog.getByText('请输入备注')).toBeVisible();
  await dialog.getByRole('radio', { name: '通过', exact: true }).check();
  await dialog.locator('textarea').fill('经支部核实，情况属实');
  await dialog.getByTestId('transition-submit').click();
  await bs.toast('审核完成');
  await expect(bs.row(who.name)).toHaveCount(0);
  await branchContext.close();
  expect(branchErrors).toEqual([]);

  // ---- the district takes the step above, then registers a help record in the application's detail ----
  const districtContext = await browser.newContext({ locale: 'zh-CN' });
  const district = await districtContext.newPage();
  const districtErrors = trackErrors(district);
  await signInAdmin(district, 'districtadmin', WENJIANG);
  const ds = new Screen(district);
  await ds.open('/service/difficultyPartyMember');
  await expect(ds.row(who.name)).toContainText('待上级审核');
  await ds.rowAction(who.name, '上级审核');
  dialog = district.getByRole('dialog', { name: '上级审核' });
  await dialog.locator('textarea').fill('同意纳入困难党员帮扶');
  await dialog.getByTestId('transition-submit').click();
  await ds.toast('审核完成');
  await expect(ds.row(who.name)).toHaveCount(0);

  await ds.open(`/service/difficultyPartyMember/info?id=${application.id}`);
  const detail = district.getByTestId('detail');
  await expect(detail).toContainText(who.name);
  await expect(detail).toContainText('已通过');
  const steps = detail.getByTestId('timeline-item');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(0)).toContainText('提交');
  await expect(steps.nth(1)).toContainText('支部审核');
  await expect(steps.nth(1)).toContainText('经支部核实，情况属实');
  await expect(steps.nth(2)).toContainText('上级审核');
  await expect(steps.nth(2)).toContainText('已通过');
  const helps = district.locator('[data-related="difficultyPartyMember/helps"]');
  await expect(helps).toContainText('暂无帮扶记录');
  await helps.getByRole('button', { name: '登记帮扶' }).click();
  const form = district.getByRole('dialog', { name: '新增帮扶记录' });
  await ds.submitForm();
  await expect(form.getByText('请输入帮扶主题')).toBeVisible();
  const helpTitle = `春节慰问${stamp}`;
  await ds.fill('帮扶主题', helpTitle);
  await ds.field('帮扶方式').locator('.ant-select').click();
  await district.locator('.ant-select-dropdown:visible .ant-select-item-option[title="资金帮扶"]').click();
  const today = platformToday();
  await ds.field('帮扶日期').locator('input').click();
  await ds.field('帮扶日期').locator('input').fill(today);
  await ds.field('帮扶日期').locator('input').press('Enter');
  await ds.fill('帮扶金额（元）', '800');
  await ds.field('帮扶内容').locator('textarea').fill('上门走访慰问，发放慰问金800元。');
  await ds.submitForm();
  await ds.toast('操作成功');
  await expect(form).toBeHidden();
  const helpRow = helps.locator('.ant-table-tbody tr.ant-table-row', { hasText: helpTitle });
  await expect(helpRow).toContainText('资金帮扶');
  await expect(helpRow).toContainText('待评价');
  await districtContext.close();
  expect(districtErrors).toEqual([]);

  // ---- the member sees his state and the help record, and evaluates it once ----
  await go(page, '/partyMember/partySpace/difficultInfo');
  await expect(page.getByTestId('difficulty-state')).toContainText('您是困难党员');
  const help = page.getByTestId('difficulty-help-item').filter({ hasText: helpTitle });
  await expect(help).toContainText('待评价');
  await expect(help).toContainText(today);
  await help.getByRole('button', { name: '去评价' }).click();
  await expect(page).toHaveURL(/difficultInfo\/helpInfo\?id=\d+&num=1$/);
  await expect(page.getByTestId('member-detail')).toContainText('上门走访慰问，发放慰问金800元。');
  await page.getByRole('button', { name: '提交评价' }).click();
  await expect(page.getByText('请选择满意度')).toBeVisible();
  await choose(page, 'evaluateLevel', '非常满意');
  await page.locator('[data-field=evaluateContent] textarea').fill('感谢组织关怀');
  await page.getByRole('button', { name: '提交评价' }).click();
  await expect(page.locator('.ant-message').getByText('评价已提交，感谢您的反馈')).toBeVisible();
  await expect(page.getByTestId('evaluate-form')).toHaveCount(0);
  await expect(page.getByTestId('member-detail')).toContainText('已评价');
  await expect(page.getByTestId('member-detail')).toContainText('非常满意');
  await expect(page.getByTestId('member-detail')).toContainText('感谢组织关怀');

  // the application's detail: approved, its three steps, and the help record beneath it
  await go(page, `/partyMember/partySpace/difficultHistory/historyInfo?id=${application.id}`);
  await expect(page.getByText('审核通过，您已被认定为困难党员')).toBeVisible();
  const history = page.getByTestId('history');
  await expect(history).toContainText('支部审核');
  await expect(history).toContainText('上级审核');
  await expect(history).toContainText('同意纳入困难党员帮扶');
  const beneath = page.getByTestId('application-helps').getByTestId('difficulty-help-item').filter({ hasText: helpTitle });
  await expect(beneath).toContainText('已评价');
  await beneath.getByRole('button', { name: '查看详情' }).click();
  await expect(page).toHaveURL(/\/partySpace\/difficultHistoryInfo\?id=\d+$/);
  await expect(page.getByTestId('member-detail')).toContainText('非常满意');
  await page.getByTestId('back-bar').click();
  await expect(page).toHaveURL(/\/partySpace\/difficultHistory\?num=1$/);
  await expect(page.getByTestId('difficulty-apply-item').filter({ hasText: stamp })).toContainText('已通过');
  expect(errors).toEqual([]);
});
