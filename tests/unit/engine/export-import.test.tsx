/**
 * Export and import on a list screen: the export names the list's call (the tab's), its visible
 * columns, the file name and the current filters, shows the bytes received, saves the file under
 * the server's name and says when the rows were cut; the import dialog downloads the template,
 * uploads the chosen XLSX, lists every bad cell the server names, and on success toasts the count
 * and reloads the list.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 90_000 });
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from 'antd';

vi.mock('../../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(() => Promise.resolve()), TOAST_SECONDS: 3 }));
vi.mock('../../../src/client/api/request', () => import('./api-mock'));

import { ApiError, calls, respond, resetCalls } from './api-mock';
import { toastSuccess } from '../../../src/client/api/toast';
import { resetState, setState } from '../../../src/client/state/store';
import { ListScreen } from '../../../src/client/engine/list-screen';
import { exportQuery } from '../../../src/client/engine/export-import';
import type { EntityDef, ScreenDef } from '../../../src/client/engine/types';

// a cold start loads the lazy widgets and kinds: give the queries time on a busy machine

const entity: EntityDef = {
  name: 'plan',
  title: '教学计划',
  schema: {
    type: 'object',
    properties: {
      title: { type: 'string', title: '计划名称', 'x-component': 'Input' },
      category: { type: 'string', title: '类别', 'x-code-table': 'PlanCategory', 'x-component': 'CodeSelect' },
      startDate: { type: 'string', title: '开始日期', format: 'date', 'x-component': 'DatePicker' },
      classId: { type: 'string', title: '分类', 'x-component': 'RemoteTreeSelect', 'x-component-props': { call: 'XService/Tree' } },
    },
  },
};

const planScreen: ScreenDef = {
  tag: 'plan',
  kind: 'list',
  title: '教学计划',
  entity: 'plan',
  calls: { list: 'PlanService/PageList' },
  params: { year: 2026 },
  columns: [{ field: 'title' }, { field: 'category' }, { field: 'startDate' }, { field: 'classId' }, { field: 'auditStatus', valueType: 'status', statusList: 'audit' }],
  filters: [{ field: 'title', type: 'text' }],
  toolbar: [
    { key: 'export', label: '导出', kind: 'export' },
    { key: 'import', label: '导入', kind: 'import', call: 'PlanService/Import', importTemplate: 'PlanService/ImportTemplate' },
  ],
};

const rows = [{ id: 1, title: '学习党章', category: '1', auditStatus: 0 }];
const saved: string[] = [];

function renderList(s: ScreenDef = planScreen) {
  return render(
    <MemoryRouter initialEntries={['/message/plan']}>
      <App>
        <ListScreen screen={s} config={{ screens: { plan: s }, entities: { plan: entity } }} basePath="/message/plan" />
      </App>
    </MemoryRouter>,
  );
}

const file = (headers: Record<string, string> = {}) => ({ blob: new Blob(['xlsx']), fileName: '教学计划.xlsx', header: (n: string) => headers[n] ?? null });

beforeEach(() => {
  resetCalls();
  resetState();
  saved.length = 0;
  setState({ session: { accessToken: 't', organId: 9, organPath: '/1/9/' } as any, baseCode: { PlanCategory: [{ label: '理论学习', value: '1' }] } });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  respond((m, url) => (m === 'DOWNLOAD' ? file() : url.endsWith('/PageList') ? { totalCount: 1, items: rows } : true));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.mocked(toastSuccess).mockClear();
});

describe('export', () => {
  it('builds the query from the list state: call without a method, visible columns (no widgets), file name, params without paging', () => {
    const q = exportQuery({
      call: 'POST PlanService/PageList',
      fileName: '教学计划',
      params: { year: 2026, title: '党章', SkipCount: 10, MaxResultCount: 10, empty: '' },
      columns: [
        { field: 'title', title: '计划名称', valueType: 'text' },
        { field: 'category', title: '类别', valueType: 'code', codeTable: 'PlanCategory' },
        { field: 'auditStatus', title: '审核状态', valueType: 'status', statusList: 'difficultyApply' },
        { field: 'kind', title: '类型', valueType: 'enum', options: [{ label: '线上', value: 1 }] },
        { field: 'classId', title: '分类', valueType: 'widget', widget: 'RemoteTreeSelect' },
      ],
    });
    expect(q).toEqual({
      call: 'PlanService/PageList',
      columns: JSON.stringify([
        { field: 'title', title: '计划名称', valueType: 'text' },
        { field: 'category', title: '类别', codeTable: 'PlanCategory', valueType: 'code' },
        { field: 'auditStatus', title: '审核状态', statusList: 'difficultyApply', valueType: 'status' },
        { field: 'kind', title: '类型', options: [{ label: '线上', value: 1 }], valueType: 'enum' },
      ]),
      fileName: '教学计划',
      year: 2026,
      title: '党章',
    });
  });

  it('exports what the list shows now, with progress, under the server name', async () => {
    let answer!: (v: unknown) => void;
    respond((m, url) => (m === 'DOWNLOAD' ? new Promise((r) => (answer = r)) : url.endsWith('/PageList') ? { totalCount: 1, items: rows } : true));
    renderList();
    await screen.findByText('学习党章');
    fireEvent.change(screen.getByPlaceholderText('请输入计划名称'), { target: { value: '党章' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(calls.at(-1)!.payload).toMatchObject({ title: '党章' }));
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect(await screen.findByText('正在导出，已接收 2.0 KB')).toBeTruthy();
    const dl = calls.find((c) => c.method === 'DOWNLOAD')!;
    expect(dl.url).toBe('/api/services/app/ExportService/Export');
    expect(dl.payload).toMatchObject({ call: 'PlanService/PageList', fileName: '教学计划', year: 2026, title: '党章' });
    expect(dl.payload.SkipCount).toBeUndefined();
    expect(JSON.parse(dl.payload.columns)).toEqual([
      { field: 'title', title: '计划名称', valueType: 'text' },
      { field: 'category', title: '类别', codeTable: 'PlanCategory', valueType: 'code' },
      { field: 'startDate', title: '开始日期', valueType: 'date' },
      { field: 'auditStatus', title: '审核状态', statusList: 'audit', valueType: 'status' },
    ]);
    answer(file());
    await waitFor(() => expect(saved).toEqual(['教学计划.xlsx']));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('导出成功'));
    expect(screen.queryByText(/正在导出/)).toBeNull();
  });

  it('a tab exports its own call; X-Export-Truncated says only the first rows came', async () => {
    respond((m, url) => (m === 'DOWNLOAD' ? file({ 'X-Export-Truncated': '1' }) : url.endsWith('PageList') ? { totalCount: 1, items: rows } : true));
    renderList({ ...planScreen, toolbar: undefined, tabs: [{ key: 'mine', title: '本级计划', call: 'GET PlanService/MinePageList', params: { own: true }, toolbar: [{ key: 'export', label: '导出', kind: 'export', fileName: '本级教学计划' }] }] });
    await screen.findByText('学习党章');
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    expect((await screen.findAllByText('导出数据已达上限')).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/只有前面的记录/).length).toBeGreaterThan(0);
    expect(calls.find((c) => c.method === 'DOWNLOAD')!.payload).toMatchObject({ call: 'PlanService/MinePageList', fileName: '本级教学计划', own: true, year: 2026 });
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});

describe('import', () => {
  it('downloads the template, uploads the file, lists every bad cell, then imports and reloads', async () => {
    let importAnswer: unknown = new ApiError(400, '导入的数据有误', {
      validationErrors: [
        { message: '第3行 计划名称：请输入计划名称', members: ['rows[3].title'] },
        { message: '第4行 类别：“其他”不是有效的类别', members: ['rows[4].category'] },
      ],
    });
    respond((m, url) => {
      if (m === 'DOWNLOAD') return { blob: new Blob(['t']), fileName: null, header: () => null };
      if (m === 'UPLOAD') return { id: 'f9', value: 'f9', name: '计划.xlsx', path: '', url: '', size: 3 };
      if (url.endsWith('/Import')) return importAnswer;
      return { totalCount: 1, items: rows };
    });
    renderList();
    await screen.findByText('学习党章');
    fireEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
    const dialog = await screen.findByRole('dialog');
    const start = within(dialog).getByTestId('import-submit');
    expect(start.hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: /下载模板/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DOWNLOAD')?.url).toBe('/api/services/app/PlanService/ImportTemplate'));
    await waitFor(() => expect(saved).toEqual(['导入模板.xlsx']));

    const input = await waitFor(() => {
      const i = dialog.querySelector('input[type="file"]') as HTMLInputElement;
      expect(i).toBeTruthy();
      return i;
    });
    expect(input.accept).toBe('.xlsx');
    fireEvent.change(input, { target: { files: [new File(['xlsx'], '计划.xlsx')] } });
    await waitFor(() => expect(calls.find((c) => c.method === 'UPLOAD')?.url).toBe('/file/Upload?project=LyProduct&AttachClass=4'));
    await waitFor(() => expect(start.hasAttribute('disabled')).toBe(false));

    fireEvent.click(start);
    const errors = await within(dialog).findByTestId('import-errors');
    expect([...errors.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['第3行 计划名称：请输入计划名称', '第4行 类别：“其他”不是有效的类别']);
    expect(within(dialog).getByText('导入失败，共 2 处错误，请修改后重新导入')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/Import'))).toMatchObject({ method: 'POST', payload: { fileId: 'f9' } });

    importAnswer = { importedCount: 12 };
    const listCalls = calls.filter((c) => c.url.endsWith('/PageList')).length;
    // a click on a button still spinning from the first import is ignored (antd), as it would be for a user
    await waitFor(() => expect(start.classList.contains('ant-btn-loading') || start.hasAttribute('disabled')).toBe(false));
    fireEvent.click(start);
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('导入成功，共12条'));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/PageList')).length).toBe(listCalls + 1));
    await waitFor(() => expect(screen.queryByTestId('import-dialog')).toBeNull());
  });
});
