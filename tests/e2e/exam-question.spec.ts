/**
 * 试题管理: the province administrator writes a multiple-choice question with the options
 * editor (the server's 多选题须至少有两个正确选项 shows on the field first), a fill-in question with
 * two blanks and an alternative answer, adds a third blank by editing the title, filters the list by
 * type, opens the detail, and imports a sheet whose bad row is reported with nothing imported.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { xlsxStream, type Cell } from '../../src/server/xlsx/xlsx';
import { apiToken, trackErrors } from './helpers';
import { describeFindings, seriousViolations } from './a11y';
import { Screen, signInAdmin } from './engine-helpers';

const stamp = () => `${Date.now() % 1_000_000}${Math.random().toString(36).slice(2, 5)}`;
const API = '/api/services/app/ExamLibaryService';

async function workbook(rows: Cell[][]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  async function* body() {
    yield rows.slice(1);
  }
  for await (const c of xlsxStream({ sheetName: '试题', header: rows[0].map(String), batches: body() })) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function questions(request: APIRequestContext, token: string, libaryId: number) {
  const r = await request.get(`${API}/GetPageQuestionByLibaryId`, { headers: { Authorization: `Bearer ${token}` }, params: { libaryId, MaxResultCount: 100 } });
  expect(r.status()).toBe(200);
  return (await r.json()).result as { totalCount: number; items: Record<string, any>[] };
}

/** Chooses `label` in an antd select (typing it first: a long list is virtual). */
async function choose(page: Page, box: ReturnType<Page['locator']>, label: string) {
  await expect(async () => {
    await box.locator('.ant-select-selector').click();
    await box.locator('input').first().fill(label);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).first().click({ timeout: 3_000 });
    await expect(box.locator('.ant-select-selection-item')).toContainText(label, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('试题管理: options editor, blanks with alternatives, a server message on its field, edit, filter, import errors', async ({ page, request }) => {
  test.setTimeout(180_000);
  const errors = trackErrors(page);
  const tag = stamp();
  const admin = await apiToken(request, 'admin', true);
  const bankName = `试题管理题库${tag}`;
  const made = await request.post(`${API}/CreateExamLibary`, { headers: { Authorization: `Bearer ${admin}` }, data: { libaryName: bankName } });
  expect(made.status()).toBe(200);
  const bankId = (await made.json()).result.id as number;

  await signInAdmin(page, 'admin', '中共四川省委员会');
  const s = new Screen(page);
  await s.open('/education/examQuestions');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/pw-question-list.png', fullPage: true });
  const axe = async (name: string) => {
    const found = await seriousViolations(page);
    expect(found, `${name}:\n${describeFindings(found)}`).toEqual([]);
  };
  await axe('试题管理 list');

  // a multiple-choice question: one right option is refused by the server, on the options field
  const multiTitle = `下列属于党的纪律的有哪些？${tag}`;
  await s.toolbar('新增试题');
  const dialog = page.getByRole('dialog', { name: '新增试题' });
  await expect(dialog).toBeVisible();
  await choose(page, s.field('所属题库'), bankName);
  await s.field('题型').getByText('多选题', { exact: true }).click();
  await s.fill('题干', multiTitle);
  const options = s.field('选项');
  await expect(options.getByRole('textbox')).toHaveCount(4);
  for (const [letter, text] of [['A', '政治纪律'], ['B', '组织纪律'], ['C', '廉洁纪律'], ['D', '娱乐纪律']]) await options.getByLabel(`选项${letter}`, { exact: true }).fill(text);
  // an extra option, then removed again
  await options.getByRole('button', { name: /添加选项/ }).click();
  await expect(options.getByRole('textbox')).toHaveCount(5);
  await options.getByRole('button', { name: '删除选项E' }).click();
  await expect(options.getByRole('textbox')).toHaveCount(4);
  await options.getByLabel('选项A为正确答案').check();
  await s.field('解析').locator('textarea').fill('党章第四十条。');
  await page.screenshot({ path: '/tmp/pw-question-form.png' });
  await axe('试题 form, options editor');
  await s.submitForm();
  await expect(options).toContainText('多选题须至少有两个正确选项');
  // by keyboard: Space marks option B right
  await options.getByLabel('选项B为正确答案').focus();
  await page.keyboard.press('Space');
  await expect(options.getByLabel('选项B为正确答案')).toBeChecked();
  await expect(options).not.toContainText('多选题须至少有两个正确选项');
  await options.getByLabel('选项C为正确答案').check();
  await s.submitForm();
  await s.toast('操作成功');
  await expect(dialog).toBeHidden();

  // a fill-in question: two blanks, the second with an alternative answer; a knowledge tag
  const blankTitle = `中国共产党第一次全国代表大会于____年在____召开。${tag}`;
  await s.toolbar('新增试题');
  await expect(dialog).toBeVisible();
  await choose(page, s.field('所属题库'), bankName);
  await s.field('题型').getByText('填空题', { exact: true }).click();
  const blanks = s.field('填空答案');
  await expect(blanks).toContainText('标出每个空');
  await s.fill('题干', blankTitle);
  await expect(blanks.getByText('第2空', { exact: true })).toBeVisible();
  await blanks.getByLabel('第1空答案1', { exact: true }).fill('1921');
  await blanks.getByLabel('第2空答案1', { exact: true }).fill('上海');
  await blanks.getByRole('button', { name: '为第2空添加备选答案' }).focus();
  await page.keyboard.press('Enter');
  await blanks.getByLabel('第2空答案2', { exact: true }).fill('上海市');
  await s.field('知识点').locator('input').fill('党史');
  await page.keyboard.press('Enter');
  await expect(s.field('知识点').locator('.ant-select-selection-item')).toContainText('党史');
  await page.screenshot({ path: '/tmp/pw-question-blank-form.png' });
  await axe('试题 form, blank answers');
  await s.submitForm();
  await s.toast('操作成功');
  await expect(dialog).toBeHidden();

  let stored = await questions(request, admin, bankId);
  const blank = stored.items.find((q) => q.type === 4)!;
  expect(blank.blankAnswers).toEqual([['1921'], ['上海', '上海市']]);
  expect(blank.tags).toEqual(['党史']);
  const multi = stored.items.find((q) => q.type === 2)!;
  expect(multi.examAnswerInputDtos.map((o: any) => o.isRight)).toEqual([true, true, true, false]);

  // edit: a third blank in the title brings a third row; the answers already given stay
  await s.rowAction(blankTitle, '编辑');
  const edit = page.getByRole('dialog', { name: '编辑试题' });
  await expect(edit).toBeVisible();
  await expect(blanks.getByLabel('第2空答案2', { exact: true })).toHaveValue('上海市');
  await s.fill('题干', `中国共产党第一次全国代表大会于____年在____召开，后转移到____南湖。${tag}`);
  await blanks.getByLabel('第3空答案1', { exact: true }).fill('嘉兴');
  await s.field('难度').getByText('困难', { exact: true }).click();
  await s.submitForm();
  await s.toast('操作成功');
  await expect(edit).toBeHidden();
  stored = await questions(request, admin, bankId);
  expect(stored.items.find((q) => q.type === 4)!.blankAnswers).toEqual([['1921'], ['上海', '上海市'], ['嘉兴']]);
  expect(stored.items.find((q) => q.type === 4)!.difficulty).toBe(3);

  // filter: this bank, then by type
  const filter = page.getByTestId('filter-bar');
  const item = (id: string) => filter.locator('.ant-form-item', { has: page.locator(`#${id}`) });
  await choose(page, item('libaryId'), bankName);
  await filter.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);
  await item('type').locator('.ant-select-selector').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '填空题' }).click();
  await filter.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await expect(s.row('南湖')).toBeVisible();
  await expect(s.row('困难')).toBeVisible();

  // the detail: the answers of each blank
  await s.row('南湖').locator('a.dj-link').click();
  const detail = page.getByTestId('detail');
  await expect(detail).toContainText('第2空：上海 或 上海市');
  await expect(detail).toContainText('第3空：嘉兴');
  await page.screenshot({ path: '/tmp/pw-question-detail.png' });
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // import into the bank: a right row and a wrong one → the right one added, the wrong one refused with its reason
  const header = ['题型', '题干', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '选项G', '选项H', '正确答案', '解析', '难度', '知识点'];
  const rows: Cell[][] = [
    header,
    ['单选题', `导入单选题${tag}`, '甲', '乙', '丙', '', '', '', '', '', 'B', '', '容易', '党章'],
    ['多选题', `导入多选题${tag}`, '甲', '乙', '', '', '', '', '', '', 'AC', '', '中等', ''],
  ];
  await page.locator('.dj-table__toolbar').getByRole('button', { name: '导入试题' }).click();
  const importDialog = page.getByTestId('import-dialog');
  await expect(importDialog).toBeVisible();
  await importDialog.locator('input[type=file]').setInputFiles({ name: '试题导入.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await workbook(rows) });
  await expect(page.getByTestId('import-submit')).toBeEnabled({ timeout: 20_000 });
  // without a bank: asked for one
  await page.getByTestId('import-submit').click();
  await expect(importDialog).toContainText('请选择题库');
  await choose(page, importDialog.locator('.ant-form-item', { has: page.locator('#import_libaryId') }), bankName);
  await page.getByTestId('import-submit').click();
  await expect(page.getByTestId('import-summary')).toContainText('导入完成：共 2 行，已导入 1 行，未导入 1 行', { timeout: 30_000 });
  await expect(page.getByTestId('import-refused').locator('li')).toHaveText(['第3行：正确答案：选项C为空，不能作为正确答案']);
  await page.screenshot({ path: '/tmp/pw-question-import.png' });
  expect((await questions(request, admin, bankId)).totalCount).toBe(3);
  expect(errors).toEqual([]);
});

test('试题管理 for a district administrator: the province bank’s questions are listed, read only', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = trackErrors(page);
  await signInAdmin(page, 'districtadmin', '中共成都市温江区委员会');
  const s = new Screen(page);
  await s.open('/education/examQuestions');
  await expect(page.getByRole('menuitem', { name: /试题管理/ })).toBeVisible();
  const filter = page.getByTestId('filter-bar');
  await choose(page, filter.locator('.ant-form-item', { has: page.locator('#libaryId') }), '党章党规与党史知识题库');
  await filter.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.getByText('共 31 条')).toBeVisible();
  await filter.locator('#title').fill('预备期为多长时间');
  await filter.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  // a question of the province's bank: read, never changed here (no 编辑, no 删除)
  const row = s.row('预备党员的预备期为多长时间').first();
  await expect(row.getByRole('button', { name: /^编\s*辑$/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^删\s*除$/ })).toHaveCount(0);
  await row.getByRole('button', { name: /^详\s*情$/ }).click();
  await expect(page.getByText('预备党员的预备期为多长时间').last()).toBeVisible();
  expect(errors).toEqual([]);
});
