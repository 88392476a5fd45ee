/**
 * 培训班 for a member: he finds a class open for applications in 集中轮训, applies; the
 * organiser approves him in the class's 学员 list; he signs in to the course with the code the
 * organiser shows (the class opened early, its first course under way) and to a second by its QR code
 * (one click; the token leaves the address), plays its video (the study report credits it), writes a note and a mind; the
 * organiser comments on the mind in 思想汇报 and makes it public; the member reads the comment.
 * The class and its course are made through the API (the organiser's screens have their own spec).
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, newMember, playVideoToEnd, signIn, trackErrors, signOutHere } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

const DISTRICT = '中共成都市温江区委员会';
const MIN = 60_000;
const stamp = () => `${Date.now() % 1_000_000}${Math.random().toString(36).slice(2, 5)}`;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

async function organiserApi(request: APIRequestContext) {
  const token = await apiToken(request, 'districtadmin', true);
  const headers = { Authorization: `Bearer ${token}` };
  return async (method: 'get' | 'post' | 'put', action: string, data: Record<string, unknown> = {}) => {
    const url = `/api/services/app/${action}`;
    const r = method === 'get' ? await request.get(url, { headers, params: data as Record<string, string> }) : await request[method](url, { headers, data });
    const body = await r.json();
    expect(r.status(), JSON.stringify(body)).toBe(200);
    return body.result;
  };
}

/** A class open for applications now, starting in two days; a course must lie within its 培训时间. */
const classFields = (className: string, startMs: number) => ({
  className, applyStartTime: iso(-60 * MIN), applyEndTime: iso(24 * 60 * MIN), startTime: iso(startMs), endTime: iso(10 * 24 * 60 * MIN),
  trainNumbers: 30, needAudit: true, address: '温江区委党校', introduction: '<p>提升青年党员的理论素养和履职能力。</p>',
});

test('培训班: apply, approval, sign-in by code, a course video, a note and a mind commented by the organiser', async ({ page, request }) => {
  test.setTimeout(240_000);
  const errors = trackErrors(page);
  const api = await organiserApi(request);
  const className = `青年党员骨干培训班${stamp()}`;
  const classId = (await api('post', 'TrainClassService/Create', classFields(className, 2 * 24 * 60 * MIN))).id;

  // a member of the district of his own: the study rules credit one playing video per member at a time,
  // and other specs play as the demo members meanwhile
  const who = await newMember(request, '培训班学员');
  // he finds the class among those open to him and applies
  await signIn(page, who.userName);
  await page.goto('/dj/partyMember/iStudy/rotationTrain');
  await page.getByRole('tab', { name: '可报名培训班' }).click();
  await page.getByTestId('rotation-class').filter({ hasText: className }).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`rotationTrain/info\\?id=${classId}`));
  await expect(page.getByRole('heading', { name: className })).toBeVisible();
  await page.getByRole('button', { name: /报\s*名/ }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定|确\s*认/ }).click();
  await expect(page.locator('.ant-message')).toContainText('报名成功，请等待审核');
  await expect(page.getByTestId('train-student-status')).toContainText('待审核');

  // the organiser approves him in the class's 学员 list
  const students = await api('get', 'TrainClassService/StudentPageList', { trainClassId: classId, status: 0 });
  expect(students.items).toHaveLength(1);
  await api('post', 'TrainClassService/Audit', { id: students.items[0].id, approved: true });

  // the class opens early (its start moved to an hour ago), and its first course is under way now — within
  // the class's 培训时间, as a course must be — an online one (its sign-in open) with a video of the library
  await api('put', 'TrainClassService/Update', { id: classId, ...classFields(className, -60 * MIN) });
  const courseId = (await api('post', 'TrainClassCourseService/Create', { trainClassId: classId, courseName: '开班第一课：青年党员的使命担当', courseType: 2, period: 2, startTime: iso(-10 * MIN), endTime: iso(180 * MIN) })).id;
  const videos = ((await api('get', 'TrainClassService/GetSpecialResourceOptions')) as { id: number; name: string; resourceType: number }[]).filter((r) => r.resourceType === 1);
  const video = videos.find((v) => v.name.includes('微党课')) ?? videos[0];
  await api('post', 'TrainClassCourseService/SetCourseResource', { trainClassCourseId: courseId, resourceList: [video.id], resourceType: 1 });

  // an approved student: the course, signed in with the organiser's code
  await page.reload();
  await expect(page.getByTestId('train-student-status')).toContainText('已通过');
  const course = page.getByTestId('train-course').filter({ hasText: '开班第一课' });
  await expect(course).toContainText('未签到');
  const { code } = await api('post', 'TrainClassCourseService/SignCode', { id: courseId });
  await course.getByLabel('开班第一课：青年党员的使命担当签到码').fill(code);
  await course.getByRole('button', { name: /签\s*到/ }).click();
  await expect(course).toContainText('已签到');

  // a second course signed in by its QR code: the code opens the class with the course and a signed
  // token, one click signs in, and both leave the address (a reload does not offer it again)
  const second = (await api('post', 'TrainClassCourseService/Create', { trainClassId: classId, courseName: '第二课：基层治理中的党员作用', courseType: 1, period: 1, address: '温江区委党校201教室', startTime: iso(-5 * MIN), endTime: iso(120 * MIN) })).id;
  const { signUrl } = await api('post', 'TrainClassCourseService/SignCode', { id: second });
  await page.goto(`/dj${signUrl}`);
  const scan = page.getByTestId('train-scan-signin');
  await expect(scan).toContainText('第二课：基层治理中的党员作用');
  await scan.getByRole('button', { name: '一键签到' }).click();
  await expect(page.locator('.ant-message')).toContainText('签到成功');
  await expect(page).toHaveURL(new RegExp(`rotationTrain/info\\?id=${classId}$`));
  await expect(scan).toHaveCount(0);
  await expect(page.getByTestId('train-course').filter({ hasText: '第二课' })).toContainText('已签到');

  // its video in the ordinary player; the end of the clip reports at once
  await course.getByRole('button', { name: /学习资源/ }).click();
  await course.getByTestId('resource-card').filter({ hasText: video.name }).click();
  await expect(page).toHaveURL(/partybook\/video\/info\?id=\d+/);
  expect((await playVideoToEnd(page)).credited).toBeGreaterThanOrEqual(2);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`rotationTrain/info\\?id=${classId}`));

  // a note on the course, in the rich-text editor
  await page.getByTestId('train-course').filter({ hasText: '开班第一课' }).getByRole('button', { name: '学习笔记' }).click();
  const noteDialog = page.locator('.ant-modal:visible');
  await noteDialog.getByLabel('笔记标题').fill('第一课笔记');
  await noteDialog.locator('.public-DraftEditor-content').click();
  await page.keyboard.type('青年党员要勇于担当，在基层一线建功立业。');
  await noteDialog.getByRole('button', { name: '保存笔记' }).click();
  await expect(page.locator('.ant-message')).toContainText('学习笔记已保存');

  // a mind on the class
  await page.getByTestId('class-mind-write').click();
  const mindDialog = page.locator('.ant-modal:visible');
  const mindTitle = `培训体会${stamp()}`;
  await mindDialog.getByLabel('标题').fill(mindTitle);
  await mindDialog.locator('.public-DraftEditor-content').click();
  await page.keyboard.type('通过开班第一课的学习，更加明确了青年党员的责任。');
  await mindDialog.getByRole('button', { name: /^提\s*交$/ }).click();
  await expect(page.locator('.ant-message')).toContainText('思想汇报已提交');
  // it opens at once, waiting for the organiser
  await expect(page).toHaveURL(/mindReport\/info\?id=\d+/);
  await expect(page.getByRole('heading', { name: mindTitle })).toBeVisible();
  await expect(page.getByText('等待培训班组织者点评')).toBeVisible();

  // the organiser comments on it in 思想汇报 and makes it public
  await signOutHere(page);
  await signInAdmin(page, 'districtadmin', DISTRICT);
  const s = new Screen(page);
  await s.open('/education/mindReport');
  await expect(s.row(mindTitle)).toBeVisible({ timeout: 20_000 });
  await s.rowAction(mindTitle, '点评');
  const prompt = page.locator('.ant-modal:visible');
  await prompt.getByLabel('点评内容').fill('体会深刻，望学以致用。');
  await prompt.getByRole('button', { name: /确\s*定|提\s*交|保\s*存/ }).click();
  await s.toast('点评成功');
  await s.rowAction(mindTitle, '设为公开');
  await page.locator('.ant-modal-confirm, .ant-popconfirm').getByRole('button', { name: /确\s*定|确\s*认/ }).click();
  await s.toast('已设为公开');

  // the member reads the comment; his classmates see the mind
  await signOutHere(page);
  await signIn(page, who.userName);
  await page.goto(`/dj/partyMember/iStudy/rotationTrain/info?id=${classId}`);
  const minds = page.getByTestId('class-minds');
  await expect(minds).toContainText('已点评');
  await minds.getByRole('link', { name: mindTitle }).first().click();
  await expect(page).toHaveURL(/mindReport\/info\?id=\d+/);
  await expect(page.getByTestId('mind-comment')).toContainText('体会深刻，望学以致用。');
  expect(errors).toEqual([]);
});
