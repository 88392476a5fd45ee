/**
 * The big-screen dashboard as a wall screen shows it: `/dj/bigScreen/DEMO-WJ-0001` (the
 * demo code of 温江区) at 1920×1080 in a browser without any session, every figure equal to what the
 * device call answers, the map fitted to the district with its organisations in clusters, the empty states of content;
 * then a refresh that fails keeps the figures and says 连接中断，正在重试, and the next one recovers
 * (the page's clock, not the wall's: page.clock); an unknown code shows the Chinese message page.
 * The screenshot is saved in the test's artefacts.
 */
import { expect, test } from '@playwright/test';
import { trackErrors } from './helpers';

const CODE = 'DEMO-WJ-0001';
const FIGURES = '**/api/services/app/BigScreenDashboardService/Figures*';

const count = (n: number) => new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 }).format(n);
const hours = (n: number) => new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

test.use({ viewport: { width: 1920, height: 1080 } });

test('the dashboard of a registration code: real figures at 1920×1080, no session, survives a failed refresh', async ({ page }, testInfo) => {
  const errors = trackErrors(page);
  await page.clock.install();
  // the figures the page itself received: other specs add members meanwhile, so a separate call
  // made a moment earlier may count one fewer
  const answered = page.waitForResponse((r) => r.url().includes('/BigScreenDashboardService/Figures'));
  await page.goto(`/dj/bigScreen/${CODE}`);
  const api = await answered;
  expect(api.status()).toBe(200);
  const f = (await api.json()).result;
  expect(f.organName).toBe('中共成都市温江区委员会');
  await expect(page).toHaveURL(new RegExp(`/dj/bigScreen/${CODE}$`)); // no redirect to the login page
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${f.organName} · 智慧党建数据大屏`);
  const figure = (name: string) => page.locator(`[data-figure=${name}] .bs-kpi__number`);
  await expect(figure('memberCount')).toHaveText(count(f.memberCount));
  await expect(figure('organCount')).toHaveText(count(f.organCount));
  await expect(figure('todayHours')).toHaveText(hours(f.todayHours));
  await expect(figure('todayLearners')).toHaveText(count(f.todayLearners));
  await expect(figure('quarterMeetings')).toHaveText(count(f.quarterMeetings));
  expect(f.memberCount).toBeGreaterThan(0);
  // the branch ranking: the first bar is the API's first branch
  const ranking = page.getByRole('region', { name: '本月支部学时排行' });
  if (f.topBranches.length) await expect(ranking.getByRole('img', { name: '本月支部学时排行' })).toBeVisible();
  // the map: fitted to the district itself (温江区, 510115, from the bundled district outlines), its
  // organisations gathered into several clusters with counts (issue 34: before, one pin at 成都市)
  const map = page.getByRole('region', { name: '党组织分布' });
  expect(f.areaCode).toBe('510115');
  await expect(map.locator('.dj-map__outline > path')).toHaveCount(21);
  await expect(map.locator('[data-testid=map-districts] path')).toHaveCount(183);
  const own = map.locator('path.dj-map__area');
  await expect(own).toHaveCount(1);
  await expect(own).toHaveAttribute('data-name', '温江区');
  // the district fills most of the map (the view is fitted to it, not to the province)
  const [ownBox, mapBox] = [(await own.boundingBox())!, (await map.locator('svg[role=application]').boundingBox())!];
  expect(Math.max(ownBox.width / mapBox.width, ownBox.height / mapBox.height)).toBeGreaterThan(0.6);
  const pins = map.locator('[data-cluster], [data-marker]');
  expect(await pins.count()).toBeGreaterThan(1);
  const counted = await map.locator('[data-cluster]').evaluateAll((els) => els.reduce((n, e) => n + Number(e.getAttribute('data-cluster')), 0));
  expect(counted + (await map.locator('[data-marker]').count())).toBe(f.markers.length);
  // a cluster opens (zooms in) to show its organisations apart
  const first = map.locator('[data-cluster]').first();
  const gathered = Number(await first.getAttribute('data-cluster'));
  await first.click();
  await expect(map.locator('[data-marker]').first()).toBeVisible();
  const largest = () => map.locator('[data-cluster]').evaluateAll((els) => Math.max(0, ...els.map((e) => Number(e.getAttribute('data-cluster')))));
  expect(await largest()).toBeLessThan(gathered);
  await map.getByRole('button', { name: '复位' }).click();
  await expect(page.locator('[data-figure=markerTotal]')).toContainText(`有坐标的党组织 ${count(f.markerTotal)} 个`);
  // content of the screen's version: its news and video, or the empty states
  const news = page.getByRole('region', { name: '新闻资讯' });
  if (f.content.news.length) await expect(news).toContainText(f.content.news[0].title);
  else await expect(news).toContainText('暂无资讯');
  const video = page.getByRole('region', { name: '宣传视频' });
  if (f.content.video) await expect(video.locator('video')).toHaveCount(1);
  else await expect(video).toContainText('暂无视频');
  await expect(page.getByText('连接中断，正在重试')).toHaveCount(0);

  await page.waitForTimeout(300); // the outline's fade-in
  const shot = testInfo.outputPath('big-screen-1920x1080.png');
  await page.screenshot({ path: shot });
  await testInfo.attach('big-screen-1920x1080', { path: shot, contentType: 'image/png' });

  // the server goes away: the minute's refresh fails, the figures stay, the marker shows
  await page.route(FIGURES, (route) => route.abort('connectionrefused'));
  await page.clock.runFor(61_000);
  await expect(page.getByText('连接中断，正在重试')).toBeVisible();
  await expect(figure('memberCount')).toHaveText(count(f.memberCount));
  // it is back: the retry (sooner than a minute) recovers without a reload
  await page.unroute(FIGURES);
  const recovered = page.waitForResponse((r) => r.url().includes('/BigScreenDashboardService/Figures'));
  await page.clock.runFor(11_000);
  const again = (await (await recovered).json()).result;
  await expect(page.getByText('连接中断，正在重试')).toHaveCount(0);
  // the figures of the recovering answer (other specs may have added members since the first)
  await expect(figure('memberCount')).toHaveText(count(again.memberCount));
  expect(errors).toEqual([]);
});

test('an unknown code shows a Chinese message, not a login page', async ({ page }) => {
  await page.goto('/dj/bigScreen/NO-SUCH-SCREEN');
  await expect(page.getByRole('alert')).toContainText('注册码无效或已停用');
  await expect(page).toHaveURL(/\/dj\/bigScreen\/NO-SUCH-SCREEN$/);
});
