/**
 * Kind statistics from a sample answer: a figure card per measure total, a chart named by its
 * values with a hidden table of them, a table with 合计, filters sent as on lists, and a drill-down into an
 * organisation's row (the next call asks for its organPath) with the trail back.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 90_000 });
import { configure, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from 'antd';

vi.mock('../../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(() => Promise.resolve()), TOAST_SECONDS: 3 }));
vi.mock('../../../src/client/api/request', () => import('./api-mock'));

import { calls, respond, resetCalls } from './api-mock';
import { resetState, setState } from '../../../src/client/state/store';
import StatisticsScreen from '../../../src/client/engine/statistics';
import type { ScreenDef, StatisticsAnswer } from '../../../src/client/engine/types';

// a cold start loads the lazy widgets and kinds: give the queries time on a busy machine
configure({ asyncUtilTimeout: 10_000 });

const def: ScreenDef = {
  tag: 'activityStatistics',
  kind: 'statistics',
  title: '活动统计',
  calls: { statistics: 'ActivityService/Statistics' },
  params: { year: 2026 },
  filters: [{ field: 'keyword', type: 'text', title: '关键字' }],
  statistics: { labelTitle: '党组织' },
};

const province: StatisticsAnswer = {
  totals: { count: 42, participants: 380 },
  measures: [
    { key: 'count', title: '活动数' },
    { key: 'participants', title: '参与人次' },
  ],
  rows: [
    { key: 5, label: '成都市委', organId: 5, organPath: '/1/5/', count: 30, participants: 300 },
    { key: 6, label: '绵阳市委', organId: 6, organPath: '/1/6/', count: 10, participants: 70 },
    { key: 'self', label: '本级', count: 2, participants: 10 },
  ],
};
const chengdu: StatisticsAnswer = {
  totals: { count: 30, participants: 300 },
  measures: province.measures,
  rows: [{ key: 23, label: '温江区委', organId: 23, organPath: '/1/5/23/', count: 30, participants: 300 }],
};

const renderScreen = (s: ScreenDef = def) =>
  render(
    <MemoryRouter initialEntries={['/service/activityStatistics']}>
      <App>
        <StatisticsScreen screen={s} config={{ screens: {}, entities: {} }} basePath="/service/activityStatistics" />
      </App>
    </MemoryRouter>,
  );

beforeEach(() => {
  resetCalls();
  resetState();
  setState({ session: { accessToken: 't', organId: 1, organName: '省委', organPath: '/1/' } as any });
  respond((_m, _u, p) => (p.organPath === '/1/5/' ? chengdu : province));
});
afterEach(cleanup);

describe('statistics screen', () => {
  it('shows a card per measure total, the chart with its values and the table with 合计', async () => {
    renderScreen();
    const card = await screen.findByText('活动数', { selector: '.ant-statistic-title' });
    expect(within(card.closest('[data-measure]') as HTMLElement).getByText('42')).toBeTruthy();
    expect(within(document.querySelector('[data-measure="participants"]') as HTMLElement).getByText('380')).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/services/app/ActivityService/Statistics', payload: { year: 2026 } });

    // the chart (widgets/chart: ECharts, drawn as bars) is named by its title and every value,
    // and a visually hidden table lists the same values
    const chart = screen.getByRole('img', { name: '活动数（按党组织）：成都市委：30；绵阳市委：10；本级：2' });
    const figure = chart.closest('figure')!;
    expect(figure.getAttribute('data-chart')).toBe('bar');
    const hidden = figure.querySelector('table.dj-visually-hidden') as HTMLElement;
    expect([...hidden.querySelectorAll('tbody tr')].map((r) => r.textContent)).toEqual(['成都市委30', '绵阳市委10', '本级2']);

    const table = document.querySelector('.dj-statistics__table') as HTMLElement;
    expect(within(table).getAllByText('党组织').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('参与人次').length).toBeGreaterThan(0);
    const total = table.querySelector('.dj-statistics__total') as HTMLElement;
    expect(total.textContent).toBe('合计42380');
  });

  it('switches the chart to another measure', async () => {
    renderScreen();
    await screen.findByRole('img', { name: /活动数/ });
    fireEvent.click(screen.getByText('参与人次', { selector: '.ant-segmented-item-label' }));
    expect(await screen.findByRole('img', { name: '参与人次（按党组织）：成都市委：300；绵阳市委：70；本级：10' })).toBeTruthy();
  });

  it('drills into an organisation row and back; 本级 is no link', async () => {
    renderScreen();
    await screen.findByRole('img', { name: /活动数/ });
    expect(screen.queryByRole('button', { name: '本级，查看下级' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '成都市委，查看下级' }));
    await waitFor(() => expect(calls.at(-1)!.payload).toEqual({ year: 2026, organPath: '/1/5/' }));
    expect(await screen.findByRole('button', { name: '温江区委，查看下级' })).toBeTruthy();
    expect(screen.getByText('成都市委', { selector: '[aria-current="page"]' })).toBeTruthy();
    // (a click on a bar drills too, in a browser: the e2e of 党员分析)
    fireEvent.click(screen.getByRole('button', { name: '温江区委，查看下级' }));
    await waitFor(() => expect(calls.at(-1)!.payload.organPath).toBe('/1/5/23/'));
    fireEvent.click(screen.getByText('全部'));
    await waitFor(() => expect(calls.at(-1)!.payload).toEqual({ year: 2026 }));
    expect(await screen.findByRole('button', { name: '绵阳市委，查看下级' })).toBeTruthy();
  });

  it('sends the filters like a list and starts again from the top', async () => {
    renderScreen();
    await screen.findByRole('img', { name: /活动数/ });
    fireEvent.change(screen.getByPlaceholderText('请输入关键字'), { target: { value: ' 党课 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(calls.at(-1)!.payload).toEqual({ year: 2026, keyword: '党课' }));
  });

  it('shows the empty state without rows and only the measures the screen names', async () => {
    respond(() => ({ ...province, rows: [] }));
    renderScreen({ ...def, statistics: { measures: ['participants'] }, empty: '暂无统计数据' });
    expect(await screen.findByText('暂无统计数据')).toBeTruthy();
    expect(document.querySelector('[data-measure="count"]')).toBeNull();
    expect(document.querySelector('[data-measure="participants"]')).toBeTruthy();
  });

  it('draws each group of the answer as a chart of its own, even without rows (党员分析 of a branch)', async () => {
    respond(() => ({
      totals: { count: 12 },
      measures: [{ key: 'count', title: '党员人数' }],
      rows: [],
      groups: [
        { key: 'sex', title: '性别', rows: [{ key: '1', label: '男', count: 7 }, { key: '2', label: '女', count: 5 }] },
        { key: 'partyDuty', title: '党内职务', rows: [] },
      ],
    }));
    renderScreen({ ...def, statistics: { labelTitle: '下级党组织' }, empty: '暂无统计数据' });
    const sex = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('[data-group="sex"]');
      expect(el).toBeTruthy();
      return el!;
    });
    expect(within(sex).getByText('性别', { selector: '.ant-card-head-title' })).toBeTruthy();
    expect(within(sex).getByRole('img', { name: /党员人数（按性别）/ })).toBeTruthy();
    expect(within(document.querySelector<HTMLElement>('[data-group="partyDuty"]')!).getByText('无数据')).toBeTruthy();
    // no rows by organisation: no table and no empty state of the whole answer
    expect(screen.queryByText('暂无统计数据')).toBeNull();
  });
});
