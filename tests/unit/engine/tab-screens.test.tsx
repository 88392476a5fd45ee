/**
 * What hardship help needed of the engine, kept generic: a tab that shows another screen (the
 * statistics of a list's records beside them), select filters whose choices come from a status list
 * or the entity field, and edits that send only the form's fields (an update with a whitelist).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 90_000 });
import { configure, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from 'antd';

vi.mock('../../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(() => Promise.resolve()), TOAST_SECONDS: 3 }));
vi.mock('../../../src/client/api/request', () => import('./api-mock'));

import { calls, respond, resetCalls } from './api-mock';
import { resetState, setState } from '../../../src/client/state/store';
import { ListScreen } from '../../../src/client/engine/list-screen';
import { filterOptions } from '../../../src/client/engine/filter-bar';
import { editedFields, pickBody } from '../../../src/client/engine/entity-form';
import type { EntityDef, ScreenDef } from '../../../src/client/engine/types';

configure({ asyncUtilTimeout: 10_000 });

const help: EntityDef = {
  name: 'difficultyHelp',
  title: '帮扶记录',
  schema: {
    type: 'object',
    required: ['title'],
    properties: {
      title: { type: 'string', title: '帮扶主题', 'x-component': 'Input' },
      helpType: { type: 'string', title: '帮扶方式', 'x-component': 'Select', 'x-component-props': { options: [{ label: '资金帮扶', value: 'money' }, { label: '走访慰问', value: 'visit' }] } },
      evaluateLevel: { type: ['integer', 'null'], title: '满意度', 'x-component': 'Select' },
    },
  },
};

const list: ScreenDef = {
  tag: 'difficultyHelp',
  kind: 'list',
  title: '困难帮扶',
  entity: 'difficultyHelp',
  calls: { list: 'DifficultyService/GetPagedDifficultyHelpList', update: 'DifficultyService/UpdateDifficultyHelp' },
  columns: [{ field: 'title' }, { field: 'auditStatus', valueType: 'status', statusList: 'evaluation' }],
  tabs: [
    { key: 'list', title: '帮扶记录', rowActions: [{ key: 'edit', label: '编辑', kind: 'edit' }] },
    { key: 'statistics', title: '帮扶统计', screen: 'difficultyHelp/statistics' },
  ],
  form: { fields: ['title', 'helpType'] },
};
const stats: ScreenDef = {
  tag: 'difficultyHelp/statistics',
  kind: 'statistics',
  title: '帮扶统计',
  calls: { statistics: 'DifficultyService/HelpStatistics' },
  statistics: { labelTitle: '党组织' },
};
const config = { screens: { difficultyHelp: list, 'difficultyHelp/statistics': stats }, entities: { difficultyHelp: help } };

beforeEach(() => {
  resetState();
  resetCalls();
  setState({ permissionButton: {}, session: { organId: 3, organPath: '/1/3/' } as any });
  respond((_m, url) =>
    url.endsWith('/HelpStatistics')
      ? { totals: { count: 4 }, measures: [{ key: 'count', title: '帮扶次数' }], rows: [{ key: 9, label: '柳城街道', organId: 9, organPath: '/1/3/9/', count: 4 }] }
      : url.endsWith('/UpdateDifficultyHelp')
        ? { id: 7 }
        : { totalCount: 1, items: [{ id: 7, title: '春节慰问', helpType: 'money', evaluateLevel: 5, auditStatus: 1, organName: '凤凰社区党支部' }] },
  );
});
afterEach(cleanup);

const renderList = () =>
  render(
    <MemoryRouter initialEntries={['/service/difficultyHelp']}>
      <App>
        <ListScreen screen={list} config={config} basePath="/service/difficultyHelp" />
      </App>
    </MemoryRouter>,
  );

describe('a tab showing another screen', () => {
  it('renders the statistics screen in place of the list, through the kind registry', async () => {
    renderList();
    expect(await screen.findByText('春节慰问')).toBeTruthy();
    fireEvent.click(await screen.findByRole('tab', { name: '帮扶统计' }));
    expect(await screen.findByText('柳城街道', { selector: 'button, span' })).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/DifficultyService/HelpStatistics'))).toBe(true);
    expect(screen.queryByText('春节慰问')).toBeNull();
    // back to the list
    fireEvent.click(await screen.findByRole('tab', { name: '帮扶记录' }));
    expect(await screen.findByText('春节慰问')).toBeTruthy();
  });
});

describe('edits send the form’s fields', () => {
  it('the fields of the form plus the required ones; without a form list, every entity field', () => {
    expect(editedFields(help, list.form)).toEqual(['title', 'helpType']);
    expect(editedFields(help, { steps: [{ fields: ['helpType'] }] as any })).toEqual(['helpType', 'title']);
    expect(editedFields(help, undefined)).toBeUndefined();
    const rec = { id: 7, title: '春节慰问', helpType: 'money', evaluateLevel: 5, organName: 'x' };
    expect(pickBody(help, rec, editedFields(help, list.form))).toEqual({ title: '春节慰问', helpType: 'money' });
    expect(pickBody(help, rec)).toEqual({ title: '春节慰问', helpType: 'money', evaluateLevel: 5 });
  });

  it('an edit from the list does not send the member’s evaluation', async () => {
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    fireEvent.click(await screen.findByTestId('form-submit'));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/UpdateDifficultyHelp'))).toBe(true));
    const body = calls.find((c) => c.url.endsWith('/UpdateDifficultyHelp'))!.payload;
    expect(body).toEqual({ id: 7, title: '春节慰问', helpType: 'money' });
  });
});

describe('select filters', () => {
  it('take their choices from the filter, else a status list, else the entity field', () => {
    expect(filterOptions({ field: 'x', type: 'select', options: [{ label: 'A', value: 1 }] })).toEqual([{ label: 'A', value: 1 }]);
    expect(filterOptions({ field: 'auditStatus', type: 'select', statusList: 'difficultyApply' }).map((o) => [o.label, o.value])).toEqual([
      ['待支部审核', 0],
      ['待上级审核', 1],
      ['已通过', 2],
      ['未通过', 3],
      ['已撤回', 4],
    ]);
    expect(filterOptions({ field: 'helpType', type: 'select' }, help).map((o) => o.label)).toEqual(['资金帮扶', '走访慰问']);
    expect(filterOptions({ field: 'nothing', type: 'select' }, help)).toEqual([]);
  });
});
