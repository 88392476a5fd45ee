/**
 * 流动党员 and 组织关系转接 end to end, on the member pages and the administrators' screens:
 * (1) a member registers a flow anchored to a 党支部 of 郫都区 picked in the cascader, the 温江区
 *     administrator approves it on 流动党员 (待我审核, 审核), the member ends it on 结束流动 and finds
 *     it 已结束 in 流动申请记录, then evaluates it;
 * (2) a member applies for a transfer to a 党支部 of 郫都区, 温江区 takes 转出审核 and 郫都区 转入审核 on
 *     关系转接, and the member — signed in again — belongs to the new branch and finds the transfer in
 *     组织关系转接记录.
 *
 * A transfer moves its member away and a flow makes him a 流动党员, so each test uses a member of its
 * own, added by branchadmin (helpers' addMember; the initial password is replaced with the demo
 * password through UpdateWeakPassword), never the shared demo `member`.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiToken, go, newMember, platformToday, signIn, trackErrors } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

const WENJIANG = '中共成都市温江区委员会';
const PIDU = '中共成都市郫都区委员会';
const PIDU_PATH = ['中共四川省委员会', '中共成都市委员会', PIDU];
const svc = (service: string, action: string) => `/api/services/app/${service}/${action}`;
const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });


/** Picks organisations level by level in the OrganCascader of a member form field. */
async function pickOrgan(page: Page, field: string, path: string[]) {
  await page.locator(`[data-field=${field}] .ant-select`).click();
  for (const [i, name] of path.entries()) {
    const menu = page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu').nth(i);
    await menu.locator('.ant-cascader-menu-item', { hasText: name }).first().click();
  }
  await page.keyboard.press('Escape');
  await expect(page.locator(`[data-field=${field}] .ant-select-selection-item`)).toHaveText(path[path.length - 1]);
}

async function choose(page: Page, field: string, label: string) {
  await page.locator(`[data-field=${field}] .ant-select`).click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
}

async function pickDay(page: Page, field: string, day: string) {
  const input = page.locator(`[data-field=${field}] input`);
  await input.click();
  await input.fill(day);
  await input.press('Enter');
  await expect(input).toHaveValue(day);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/party-space-${name}.png`, fullPage: true });

test('a member registers a flow to a branch of another district, 温江区 approves it, the member ends it and evaluates it', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const who = await newMember(request, `流动测试${String(Date.now()).slice(-4)}`);
  const errors = trackErrors(page);
  const branch = '犀浦街道犀浦社区党支部';

  await signIn(page, who.userName);
  await go(page, '/partyMember/partySpace/endFlow');
  await expect(page.getByTestId('no-flow')).toContainText('您当前没有进行中的流动');
  await go(page, '/partyMember/partySpace/flowanchoredapply');
  await expect(page.getByTestId('contact-card')).toContainText('如有疑问请联系党支部书记');
  // only the member's fields: none of the organisations' (流出党组织, 结束说明, 满意度)
  await expect(page.locator('[data-entity=movingRecord] [data-field]')).toHaveCount(8);
  await expect(page.locator('[data-field=outOrganId], [data-field=endReason], [data-field=evaluateLevel]')).toHaveCount(0);
  await page.getByRole('button', { name: '提交登记' }).click();
  await expect(page.getByText('请填写流入地', { exact: true })).toBeVisible();
  await pickOrgan(page, 'flowInOrganId', [...PIDU_PATH, '中共郫都区犀浦街道工作委员会', branch]);
  await page.locator('[data-field=flowPlace] input').fill('四川省成都市郫都区犀浦街道');
  await choose(page, 'flowReason', '外出务工');
  const today = platformToday();
  await pickDay(page, 'startDate', today);
  await page.locator('[data-field=contactPhone] input').fill('13912345678');
  await shot(page, 'flow-apply');
  const created = page.waitForResponse((r) => r.url().includes('/MovingRecordService/Apply'));
  await page.getByRole('button', { name: '提交登记' }).click();
  const record = (await (await created).json()).result;
  expect(record).toMatchObject({ auditStatus: 0, flowType: 1, flowInOrganName: branch, startDate: today });
  await expect(page).toHaveURL(new RegExp(`/flowapplyInfo\\?id=${record.id}$`));
  await expect(page.getByTestId('member-detail')).toContainText('待审核');
  await expect(page.getByRole('button', { name: '撤回登记' })).toBeVisible();
  // a second registration is not offered while this one waits
  await go(page, '/partyMember/partySpace/flowanchoredapply');
  await expect(page.getByTestId('open-flow')).toContainText('待审核');
  await go(page, '/partyMember/partySpace/flowMyList');
  await expect(page.getByTestId('moving-record-item')).toHaveCount(1);
  await expect(page.getByTestId('moving-record-item')).toContainText(branch);

  // ---- 温江区 approves it on 流动党员 ----
  const context = await browser.newContext({ locale: 'zh-CN' });
  const admin = await context.newPage();
  const adminErrors = trackErrors(admin);
  await signInAdmin(admin, 'districtadmin', WENJIANG);
  const s = new Screen(admin);
  await s.open('/service/movingRecord');
  await expect(admin.getByRole('tab', { name: '待我审核' })).toHaveAttribute('aria-selected', 'true');
  await expect(s.row(who.name)).toContainText('待审核');
  await s.rowAction(who.name, '审核');
  const dialog = admin.getByRole('dialog', { name: /审核/ });
  await dialog.getByRole('radio', { name: '通过', exact: true }).check();
  await dialog.getByTestId('transition-submit').click();
  await s.toast('审核完成');
  await expect(s.row(who.name)).toHaveCount(0);
  await context.close();
  expect(adminErrors).toEqual([]);

  // ---- the member, now flowing, ends the flow ----
  await go(page, '/partyMember/partySpace/flowanchoredapply');
  await expect(page.getByText('您当前正在流动中')).toBeVisible();
  await page.getByRole('button', { name: '结束流动' }).click();
  await expect(page).toHaveURL(/\/partySpace\/endFlow$/);
  await expect(page.getByTestId('member-detail')).toContainText('流动中');
  await expect(page.getByTestId('member-detail')).toContainText(branch);
  await page.getByLabel('结束说明').fill('已返回原居住地');
  await shot(page, 'end-flow');
  await page.getByTestId('end-flow-form').getByRole('button', { name: '结束流动' }).click();
  const confirm = page.locator('.ant-modal-confirm', { hasText: '确认结束本次流动' });
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-message').getByText('流动已结束')).toBeVisible();
  await expect(page).toHaveURL(/\/partySpace\/flowapplyhistory$/);
  const item = page.getByTestId('moving-record-item').filter({ hasText: branch });
  await expect(item).toContainText('已结束');
  await item.getByRole('button', { name: '去评价' }).click();
  await expect(page).toHaveURL(new RegExp(`/flowapplyhistory/info\\?id=${record.id}&num=1$`));
  await expect(page.getByTestId('member-detail')).toContainText('已返回原居住地');
  await expect(page.getByTestId('history')).toContainText('结束流动');
  await page.getByRole('button', { name: '提交评价' }).click();
  await expect(page.getByText('请选择满意度')).toBeVisible();
  await choose(page, 'evaluateLevel', '满意');
  await page.getByRole('button', { name: '提交评价' }).click();
  await expect(page.locator('.ant-message').getByText('评价已提交，感谢您的反馈')).toBeVisible();
  await expect(page.getByTestId('evaluate-form')).toHaveCount(0);
  await expect(page.getByTestId('member-detail')).toContainText('已评价');
  await shot(page, 'flow-info');
  await page.getByTestId('back-bar').click();
  await expect(page).toHaveURL(/\/partySpace\/flowapplyhistory\?num=1$/);
  await go(page, '/partyMember/partySpace/endFlow');
  await expect(page.getByTestId('no-flow')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a member applies for a transfer to a branch of 郫都区, both districts approve, and he belongs to the new branch', async ({ page, browser, request }) => {
  test.setTimeout(300_000);
  const who = await newMember(request, `转接测试${String(Date.now()).slice(-4)}`);
  const errors = trackErrors(page);
  const target = '郫筒街道东街社区党支部';

  await signIn(page, who.userName);
  await expect(page.getByTestId('user-menu')).toHaveAttribute('title', /柳城街道凤凰社区党支部/);
  await go(page, '/partyMember/partySpace/organswitchHistory');
  await expect(page.getByText('暂无已完成的组织关系转接')).toBeVisible();
  await go(page, '/partyMember/partySpace/organswitchapply');
  await expect(page.getByText('办理流程')).toBeVisible();
  // only the member's fields: 省内 shows the cascader, 转出省外 the name
  await expect(page.locator('[data-field=fromOrganId], [data-field=letterNo], [data-field=evaluateLevel], [data-field=userId]')).toHaveCount(0);
  await expect(page.locator('[data-field=toOrganName]')).toHaveCount(0);
  await page.getByRole('radio', { name: '转出省外' }).check();
  await expect(page.locator('[data-field=toOrganName] input')).toBeVisible();
  await expect(page.locator('[data-field=toOrganId]')).toHaveCount(0);
  await page.getByRole('radio', { name: '省内转接' }).check();
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('请选择转入党组织')).toBeVisible();
  await pickOrgan(page, 'toOrganId', [...PIDU_PATH, '中共郫都区郫筒街道工作委员会', target]);
  await choose(page, 'reason', '工作调动');
  await page.locator('[data-field=contactPhone] input').fill('13912345678');
  await page.locator('[data-field=explain] textarea').fill('调往郫都区工作');
  await shot(page, 'organ-apply');
  const created = page.waitForResponse((r) => r.url().includes('/OrganizationChangeService/Apply'));
  await page.getByRole('button', { name: '提交申请' }).click();
  const application = (await (await created).json()).result;
  expect(application).toMatchObject({ auditStatus: 1, changeType: 1, toOrganName: target, fromOrganName: '柳城街道凤凰社区党支部' });
  await expect(page).toHaveURL(new RegExp(`/organswitchInfo\\?id=${application.id}$`));
  await expect(page.getByTestId('member-detail')).toContainText('待转出党组织审核');
  await expect(page.getByRole('button', { name: '撤回申请' })).toBeVisible();
  await go(page, '/partyMember/partySpace/organswitchapply');
  await expect(page.getByText('您已有一条正在办理的组织关系转接申请')).toBeVisible();
  await page.getByRole('button', { name: '查看办理进度' }).click();
  await expect(page).toHaveURL(new RegExp(`/organswitchInfo\\?id=${application.id}$`));

  // ---- 温江区 (转出) then 郫都区 (转入) approve on 关系转接 ----
  for (const [user, organ, step] of [
    ['districtadmin', WENJIANG, '转出审核'],
    ['district2admin', PIDU, '转入审核'],
  ] as const) {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const admin = await context.newPage();
    const adminErrors = trackErrors(admin);
    await signInAdmin(admin, user, organ);
    const s = new Screen(admin);
    await s.open('/service/organChange');
    await expect(admin.getByRole('tab', { name: '待我审核' })).toHaveAttribute('aria-selected', 'true');
    await s.rowAction(who.name, step);
    const dialog = admin.getByRole('dialog', { name: step });
    await dialog.getByRole('radio', { name: '通过', exact: true }).check();
    await dialog.getByTestId('transition-submit').click();
    await s.toast('审核完成');
    await expect(s.row(who.name)).toHaveCount(0);
    await context.close();
    expect(adminErrors).toEqual([]);
  }

  // ---- signed in again, the member belongs to the new branch; the transfer is in his records ----
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/dj\/login/);
  await signIn(page, who.userName);
  await expect(page.getByTestId('user-menu')).toHaveAttribute('title', new RegExp(target));
  await go(page, '/partyMember/partySpace/organswitchHistory');
  const item = page.getByTestId('organ-change-item').filter({ hasText: target });
  await expect(item).toContainText('已转接');
  await item.getByRole('button', { name: '去评价' }).click();
  await expect(page).toHaveURL(new RegExp(`/organswitchHistory/detail\\?id=${application.id}&num=1$`));
  await expect(page.getByText('组织关系已转接')).toBeVisible();
  const history = page.getByTestId('history');
  await expect(history).toContainText('转出党组织审核');
  await expect(history).toContainText('转入党组织审核');
  await expect(page.getByTestId('introduction-letter')).toHaveCount(0);
  await choose(page, 'evaluateLevel', '非常满意');
  await page.locator('[data-field=evaluateContent] textarea').fill('办理快捷');
  await page.getByRole('button', { name: '提交评价' }).click();
  await expect(page.locator('.ant-message').getByText('评价已提交，感谢您的反馈')).toBeVisible();
  await expect(page.getByTestId('member-detail')).toContainText('已评价');
  await expect(page.getByTestId('member-detail')).toContainText('办理快捷');
  await shot(page, 'organ-detail');
  await go(page, '/partyMember/partySpace/organswitchMyList');
  await expect(page.getByTestId('organ-change-item')).toHaveCount(1);
  await expect(page.getByTestId('organ-change-item')).toContainText('已评价');
  await shot(page, 'organ-my-list');
  expect(errors).toEqual([]);
});

test('a transfer out of the province: the sending district approves it and the member prints the 介绍信', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const who = await newMember(request, `省外测试${String(Date.now()).slice(-4)}`);
  const errors = trackErrors(page);
  const target = '中共北京市海淀区中关村街道某社区党支部';

  await signIn(page, who.userName);
  await go(page, '/partyMember/partySpace/organswitchapply');
  await page.getByRole('radio', { name: '转出省外' }).check();
  await page.locator('[data-field=toOrganName] input').fill(target);
  await choose(page, 'reason', '户籍迁移');
  await page.locator('[data-field=contactPhone] input').fill('13912345678');
  const created = page.waitForResponse((r) => r.url().includes('/OrganizationChangeService/Apply'));
  await page.getByRole('button', { name: '提交申请' }).click();
  const application = (await (await created).json()).result;
  expect(application).toMatchObject({ auditStatus: 1, changeType: 2, toOrganName: target });

  const context = await browser.newContext({ locale: 'zh-CN' });
  const admin = await context.newPage();
  await signInAdmin(admin, 'districtadmin', WENJIANG);
  const s = new Screen(admin);
  await s.open('/service/organChange');
  await s.rowAction(who.name, '转出审核');
  const dialog = admin.getByRole('dialog', { name: '转出审核' });
  await dialog.getByRole('radio', { name: '通过', exact: true }).check();
  await dialog.getByTestId('transition-submit').click();
  await s.toast('审核完成，已开具介绍信');
  await context.close();

  // the member is still on the application's detail: it shows the new state once read again
  await expect(page).toHaveURL(new RegExp(`/organswitchInfo\\?id=${application.id}$`));
  await page.reload();
  await expect(page.getByTestId('member-detail')).toContainText('已转接');
  const letter = page.getByTestId('introduction-letter');
  await expect(letter).toContainText('中国共产党党员组织关系介绍信');
  const record = (await (await request.get(`${svc('OrganizationChangeService', 'Get')}?id=${application.id}`, auth(await apiToken(request, who.userName)))).json()).result;
  expect(record.letterNo).toBeTruthy();
  await expect(letter).toContainText(`编号：${record.letterNo}`);
  await expect(letter).toContainText(`${target}：`);
  await expect(letter).toContainText(`兹介绍 ${who.name} 同志（中共党员）的党员组织关系由 柳城街道凤凰社区党支部 转去你处，请接洽。`);
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await letter.getByRole('button', { name: '打印介绍信' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await shot(page, 'letter');
  await page.emulateMedia({ media: 'print' });
  // printed: the letter alone (its copy under <body>), nothing of the page around it
  await expect(page.getByTestId('member-detail')).toBeHidden();
  await expect(letter).toBeHidden();
  await expect(page.locator('.dj-letter-print .dj-letter')).toBeVisible();
  await expect(page.locator('.dj-letter-print')).toContainText(`编号：${record.letterNo}`);
  await page.screenshot({ path: 'test-results/party-space-letter-print.png' });
  await page.emulateMedia({ media: 'screen' });
  expect(errors).toEqual([]);
});
