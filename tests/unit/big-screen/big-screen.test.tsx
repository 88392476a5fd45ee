/**
 * The big screen's pure parts: the platform periods the server counts in, the canvas
 * fitted to a window, the ranking's bar lengths, and the canvas as a user sees one answer — the
 * figures, the ranking, the map's markers, the empty states of content and the offline marker.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { screenPeriods, toHours } from '../../../src/server/domains/big-screen/figures';
import { barRatios, CANVAS, fitScale, formatHours, quarterLabel } from '../../../src/client/pages/big-screen/layout';
import { DashboardView } from '../../../src/client/pages/big-screen/dashboard-view';
import type { ScreenFigures } from '../../../src/contract/big-screen';

afterEach(() => cleanup());

describe('screenPeriods (platform day, month, quarter)', () => {
  it('counts in the platform zone, not UTC: 2026-12-31 17:30 UTC is 2027-01-01 in Shanghai, Q1', () => {
    const p = screenPeriods(new Date('2026-12-31T17:30:05Z'), 'Asia/Shanghai');
    expect(p).toEqual({ day: '2027-01-01', monthFrom: '2027-01-01', monthTo: '2027-02-01', quarter: '2027-Q1', quarterFrom: '2027-01-01', quarterTo: '2027-04-01', wallNow: '2027-01-01 01:30:05' });
    // the same instant in UTC is still the old year's last quarter, whose end is the next year's first day
    expect(screenPeriods(new Date('2026-12-31T17:30:05Z'), 'UTC')).toMatchObject({ day: '2026-12-31', monthTo: '2027-01-01', quarter: '2026-Q4', quarterFrom: '2026-10-01', quarterTo: '2027-01-01' });
  });
  it('quarters start in January, April, July and October', () => {
    const q = (iso: string) => screenPeriods(new Date(iso), 'Asia/Shanghai');
    expect(q('2026-05-20T04:00:00Z')).toMatchObject({ quarter: '2026-Q2', quarterFrom: '2026-04-01', quarterTo: '2026-07-01', monthFrom: '2026-05-01', monthTo: '2026-06-01' });
    expect(q('2026-09-30T15:59:59Z')).toMatchObject({ day: '2026-09-30', quarter: '2026-Q3', quarterTo: '2026-10-01' });
    expect(q('2026-09-30T16:00:00Z')).toMatchObject({ day: '2026-10-01', quarter: '2026-Q4', quarterFrom: '2026-10-01' });
  });
  it('学时 are hours with two decimals', () => {
    expect(toHours(7200)).toBe(2);
    expect(toHours(1155)).toBe(0.32);
    expect(toHours(0)).toBe(0);
  });
});

describe('the canvas and the ranking', () => {
  it('fits 1920×1080 into any window, centred, aspect kept', () => {
    expect(fitScale(1920, 1080)).toEqual({ scale: 1, left: 0, top: 0 });
    expect(fitScale(3840, 2160)).toEqual({ scale: 2, left: 0, top: 0 });
    // a 4:3 window: scaled to its width, letterboxed above and below
    const f = fitScale(1280, 960);
    expect(f.scale).toBeCloseTo(1280 / CANVAS.width);
    expect(f.left).toBe(0);
    expect(f.top).toBeCloseTo((960 - 1080 * f.scale) / 2);
    // a wide window: scaled to its height, bars left and right
    expect(fitScale(2560, 1080)).toEqual({ scale: 1, left: 320, top: 0 });
    expect(fitScale(0, 0)).toEqual({ scale: 1, left: 0, top: 0 });
  });
  it('bars are lengths relative to the longest; nothing to rank is no bar', () => {
    expect(barRatios([2, 1, 0.5])).toEqual([1, 0.5, 0.25]);
    expect(barRatios([0, 0])).toEqual([0, 0]);
    expect(barRatios([])).toEqual([]);
  });
  it('labels', () => {
    expect(quarterLabel('2026-Q4')).toBe('2026年第四季度');
    expect(formatHours(0.3)).toBe('0.30');
  });
});

const FIGURES: ScreenFigures = {
  organId: 17, organName: '中共成都市温江区委员会', areaCode: '510115', serverTime: '2026-11-25T03:00:00Z', timeZone: 'Asia/Shanghai', day: '2026-11-25', quarter: '2026-Q4',
  memberCount: 12345, organCount: 28, todayHours: 3.5, todayLearners: 7, monthHours: 20.25, quarterMeetings: 4,
  topBranches: [
    { organId: 1, organName: '柳城街道凤凰社区党支部', hours: 2, learners: 3 },
    { organId: 2, organName: '公平街道公平社区党支部', hours: 1, learners: 1 },
  ],
  markers: [{ id: 1, name: '柳城街道凤凰社区党支部', longitude: 103.84, latitude: 30.69, address: null, secretaryName: null, contactPhone: null }],
  markerTotal: 600,
  monthTrend: [{ month: '2026-10', hours: 12.5 }, { month: '2026-11', hours: 20.25 }],
  content: { version: null, news: [], video: null },
};

describe('DashboardView', () => {
  it('shows the figures, the ranking, the markers and the empty states of content', async () => {
    render(<DashboardView figures={FIGURES} clock="2026-11-25 11:00" offline={false} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('中共成都市温江区委员会 · 智慧党建数据大屏');
    expect(screen.getByText('2026年第四季度')).toBeTruthy();
    const kpis = within(screen.getByRole('region', { name: '基本情况' }));
    expect(kpis.getByText('12,345')).toBeTruthy();
    expect(kpis.getByText('3.50')).toBeTruthy();
    expect(kpis.getByText('20.25')).toBeTruthy();
    const ranking = screen.getByRole('img', { name: '本月支部学时排行' });
    expect(ranking.querySelector('desc')!.textContent).toBe('柳城街道凤凰社区党支部 2.00学时；公平街道公平社区党支部 1.00学时');
    expect(screen.getByRole('region', { name: '新闻资讯' }).textContent).toContain('暂无资讯');
    expect(screen.getByRole('region', { name: '宣传视频' }).textContent).toContain('暂无视频');
    // more organisations than the map draws: the caption says so
    expect(screen.getByText('有坐标的党组织 600 个（地图显示 1 个）')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: '柳城街道凤凰社区党支部' })).toBeTruthy());
    expect(screen.queryByText('连接中断，正在重试')).toBeNull();
  });

  it('shows the version\'s news and video, and the offline marker over the last figures', () => {
    const withContent: ScreenFigures = {
      ...FIGURES,
      topBranches: [],
      content: {
        version: { id: 1, versionName: '2026版' },
        news: [{ id: 9, title: '温江区召开党建工作推进会', newsType: 1, coverImage: null, creationTime: '2026-11-24T17:00:00Z' }],
        video: { id: 3, title: '党建宣传片', videoUrl: '/file/f/video.mp4', coverImage: null },
      },
    };
    render(<DashboardView figures={withContent} clock="2026-11-25 11:00" offline />);
    const news = screen.getByRole('region', { name: '新闻资讯' });
    expect(news.textContent).toContain('温江区召开党建工作推进会');
    // an instant's day in the platform zone: 17:00 UTC is the next day in Shanghai
    expect(news.textContent).toContain('2026-11-25');
    expect(screen.getByRole('region', { name: '宣传视频' }).querySelector('video')!.getAttribute('src')).toBe('/file/f/video.mp4');
    expect(screen.getByRole('region', { name: '本月支部学时排行' }).textContent).toContain('本月暂无学习记录');
    expect(screen.getByRole('status').textContent).toContain('连接中断，正在重试');
  });

  it('shows only the panels of the current version\'s modules', () => {
    const some: ScreenFigures = { ...FIGURES, content: { version: { id: 2, versionName: '精简版', modules: ['members', 'news'] }, news: [], video: null } };
    render(<DashboardView figures={some} clock="2026-11-25 11:00" offline={false} />);
    expect(screen.getByText('12,345')).toBeTruthy();
    expect(screen.getByRole('region', { name: '新闻资讯' })).toBeTruthy();
    for (const gone of ['宣传视频', '党组织分布', '本月支部学时排行']) expect(screen.queryByRole('region', { name: gone })).toBeNull();
    expect(screen.queryByText('今日学时')).toBeNull();
  });
});
