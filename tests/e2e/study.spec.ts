/**
 * The study loop in the browser: 党员书架 cards, the video with the study timer under
 * page.clock, the audio toggle, the PDF page input, and the offline declaration.
 *
 * The server credits at most the wall-clock time since the last accepted report (60 s cap), so the
 * video test lets ~20 real seconds of play pass before it runs the page's clock to the 60 s mark:
 * the one report then earns ≥ 18 s, which shows as 0.01 学时.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';
import { platformToday, signIn, trackErrors } from './helpers';

const BOOK = '/dj/partyMember/iStudy/partybook';
const isReport = (r: Request) => r.url().includes('/ResourceLibaryService/ResrouceStudy') && r.method() === 'POST';
const playSeconds = (page: Page) => page.getByTestId('play-seconds').getAttribute('data-seconds').then(Number);

test('video: the counter ticks while playing, one report after 60 s of play raises 学时, pause stops it', async ({ page }) => {
  test.setTimeout(150_000);
  const errors = trackErrors(page);
  await page.clock.install();
  await signIn(page, 'member');
  const reports: Request[] = [];
  page.on('request', (r) => isReport(r) && reports.push(r));

  // a fresh member: nothing studied yet
  await page.goto(`${BOOK}/latelyLearn`);
  await expect(page.getByText('暂无学习记录')).toBeVisible();

  // the bookshelf: cards by type, progress with two decimals; a video card opens video/info
  await page.getByRole('tab', { name: '视频' }).click();
  await expect(page).toHaveURL(/partybook\/video$/);
  const card = page.getByTestId('resource-card').filter({ hasText: '微党课' });
  await expect(card).toContainText('0.00%');
  await card.click();
  await expect(page).toHaveURL(/partybook\/video\/info\?id=\d+/);
  await expect(page.getByTestId('view-count')).toContainText(/浏览 \d+/);
  await expect(page.getByTestId('collection-count')).toContainText('收藏 0');
  await expect(page.getByTestId('period')).toHaveText(/学时 0\.00 \/ 0\.02/);
  await expect(page.locator('.dplayer')).toBeVisible();

  // autoplay; when the browser blocks it, one click on DPlayer's play button
  const video = page.locator('.dplayer video');
  await page.waitForTimeout(1500);
  if (await video.evaluate((v: HTMLVideoElement) => v.paused)) await page.locator('.dplayer-play-icon').click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);

  // about 20 s of real play: the counter follows the media, no report yet
  await expect.poll(() => playSeconds(page), { timeout: 40_000, intervals: [1000] }).toBeGreaterThanOrEqual(20);
  expect(reports).toHaveLength(0);

  // the page's clock runs to the 60 s mark: exactly one report, the 学时 shown grows
  const reported = page.waitForResponse((r) => isReport(r.request()));
  const now = await playSeconds(page);
  await page.clock.runFor((60 - now) * 1000 + 500);
  const answer = await (await reported).json();
  expect(reports).toHaveLength(1);
  // the play seconds since the last report go along (the server credits at most the wall time)
  expect(reports[0].postDataJSON()).toEqual({ periodSource: 1, resouceId: expect.any(Number), seconds: expect.any(Number) });
  expect(answer.result.studyState).toBe(1);
  expect(answer.result.period).toBeGreaterThanOrEqual(0.01);
  await expect(page.getByTestId('period')).toHaveText(/学时 0\.0[1-9] \/ 0\.02/);
  await expect(page.getByTestId('percent')).toHaveText(/^\d+\.\d{2}%$/);
  expect(await playSeconds(page)).toBeGreaterThanOrEqual(60);

  // pause: the counter stops and no report follows, however long the clock runs
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  await expect(page.getByTestId('play-seconds')).toContainText('已暂停');
  const stoppedAt = await playSeconds(page);
  await page.clock.runFor(130_000);
  await page.waitForTimeout(500);
  expect(await playSeconds(page)).toBe(stoppedAt);
  expect(reports).toHaveLength(1);

  // collect and cancel
  await page.getByRole('button', { name: '收藏' }).click();
  await expect(page.getByTestId('collection-count')).toContainText('收藏 1');
  await page.getByRole('button', { name: '取消收藏' }).click();
  await expect(page.getByTestId('collection-count')).toContainText('收藏 0');

  // 最近学习 now lists the video
  await page.goto(`${BOOK}/latelyLearn`);
  await expect(page.getByTestId('resource-card').filter({ hasText: '微党课' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('video: when the clip ends, the play since the last report is reported at once, and the progress follows', async ({ page }) => {
  test.setTimeout(150_000);
  const errors = trackErrors(page);
  // not `member` nor `cityadmin` (the tests around hold their one playing session)
  await signIn(page, 'districtadmin');
  const reports: Request[] = [];
  page.on('request', (r) => isReport(r) && reports.push(r));
  await page.goto(`${BOOK}/video`);
  await page.getByTestId('resource-card').filter({ hasText: '微党课' }).click();
  await expect(page).toHaveURL(/partybook\/video\/info\?id=\d+/);
  // not necessarily 0.00%: the a11y spec, in the other project, may have played a second of it
  await expect(page.getByTestId('percent')).toHaveText(/^\d+\.\d{2}%$/);
  const before = await page.getByTestId('percent').textContent();
  const video = page.locator('.dplayer video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  if (await video.evaluate((v: HTMLVideoElement) => v.paused)) await page.locator('.dplayer-play-icon').click();
  // some real play (the server credits wall time), then a jump to the last seconds: the clip ends
  await expect.poll(() => playSeconds(page), { timeout: 20_000, intervals: [500] }).toBeGreaterThanOrEqual(3);
  expect(reports).toHaveLength(0);
  const reported = page.waitForResponse((r) => isReport(r.request()), { timeout: 30_000 });
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = Math.max(0, v.duration - 1.5);
  });
  const answer = await (await reported).json();
  expect(reports).toHaveLength(1);
  const claim = reports[0].postDataJSON();
  expect(claim).toEqual({ periodSource: 1, resouceId: expect.any(Number), seconds: expect.any(Number) });
  expect(claim.seconds).toBeGreaterThanOrEqual(3);
  expect(claim.seconds).toBeLessThan(60);
  expect(answer.result).toMatchObject({ studyState: 1, durationSeconds: 75 });
  expect(answer.result.credited).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId('play-seconds')).toContainText('已暂停');
  // the percent from the seconds (3 s of 75 is 4.00%, though 学时 still reads 0.00)
  const after = `${(Math.floor((answer.result.seconds * 10000) / 75) / 100).toFixed(2)}%`;
  await expect(page.getByTestId('percent')).toHaveText(after);
  const hundredths = (p: string) => Math.round(parseFloat(p) * 100);
  expect(hundredths(after)).toBeGreaterThanOrEqual(hundredths(before!) + 400);
  expect(errors).toEqual([]);
});

test('audio toggles playing and paused; the PDF viewer pages with its input', async ({ page }) => {
  const errors = trackErrors(page);
  await signIn(page, 'member');
  await page.goto(`${BOOK}/audio`);
  await page.getByTestId('resource-card').filter({ hasText: '党章诵读' }).click();
  await expect(page).toHaveURL(/partybook\/audio\/info\?id=\d+/);
  await expect(page.getByTestId('period')).toHaveText(/学时 \d\.\d{2} \/ 0\.03/);
  await expect(page.getByTestId('audio-state')).toHaveText('已暂停');
  await page.getByRole('button', { name: '播放' }).click();
  await expect(page.getByTestId('audio-state')).toHaveText('播放中');
  await expect.poll(() => playSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  await page.getByRole('button', { name: '暂停' }).click();
  await expect(page.getByTestId('audio-state')).toHaveText('已暂停');
  const at = await playSeconds(page);
  await page.waitForTimeout(2000);
  expect(await playSeconds(page)).toBe(at);

  await page.goto(`${BOOK}/files`);
  await page.getByTestId('resource-card').filter({ hasText: '党员学习手册' }).click();
  await expect(page).toHaveURL(/partybook\/files\/info\?id=\d+/);
  await expect(page.getByTestId('pdf-count')).toContainText('共 3 页');
  const canvas = page.getByTestId('pdf-canvas');
  await expect(canvas).toHaveAttribute('data-page', '1');
  const input = page.getByLabel('页码');
  await input.fill('3');
  await input.press('Enter');
  await expect(canvas).toHaveAttribute('data-page', '3');
  await expect(page.getByRole('button', { name: '下一页' })).toBeDisabled();
  await page.getByRole('button', { name: '上一页' }).click();
  await expect(canvas).toHaveAttribute('data-page', '2');
  await expect(input).toHaveValue('2');
  // beyond the page count the input stays within 1..3
  await input.fill('9');
  await input.press('Enter');
  await expect(canvas).toHaveAttribute('data-page', '3');
  expect(errors).toEqual([]);
});

test('PDF: reading counts like playing — a report after 60 s of reading raises 学时; an idle reader stops', async ({ page }) => {
  test.setTimeout(150_000);
  const errors = trackErrors(page);
  await page.clock.install();
  // not `member` (the video test above holds that account's one playing session for 150 s), nor
  // `teacher` (sign-in.spec.ts makes it answer an image code)
  await signIn(page, 'cityadmin');
  const reports: Request[] = [];
  page.on('request', (r) => isReport(r) && reports.push(r));
  await page.goto(`${BOOK}/files`);
  await page.getByTestId('resource-card').filter({ hasText: '党员学习手册' }).click();
  await expect(page.getByTestId('pdf-count')).toContainText('共 3 页');
  await expect(page.getByTestId('period')).toHaveText(/学时 0\.00 \/ 0\.08/);
  // opening the document is reading it; the server credits real time, so some must pass
  await expect.poll(() => playSeconds(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  await page.waitForTimeout(20_000);
  await page.getByRole('button', { name: '下一页' }).click();
  const reported = page.waitForResponse((r) => isReport(r.request()));
  await page.clock.runFor((60 - (await playSeconds(page))) * 1000 + 500);
  const answer = await (await reported).json();
  expect(reports).toHaveLength(1);
  expect(answer.result.studyState).toBe(1);
  await expect(page.getByTestId('period')).toHaveText(/学时 0\.0[1-8] \/ 0\.08/);
  // no page turned, no key pressed: after two minutes the count pauses and no report follows
  await page.clock.runFor(150_000);
  await expect(page.getByTestId('play-seconds')).toContainText('已暂停');
  const stoppedAt = await playSeconds(page);
  const sent = reports.length;
  await page.clock.runFor(120_000);
  await page.waitForTimeout(300);
  expect(await playSeconds(page)).toBe(stoppedAt);
  expect(reports).toHaveLength(sent);
  expect(errors).toEqual([]);
});

test('offline declaration: submit, listed as pending, delete while pending', async ({ page }) => {
  const errors = trackErrors(page);
  await signIn(page, 'member');
  await page.goto('/dj/partyMember/iStudy/learningassess');
  await expect(page.getByText('线上学时', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: '线下学时申报' }).click();
  await expect(page).toHaveURL(/learningassess\/studydeclaration$/);
  await page.getByRole('button', { name: '提交申报' }).click();
  await expect(page.getByText('请输入学习内容')).toBeVisible();
  await expect(page.getByText('请选择学习日期')).toBeVisible();
  const title = `支部主题党日集中学习 ${Date.now() % 100000}`;
  // the form of schemas/offline-report.json (member kit MemberForm): fields by their schema name
  const field = (name: string) => page.locator(`[data-field=${name}]`);
  await field('title').locator('input').fill(title);
  // the browser runs far from China: its picker's today is still the platform's, and today may be declared
  const today = platformToday();
  await field('studyDate').locator('input').click();
  await expect(page.locator('.ant-picker-cell-today')).toHaveAttribute('title', today);
  // the platform's tomorrow cannot be picked, whatever the browser's day (the picker shows six weeks: it is in view)
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await expect(page.locator(`.ant-picker-cell[title="${tomorrow}"]`)).toHaveClass(/ant-picker-cell-disabled/);
  await field('studyDate').locator('input').fill(today);
  await page.getByRole('heading', { name: '线下学时申报' }).click(); // closes the picker and keeps the typed date
  await field('hours').locator('input').fill('2.5');
  await field('content').locator('textarea').fill('学习党章，重温入党誓词。');
  // evidence through the FileUpload widget
  await page.locator('.dj-file-upload input[type=file]').setInputFiles({ name: '签到表.pdf', mimeType: 'application/pdf', buffer: readFileSync('public/samples/party-handbook.pdf') });
  await expect(page.locator('[data-testid=file-item][data-status=finished]')).toContainText('签到表.pdf');
  await page.getByRole('button', { name: '提交申报' }).click();
  await expect(page).toHaveURL(/studydeclaration\/list$/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('待审核');
  await expect(row).toContainText('2.50');
  await expect(row).toContainText(today); // the platform's day, not the browser's
  await expect(row.getByRole('button', { name: /签到表\.pdf/ })).toBeVisible();
  await row.getByRole('button', { name: /删\s*除/ }).click();
  const confirm = page.locator('.ant-modal-confirm', { hasText: '确认删除该申报？' });
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.ant-message').getByText('删除成功')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  expect(errors).toEqual([]);
});
