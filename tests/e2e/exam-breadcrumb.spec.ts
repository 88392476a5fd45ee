/**
 * The exam pages' breadcrumb: a paper opened from 我的考试 reads 我的学习 / 我的考试 / the paper, and
 * its 我的考试 leads back to the list; a topic's paper opened from its topic keeps the topic's —
 * 我的学习 / 专题课程 / 专题详情 / 专题考试 — whose 专题详情 opens that topic (not 专题不存在或已停用).
 * The topic and its paper are made through the API by the district (their screens have their own specs).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, signIn, trackErrors } from './helpers';

const BRANCH = '柳城街道凤凰社区党支部';

async function districtApi(request: APIRequestContext) {
  const bearer = await apiToken(request, 'districtadmin', true);
  const headers = { Authorization: `Bearer ${bearer}` };
  return async (method: 'get' | 'post', action: string, data: Record<string, unknown> = {}) => {
    const url = `/api/services/app/${action}`;
    const r = method === 'get' ? await request.get(url, { headers, params: data as Record<string, string> }) : await request.post(url, { headers, data });
    const body = await r.json();
    expect(r.status(), JSON.stringify(body)).toBe(200);
    return body.result;
  };
}

test('exam breadcrumbs: 我的考试 for a paper, the topic’s for a topic’s paper, each leading back', async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = trackErrors(page);
  const api = await districtApi(request);
  const stamp = `${Date.now() % 1_000_000}`;
  const bank = (await api('get', 'ExamLibaryService/GetPageExamLibaryList', { libaryName: '党章党规与党史知识题库' })).items[0];
  const question = (await api('get', 'ExamLibaryService/GetPageQuestionByLibaryId', { libaryId: bank.id, type: 1, maxResultCount: 1 })).items[0];
  const organs = await api('get', 'OrganizationService/GetBranchOrganListByName', { organName: BRANCH });
  const paperName = `专题结业测试${stamp}`;
  const paperId = (
    await api('post', 'ExamPaperService/CreateOrdinaryExamPaper', {
      paperName, beginTitme: new Date(Date.now() - 3_600_000).toISOString(), endTime: new Date(Date.now() + 86_400_000).toISOString(),
      testTime: 30, testCount: 1, passScore: 1, teachTarget: String((organs.items ?? organs)[0].id), questionList: [question.id],
    })
  ).id;
  const topicName = `基层治理专题${stamp}`;
  const topicId = (await api('post', 'TrainClassService/CreateSpecial', { name: topicName })).id;
  await api('post', 'TrainClassService/AddBatchTrainClassExam', { id: topicId, paperIds: [paperId] });

  await signIn(page, 'member');
  const crumbs = page.getByTestId('breadcrumb');

  // from 我的考试: its own breadcrumb, the paper named last
  await page.goto('/dj/partyMember/iStudy/subject/info/exam');
  await expect(crumbs.getByRole('listitem')).toHaveText(['我的学习', '我的考试']);
  await page.getByTestId('exam-paper-card').filter({ hasText: paperName }).getByRole('link', { name: paperName }).click();
  await expect(page.getByRole('heading', { name: paperName })).toBeVisible();
  await expect(crumbs.getByRole('listitem')).toHaveText(['我的学习', '我的考试', paperName]);
  await crumbs.getByRole('link', { name: '我的考试' }).click();
  await expect(page).toHaveURL(/\/subject\/info\/exam$/);
  await expect(page.getByTestId('exam-paper-card').filter({ hasText: paperName })).toBeVisible();

  // from the topic: the topic's breadcrumb, whose 专题详情 opens the topic again
  await page.goto(`/dj/partyMember/iStudy/subject/info?id=${topicId}`);
  await expect(page.getByRole('heading', { name: topicName })).toBeVisible();
  await page.getByTestId('subject-exam').filter({ hasText: paperName }).getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`exam\\?paperId=${paperId}&topicId=${topicId}$`));
  await expect(page.getByRole('heading', { name: paperName })).toBeVisible();
  await expect(crumbs.getByRole('listitem')).toHaveText(['我的学习', '专题课程', '专题详情', '专题考试']);
  await crumbs.getByRole('link', { name: '专题详情' }).click();
  await expect(page).toHaveURL(new RegExp(`subject/info\\?id=${topicId}$`));
  await expect(page.getByRole('heading', { name: topicName })).toBeVisible();
  await expect(page.getByText('专题不存在或已停用')).toHaveCount(0);
  expect(errors).toEqual([]);
});
