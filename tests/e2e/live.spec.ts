/**
 * 直播 end to end, with no live server configured (the e2e server has none): an administrator of
 * 温江区 creates a live room that plays a recorded video of the resource library — started five
 * minutes ago by the real clock of the platform zone, so it is live now —, approves it from 直播审核,
 * and a member finds it in the hall's 正在直播 and watches it: the video element plays (its
 * currentTime advances) and he is counted once among the viewers. The title carries a random suffix:
 * the spec runs beside others and again on the same server.
 */
import { expect, test } from '@playwright/test';
import { DEFAULT_PLATFORM_TZ, zoneMinute } from '../../src/contract/platform-time';
import { go, signIn, trackErrors } from './helpers';
import { Screen, signInAdmin } from './engine-helpers';

const DISTRICT = '中共成都市温江区委员会';
const CITY = '中共成都市委员会';
const MINUTE = 60_000;
const wallClockIn = (ms: number) => zoneMinute(new Date(Date.now() + ms), DEFAULT_PLATFORM_TZ);

test('直播: a district administrator creates a room playing a recorded video, the city approves it, a member watches it from the hall', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const errors = trackErrors(page);
  const title = `端到端专题直播${Math.random().toString(36).slice(2, 8)}`;
  await signInAdmin(page, 'districtadmin', DISTRICT);
  const s = new Screen(page);
  await s.open('/education/live');
  await s.toolbar('新建直播');
  await s.fill('直播标题', title);
  await s.fill('主讲人', '陈晓燕');
  const start = wallClockIn(-5 * MINUTE);
  const end = wallClockIn(120 * MINUTE);
  await s.setTime('开始时间', start);
  await s.setTime('结束时间', end);
  await s.field('录播视频').locator('.ant-select-selector').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '微党课：新时代党员的初心使命' }).first().click();
  const created = page.waitForResponse((r) => r.url().includes('/LiveRoomService/CreateLiveRoom'));
  await s.submitForm();
  const room = (await (await created).json()).result;
  expect(room).toMatchObject({ title, startTime: start, endTime: end, auditStatus: 0, resourceName: '微党课：新时代党员的初心使命' });
  await s.toast('操作成功');
  await expect(s.row(title)).toContainText('待审核');

  // 直播审核: nobody approves his own room (docs/SECURITY.md separation of duties) — the city administrator approves it
  const cityContext = await browser.newContext({ locale: 'zh-CN' });
  const cp = await cityContext.newPage();
  const cityErrors = trackErrors(cp);
  await signInAdmin(cp, 'cityadmin', CITY);
  const cs = new Screen(cp);
  await cs.open('/education/liveAudit');
  await cs.rowAction(title, '审核');
  const dialog = cp.getByRole('dialog', { name: '审核' });
  await dialog.getByText('通过', { exact: true }).click();
  await cp.getByTestId('transition-submit').click();
  await cs.toast('操作成功');
  await expect(cs.row(title)).toHaveCount(0);
  expect(errors).toEqual([]);
  expect(cityErrors).toEqual([]);
  await cityContext.close();

  // a member of the district watches it from the hall
  const context = await browser.newContext({ locale: 'zh-CN' });
  const m = await context.newPage();
  const memberErrors = trackErrors(m);
  await signIn(m, 'member');
  await go(m, '/partyMember/partySpace/live');
  await expect(m.getByRole('tab', { name: '正在直播' })).toHaveAttribute('aria-selected', 'true');
  const card = m.getByTestId('live-card').filter({ hasText: title });
  await expect(card).toContainText('直播中');
  await expect(card).toContainText('0 人观看');
  await card.click();
  await expect(m).toHaveURL(/\/partyMember\/partySpace\/liveRoom\?id=\d+/);
  await expect(m.getByTestId('live-viewers')).toHaveText('1');
  const video = m.locator('.dplayer video');
  await expect(video).toBeAttached({ timeout: 20_000 });
  await m.waitForTimeout(1500);
  if (await video.evaluate((v: HTMLVideoElement) => v.paused)) await m.locator('.dplayer-play-icon').click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  // entering again counts him once
  await m.reload();
  await expect(m.getByTestId('live-viewers')).toHaveText('1');
  expect(memberErrors).toEqual([]);
  await context.close();
});
