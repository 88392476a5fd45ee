/**
 * The engine on 党费管理 (screens/party-dues*.json): the `fen` value type shows integer fen as 元
 * from the integer; 待确认 lists pending payments with 确认收款 posting the id; 设置基数 opens with the
 * stored base and sends what is typed in 元 as integer fen (FenInput).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from 'antd';
import { readConfigDir } from './config-dirs';

const calls: { method: string; url: string; payload: any }[] = [];
let responder: (method: string, url: string, payload: any) => unknown = () => null;

vi.mock('../../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(() => Promise.resolve()), TOAST_SECONDS: 3 }));
vi.mock('../../../src/client/api/request', async () => {
  class ApiError extends Error {
    status = 400;
    validationErrors = null;
  }
  const call = (method: string) => async (url: string, payload: any) => {
    calls.push({ method, url, payload });
    return responder(method, url, payload);
  };
  return { ApiError, api: { get: call('GET'), post: call('POST'), put: call('PUT'), delete: call('DELETE') } };
});

import { resetState, setState } from '../../../src/client/state/store';
import { ListScreen } from '../../../src/client/engine/list-screen';
import { Value } from '../../../src/client/engine/fields';
import StatisticsScreen from '../../../src/client/engine/statistics';
import type { ScreenDef, UiConfig } from '../../../src/client/engine/types';

const screens: Record<string, ScreenDef> = Object.fromEntries(readConfigDir('screens').map(({ json }) => [json.tag, json as ScreenDef]));
const entities = Object.fromEntries(readConfigDir('schemas').map(({ json }) => [json.name, json]));
const config: UiConfig = { screens, entities };

const payment = { id: 31, memberName: '李明', organName: '凤凰社区党支部', year: 2026, months: [10], monthsText: '10月', amount: 8400, channel: 'offline', channelText: '线下缴纳（支部确认）', status: 0, statusText: '待确认', creationTime: '2026-11-20T02:00:00Z' };
const base = { id: 5, memberId: 5, userId: 9, name: '李明', organName: '凤凰社区党支部', year: 2026, hasBase: true, category: 'job', categoryName: '在职党员', baseIncome: 560_000, band: 'job3', bandName: '在职：…1.5%', monthlyAmount: 8400 };

beforeEach(() => {
  calls.length = 0;
  resetState();
  setState({ session: { accessToken: 't', organId: 9, organName: '凤凰社区党支部', organPath: '/1/2/9/', organLevel: 5 } as any, permissionButton: {} });
  responder = (_m, url) => {
    if (url.endsWith('/PayDuesPageList')) return { totalCount: 1, items: [payment] };
    if (url.endsWith('/PayBasePageList')) return { totalCount: 1, items: [base] };
    if (url.endsWith('/GetPayBase')) return { ...base, fixedAmount: null, remark: null };
    if (url.endsWith('/ConfirmPay')) return { ...payment, status: 1 };
    if (url.endsWith('/ArrearsStatistics'))
      return {
        totals: { members: 3, months: 5, owed: 123_456 },
        rows: [{ key: 12, label: '柳城街道', organId: 12, organPath: '/1/2/9/12/', members: 3, months: 5, owed: 123_456 }],
        measures: [{ key: 'members', title: '欠缴人数' }, { key: 'months', title: '欠缴月数' }, { key: 'owed', title: '欠缴金额（元）', valueType: 'fen' }],
      };
    return true;
  };
});
afterEach(cleanup);

const renderList = (tag: string, path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App>
        <ListScreen screen={screens[tag]} config={config} basePath="/partyDues" />
      </App>
    </MemoryRouter>,
  );

describe('the fen value type', () => {
  it('shows fen as 元 with two decimals, built from the integer', () => {
    const col = { field: 'amount', valueType: 'fen' as const };
    expect(render(<Value col={col} record={{ amount: 4568 }} />).container.textContent).toBe('45.68');
    cleanup();
    expect(render(<Value col={col} record={{ amount: 30 }} />).container.textContent).toBe('0.30');
    cleanup();
    expect(render(<Value col={col} record={{ amount: null }} />).container.textContent).toBe('-');
  });
});

describe('党费管理 screens', () => {
  it('待确认 lists pending payments; 确认收款 asks, then posts the id', async () => {
    renderList('partyDues', '/partyDues');
    await screen.findByText('李明');
    expect(calls.find((c) => c.url.endsWith('/PayDuesPageList'))?.payload).toMatchObject({ status: 0 });
    expect(screen.getByText('84.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确认收款' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('确认已收到该党员线下缴纳的党费');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/ConfirmPay'))).toMatchObject({ method: 'POST', payload: { id: 31 } }));
  });

  it('设置基数 opens with the stored base and sends 元 typed as integer fen', async () => {
    renderList('partyDues/base', '/partyDues/base');
    await screen.findByText('李明');
    expect(screen.getByText('5600.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '设置基数' }));
    const dialog = await screen.findByRole('dialog');
    const income = (await within(dialog).findByDisplayValue('5600.00')) as HTMLInputElement;
    fireEvent.change(income, { target: { value: '4567.89' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/SetPayBase'))).toMatchObject({ method: 'POST', payload: { memberId: 5, year: 2026, category: 'job', baseIncome: 456_789 } }),
    );
  });

  it('欠缴统计 shows money measures in 元 in the cards, the table and the total', async () => {
    render(
      <MemoryRouter initialEntries={['/partyDues']}>
        <App>
          <StatisticsScreen screen={screens['partyDues/arrearsStatistics']} config={config} basePath="/partyDues" />
        </App>
      </MemoryRouter>,
    );
    expect((await screen.findAllByText('柳城街道')).length).toBeGreaterThan(0);
    // card, row and 合计: 1234.56, never 123456
    expect(screen.getAllByText('1234.56').length).toBeGreaterThanOrEqual(3);
    expect(screen.queryByText('123,456')).toBeNull();
  });
});
