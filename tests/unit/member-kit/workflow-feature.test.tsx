/**
 * workflowFeature: the routes of a workflow's pages, and what its pages show from a configuration —
 * the open record instead of the form, the cards with their step buttons, a detail's notice (with the
 * refusing step's remark), its header action and its panels.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

vi.mock('../../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(() => Promise.resolve()), toastWarning: vi.fn(), TOAST_SECONDS: 3 }));

import { setUiConfig } from '../../../src/client/engine/config';
import type { EntityDef } from '../../../src/client/engine/types';
import { workflowRoutes, type WorkflowPages } from '../../../src/client/member/kit/routes';
import { workflowFeature, type WorkflowConfig } from '../../../src/client/member/kit/workflow-feature';
import type { WorkflowRecord } from '../../../src/client/member/kit/workflow-item';

const entity: EntityDef = {
  name: 'difficultyApply',
  title: '困难帮扶申请',
  schema: { type: 'object', properties: { reason: { type: 'string', title: '申请理由' } } },
};

const S = '/partyMember/partySpace';
const pages: WorkflowPages = {
  apply: { path: `${S}/leaveApply`, title: '请假申请' },
  myList: { path: `${S}/leaveMyList`, title: '我的请假' },
  detail: { path: `${S}/leaveInfo`, title: '请假详情', backText: '返回我的请假' },
};

type Leave = WorkflowRecord & { reason: string };
const leave = (over: Partial<Leave>): Leave => ({ id: 7, auditStatus: 0, creationTime: '2026-11-20T02:00:00Z', reason: '外出学习', availableTransitions: [], history: [], ...over });

const config = (over: Partial<WorkflowConfig<Leave>> = {}): WorkflowConfig<Leave> => ({
  entity: 'difficultyApply',
  pages,
  links: { apply: '申请请假', myList: '我的请假' },
  item: (r, field) => ({ title: <>请假：{field('reason')}</>, meta: ['第一条', null, r.reason === '外出学习' && '外出'] }),
  apply: {
    mine: async () => null,
    open: [0, 1],
    busy: { title: () => '您已有一条正在审核的请假', summary: (r) => <>{r.reason} 提交</>, testId: 'open-leave', view: '查看进度' },
    intro: '请假须经党支部审核。',
    submitText: '提交申请',
    submit: async () => leave({}),
    success: '已提交',
  },
  myList: { load: async () => ({ totalCount: 1, items: [leave({ availableTransitions: ['withdraw'] })] }), empty: '暂无请假' },
  detail: {
    get: async () => leave({}),
    notFound: '未找到该申请',
    loadFailed: '申请加载失败',
    notices: { 0: { type: 'info', message: '等待党支部审核' }, 3: { type: 'error', message: '申请未通过', refusal: true } },
    sections: () => [{ title: '申请信息', fields: ['reason'] }],
    panels: (r) => <div data-testid="panel">附加 {r.id}</div>,
    reapply: { states: [3, 4], text: '重新申请' },
  },
  withdraw: { call: async () => undefined, confirm: '确认撤回？', success: '已撤回', button: '撤回申请' },
  ...over,
});

const mount = (path: string, element: JSX.Element) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={element} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => setUiConfig({ screens: {}, entities: { difficultyApply: entity } }));
afterEach(() => {
  cleanup();
  setUiConfig(null);
});

describe('workflowRoutes', () => {
  it('a route per configured page, with its title, loading that page of the feature', async () => {
    const feature = workflowFeature(config());
    const routes = workflowRoutes(pages, async () => ({ default: feature }));
    expect(Object.keys(routes)).toEqual([`${S}/leaveApply`, `${S}/leaveMyList`, `${S}/leaveInfo`]);
    expect(routes[`${S}/leaveInfo`].title).toBe('请假详情');
    expect((await routes[`${S}/leaveMyList`].load()).default).toBe(feature.myList);
  });
});

describe('workflowFeature pages', () => {
  it('apply: the open record with its state and a link to it instead of the form', async () => {
    const { apply: Apply } = workflowFeature(config({ apply: { ...config().apply, mine: async () => leave({ auditStatus: 1 }) } }));
    mount(`${S}/leaveApply`, <Apply />);
    expect(await screen.findByText('您已有一条正在审核的请假')).toBeTruthy();
    expect(screen.getByTestId('open-leave').textContent).toBe('外出学习 提交，当前状态 待上级审核');
    expect(screen.getByRole('link', { name: '查看进度' }).getAttribute('href')).toBe(`${S}/leaveInfo?id=7`);
    expect(screen.getByRole('link', { name: /我的请假/ }).getAttribute('href')).toBe(`${S}/leaveMyList`);
  });

  it('apply: the procedure and the form when nothing is open', async () => {
    const { apply: Apply } = workflowFeature(config());
    mount(`${S}/leaveApply`, <Apply />);
    expect(await screen.findByText('请假须经党支部审核。')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-entity=difficultyApply]')).toBeTruthy());
  });

  it('my list: a card per record with its facts, 撤回 while the step is offered, and the link carrying the page', async () => {
    const { myList: MyList } = workflowFeature(config());
    mount(`${S}/leaveMyList?num=1`, <MyList />);
    const card = await screen.findByTestId('difficulty-apply-item');
    expect(card.textContent).toContain('请假：外出学习');
    expect(card.textContent).toContain('待支部审核');
    expect(Array.from(card.querySelectorAll('.dj-workflow-item__meta span')).map((s) => s.textContent)).toEqual(['第一条', '外出']);
    expect(screen.getByRole('button', { name: /撤\s*回/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看详情' }).getAttribute('href')).toBe(`${S}/leaveInfo?id=7&num=1`);
    expect(screen.getByRole('link', { name: /申请请假/ })).toBeTruthy();
  });

  it('detail: a refusal names the refusing step’s remark; the header offers the form again; the panels follow the record', async () => {
    const refused = leave({ auditStatus: 3, history: [{ title: '支部审核', fromState: 0, toState: 3, actorName: '王书记', actorOrganName: '第一支部', remark: '材料不全', creationTime: '2026-11-21T02:00:00Z' }] });
    const { detail: Detail } = workflowFeature(config({ detail: { ...config().detail, get: async () => refused } }));
    mount(`${S}/leaveInfo?id=7`, <Detail />);
    expect(await screen.findByText('申请未通过')).toBeTruthy();
    expect(screen.getByText('审核意见：材料不全')).toBeTruthy();
    expect(screen.getByRole('link', { name: '重新申请' }).getAttribute('href')).toBe(`${S}/leaveApply`);
    expect(screen.getByTestId('panel').textContent).toBe('附加 7');
    expect(screen.getByTestId('back-bar').textContent).toContain('返回我的请假');
    expect(screen.getByTestId('history').textContent).toContain('材料不全');
  });

  it('detail: 撤回 while the step is offered; 未找到 without an id', async () => {
    const { detail: Detail } = workflowFeature(config({ detail: { ...config().detail, get: async () => leave({ availableTransitions: ['withdraw'] }) } }));
    mount(`${S}/leaveInfo?id=7`, <Detail />);
    expect(await screen.findByText('等待党支部审核')).toBeTruthy();
    expect(screen.getByRole('button', { name: '撤回申请' })).toBeTruthy();
    cleanup();
    mount(`${S}/leaveInfo`, <Detail />);
    expect(screen.getByText('未找到该申请')).toBeTruthy();
  });
});
