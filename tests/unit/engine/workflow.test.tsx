/**
 * Workflow in screens: a transition action shows only where the record's availableTransitions holds
 * its step; its dialog asks 通过 / 不通过, requires the remark when rejecting (请输入备注) or always
 * (remark: required), renders the fields the step may change, and posts {id, approved, remark,
 * ...fields}. The audit screens' decision is the same form. A timeline section shows the history.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 90_000 });
import { configure, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from 'antd';

vi.mock('../../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(() => Promise.resolve()), TOAST_SECONDS: 3 }));
vi.mock('../../../src/client/api/request', () => import('./api-mock'));

import { calls, respond, resetCalls } from './api-mock';
import { toastSuccess } from '../../../src/client/api/toast';
import { resetState, setState } from '../../../src/client/state/store';
import { ListScreen } from '../../../src/client/engine/list-screen';
import { DetailScreen, DetailView } from '../../../src/client/engine/detail';
import { AuditPanel } from '../../../src/client/engine/audit';
import type { EntityDef, ScreenDef } from '../../../src/client/engine/types';

// a cold start loads the lazy widgets and kinds: give the queries time on a busy machine
configure({ asyncUtilTimeout: 10_000 });

const entity: EntityDef = {
  name: 'difficultyApply',
  title: '困难帮扶申请',
  schema: {
    type: 'object',
    required: ['reason'],
    properties: {
      reason: { type: 'string', title: '困难原因', 'x-component': 'Input' },
      branchOpinion: { type: ['string', 'null'], title: '支部意见', maxLength: 200, 'x-component': 'Input' },
    },
  },
};

const history = [
  { transition: 'submit', title: '提交申请', fromState: null, toState: 0, actorName: '张三', actorOrganName: '凤凰社区党支部', remark: null, creationTime: '2026-03-01T02:30:00Z' },
  { transition: 'branchAudit', title: '支部审核', fromState: 0, toState: 1, actorName: '李书记', actorOrganName: '凤凰社区党支部', remark: '情况属实', creationTime: '2026-03-02T08:05:00Z' },
];

const applyScreen: ScreenDef = {
  tag: 'difficultyApply',
  kind: 'list',
  title: '困难帮扶',
  entity: 'difficultyApply',
  calls: { list: 'DifficultyApplyService/PageList', get: 'DifficultyApplyService/Get' },
  columns: [{ field: 'reason' }, { field: 'auditStatus', valueType: 'status', statusList: 'difficultyApply' }],
  rowActions: [
    { key: 'branchAudit', label: '支部审核', kind: 'transition', call: 'DifficultyApplyService/Decide', decision: true, fields: ['branchOpinion'], success: '审核完成', visibleWhen: [{ field: 'availableTransitions', contains: 'branchAudit' }] },
    { key: 'withdraw', label: '撤回', kind: 'transition', call: 'DifficultyApplyService/Withdraw', remark: 'required', visibleWhen: [{ field: 'availableTransitions', contains: 'withdraw' }] },
  ],
  detail: {
    sections: [{ title: '申请', fields: ['reason', 'auditStatus'] }, { kind: 'timeline', title: '办理记录', statusList: 'difficultyApply' }],
    actions: [{ key: 'branchAudit', label: '支部审核', kind: 'transition', call: 'DifficultyApplyService/Decide', decision: true, visibleWhen: [{ field: 'availableTransitions', contains: 'branchAudit' }] }],
  },
};

const rows = [
  { id: 1, reason: '因病致困', auditStatus: 0, branchOpinion: '建议帮扶', availableTransitions: ['branchAudit'] },
  { id: 2, reason: '子女就学', auditStatus: 0, availableTransitions: ['withdraw'] },
  { id: 3, reason: '已结办', auditStatus: 2, availableTransitions: [] },
];

const config = { screens: { difficultyApply: applyScreen }, entities: { difficultyApply: entity } };

function renderList() {
  return render(
    <MemoryRouter initialEntries={['/service/difficultyApply']}>
      <App>
        <ListScreen screen={applyScreen} config={config} basePath="/service/difficultyApply" />
      </App>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetCalls();
  resetState();
  setState({ session: { accessToken: 't', organId: 9, organPath: '/1/9/' } as any });
  respond((_m, url) => (url.endsWith('/PageList') ? { totalCount: 3, items: rows } : url.endsWith('/Get') ? { ...rows[0], history } : { id: 1 }));
});
afterEach(() => {
  cleanup();
  vi.mocked(toastSuccess).mockClear();
});

describe('transition action', () => {
  it('shows each step only on the records whose availableTransitions hold it', async () => {
    renderList();
    await screen.findByText('因病致困');
    expect(screen.getAllByRole('button', { name: '支部审核' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /撤\s*回/ })).toHaveLength(1);
    expect(screen.getAllByText('待支部审核').length).toBe(2);
    expect(screen.getByText('已通过')).toBeTruthy(); // state 2 of the difficultyApply list
  });

  it('a decision: remark required when rejecting (请输入备注), the step fields filled from the record, then posted', async () => {
    renderList();
    await screen.findByText('因病致困');
    fireEvent.click(screen.getByRole('button', { name: '支部审核' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('支部审核')).toBeTruthy();
    expect(await within(dialog).findByText('审核结果')).toBeTruthy();
    const opinion = (await within(dialog).findByDisplayValue('建议帮扶')) as HTMLInputElement;
    fireEvent.click(within(dialog).getByLabelText('不通过'));
    fireEvent.click(within(dialog).getByTestId('transition-submit'));
    expect(await within(dialog).findByText('请输入备注')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/Decide'))).toBe(false);

    fireEvent.change(within(dialog).getByPlaceholderText('不通过时请填写备注'), { target: { value: '  材料不全  ' } });
    fireEvent.change(opinion, { target: { value: '暂缓帮扶' } });
    fireEvent.click(within(dialog).getByTestId('transition-submit'));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/Decide'))).toBeTruthy());
    expect(calls.find((c) => c.url.endsWith('/Decide'))).toMatchObject({ method: 'POST', url: '/api/services/app/DifficultyApplyService/Decide', payload: { id: 1, approved: false, remark: '材料不全', branchOpinion: '暂缓帮扶' } });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('审核完成'));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/PageList')).length).toBe(2));
  });

  it('approving needs no remark; the remark is left out', async () => {
    renderList();
    await screen.findByText('因病致困');
    fireEvent.click(screen.getByRole('button', { name: '支部审核' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('审核结果');
    fireEvent.click(within(dialog).getByTestId('transition-submit'));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/Decide'))?.payload).toEqual({ id: 1, approved: true, branchOpinion: '建议帮扶' }));
  });

  it('remark: required asks for it always (blank is no remark); no decision, no approved', async () => {
    renderList();
    await screen.findByText('子女就学');
    fireEvent.click(screen.getByRole('button', { name: /撤\s*回/ }));
    const dialog = await screen.findByRole('dialog');
    const remark = await within(dialog).findByPlaceholderText('请填写备注');
    expect(within(dialog).queryByText('审核结果')).toBeNull();
    fireEvent.change(remark, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByTestId('transition-submit'));
    expect(await within(dialog).findByText('请输入备注')).toBeTruthy();
    fireEvent.change(remark, { target: { value: '填报有误' } });
    fireEvent.click(within(dialog).getByTestId('transition-submit'));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/Withdraw'))?.payload).toEqual({ id: 2, remark: '填报有误' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('操作成功'));
  });

  it('on a detail route: the step, then the record (and its history) is read again', async () => {
    render(
      <MemoryRouter initialEntries={['/service/difficultyApply/info?id=1']}>
        <App>
          <DetailScreen screen={applyScreen} config={config} basePath="/service/difficultyApply" renderList={() => null} />
        </App>
      </MemoryRouter>,
    );
    expect((await screen.findAllByTestId('timeline-item')).length).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: '支部审核' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('审核结果');
    fireEvent.click(within(dialog).getByTestId('transition-submit'));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/Decide'))?.payload).toEqual({ id: 1, approved: true }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/Get')).length).toBe(2));
  });
});

describe('timeline section', () => {
  it('shows every history item: step, states by the section status list, actor and organisation, remark, time in the platform zone', () => {
    render(<DetailView detail={applyScreen.detail} entity={entity} record={{ ...rows[0], history }} />);
    expect(screen.getByText('办理记录')).toBeTruthy();
    const items = screen.getAllByTestId('timeline-item');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('提交申请');
    expect(items[0].textContent).toContain('待支部审核');
    expect(items[0].textContent).toContain('张三（凤凰社区党支部）');
    expect(items[0].textContent).toContain('2026-03-01 10:30');
    expect(items[1].textContent).toContain('支部审核');
    expect(within(items[1]).getByText('待支部审核')).toBeTruthy();
    expect(within(items[1]).getByText('待上级审核')).toBeTruthy();
    expect(items[1].textContent).toContain('备注：情况属实');
    expect(items[1].textContent).toContain('2026-03-02 16:05');
  });

  it('says so when there is no history', () => {
    render(<DetailView detail={{ sections: [{ kind: 'timeline', empty: '尚无审核记录' }] }} record={{ id: 1 }} />);
    expect(screen.getByText('尚无审核记录')).toBeTruthy();
  });
});

describe('audit decision (the same form)', () => {
  it('keeps 通过 / 不通过, 请输入备注 on rejection and posts the idField', async () => {
    const onDone = vi.fn();
    render(
      <App>
        <AuditPanel decision={{ call: 'BaseLibraryService/AuditReport', idField: 'reportId', approveLabel: '通过（采用）', remarkMessage: '请输入备注', success: '操作成功' }} record={{ id: 5, reportId: 77, baseName: '红色记忆馆' }} onDone={onDone} />
      </App>,
    );
    const panel = screen.getByTestId('audit-panel');
    fireEvent.click(await within(panel).findByText('不通过'));
    fireEvent.click(screen.getByTestId('audit-submit'));
    expect(await within(panel).findByText('请输入备注')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.click(within(panel).getByText('通过（采用）'));
    fireEvent.click(screen.getByTestId('audit-submit'));
    await waitFor(() => expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/services/app/BaseLibraryService/AuditReport', payload: { id: 77, approved: true } }));
    expect(calls[0].payload.remark).toBeUndefined();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(toastSuccess).toHaveBeenCalledWith('操作成功');
  });
});
