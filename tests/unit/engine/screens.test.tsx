/**
 * Engine tests: render sample screen schemas and check what a user sees — columns and rows from the
 * list call, the pager cap, empty states, buttons hidden without their button permission, confirm
 * prompts and success messages verbatim, the remark prompt, the form from the entity schema with
 * server validation errors on their fields, and that nothing in a schema is ever evaluated.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from 'antd';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const calls: { method: string; url: string; payload: any }[] = [];
let responder: (method: string, url: string, payload: any) => unknown = () => ({ totalCount: 0, items: [] });

vi.mock('../../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(() => Promise.resolve()), TOAST_SECONDS: 3 }));
vi.mock('../../../src/client/api/request', async () => {
  class ApiError extends Error {
    status: number;
    code = 0;
    details = null;
    validationErrors: any;
    constructor(status: number, text: string, err?: any) {
      super(text);
      this.status = status;
      this.validationErrors = err?.validationErrors ?? null;
    }
  }
  const call = (method: string) => async (url: string, payload: any) => {
    calls.push({ method, url, payload });
    const r = responder(method, url, payload);
    if (r instanceof Error) throw r;
    return r;
  };
  return { ApiError, api: { get: call('GET'), post: call('POST'), put: call('PUT'), delete: call('DELETE') } };
});

import { ApiError } from '../../../src/client/api/request';
import { toastSuccess } from '../../../src/client/api/toast';
import { setState, resetState } from '../../../src/client/state/store';
import { ListScreen } from '../../../src/client/engine/list-screen';
import { EntityForm } from '../../../src/client/engine/entity-form';
import type { EntityDef, ScreenDef, UiConfig } from '../../../src/client/engine/types';

const entity: EntityDef = {
  name: 'site',
  title: '基地',
  schema: {
    type: 'object',
    required: ['baseName'],
    properties: {
      baseName: { type: 'string', title: '基地名称', maxLength: 20, 'x-required-message': '请输入基地名称', 'x-component': 'Input' },
      category: { type: 'string', title: '基地类别', 'x-code-table': 'PositionCategory', 'x-component': 'CodeSelect' },
      isOpen: { type: ['boolean', 'null'], title: '是否开放', 'x-component': 'Switch' },
      openHours: {
        type: ['string', 'null'],
        title: '开放时间',
        'x-component': 'Input',
        'x-reactions': [{ dependencies: ['isOpen'], when: { field: 'isOpen', truthy: true }, fulfill: { state: { visible: true } } }],
      },
    },
  },
};

const listScreen: ScreenDef = {
  tag: 'site',
  kind: 'list',
  title: '教育基地',
  entity: 'site',
  calls: { list: 'SiteService/PageList', create: 'SiteService/Create', update: 'SiteService/Update', delete: 'SiteService/Delete' },
  empty: '暂无相关资源',
  columns: [{ field: 'baseName' }, { field: 'category' }, { field: 'organName' }],
  filters: [{ field: 'baseName', type: 'text' }],
  toolbar: [{ key: 'create', label: '新增基地', kind: 'create' }],
  rowActions: [
    { key: 'select', label: '选用入库', kind: 'call', call: 'SiteService/SelectAndUse', permission: 'Pages.Site.SelectAndUse', success: '入库成功', prompt: { fields: [{ name: 'remark', title: '备注', required: true, message: '请输入备注' }] } },
    { key: 'report', label: '上报', kind: 'call', call: 'SiteService/Report', confirm: '确认上报师资？', visibleWhen: [{ field: 'organId', equals: '$session.organId' }] },
    { key: 'delete', label: '删除', kind: 'delete', permission: 'Pages.Site.Delete', confirm: '确认删除远程站点', danger: true },
  ],
};

const config: UiConfig = { screens: { site: listScreen }, entities: { site: entity } };
const rows = [
  { id: 1, baseName: '红色记忆馆', category: '2', organId: 5, organName: '柳城街道' },
  { id: 2, baseName: '党群服务中心', category: '4', organId: 9, organName: '温江区委' },
];

function renderList(screenDef: ScreenDef = listScreen, url = '/education/site') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <App>
        <ListScreen screen={screenDef} config={{ ...config, screens: { site: screenDef } }} basePath="/education/site" />
      </App>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  calls.length = 0;
  resetState();
  setState({
    session: { accessToken: 't', organId: 9, organName: '温江区委', organPath: '/1/9/', organLevel: 3 } as any,
    permissionButton: { 'Pages.Site.SelectAndUse': true },
    baseCode: { PositionCategory: [{ label: '红色教育基地', value: '2' }, { label: '现场教学点', value: '4' }] },
  });
  responder = (_m, url) => (url.endsWith('/PageList') ? { totalCount: 2, items: rows } : true);
});
afterEach(() => {
  cleanup();
  vi.mocked(toastSuccess).mockClear();
});

describe('list screen', () => {
  it('calls the list with SkipCount/MaxResultCount, shows columns, code labels and rows', async () => {
    renderList();
    expect(await screen.findByText('红色记忆馆')).toBeTruthy();
    expect(screen.getAllByText('基地名称').length).toBeGreaterThan(0);
    expect(screen.getAllByText('所属组织').length).toBeGreaterThan(0);
    expect(await screen.findByText('红色教育基地')).toBeTruthy();
    const first = calls.find((c) => c.url.endsWith('/SiteService/PageList'))!;
    expect(first.method).toBe('GET');
    expect(first.payload).toEqual({ SkipCount: 0, MaxResultCount: 10 });
  });

  it('hides a button without its button permission, and one whose condition does not hold', async () => {
    renderList();
    await screen.findByText('红色记忆馆');
    expect(screen.getAllByRole('button', { name: '选用入库' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    // 上报 only on the row of the user's own organisation (organId 9)
    expect(screen.getAllByRole('button', { name: /上\s*报/ })).toHaveLength(1);
  });

  it('shows a button whose permission the role holds as a menu, not only as a button (审核 by the 审核 menu)', async () => {
    setState({ allPermissions: ['Pages.Site', 'Pages.Site.Delete'] });
    renderList();
    await screen.findByText('红色记忆馆');
    expect(screen.getAllByRole('button', { name: /删\s*除/ }).length).toBeGreaterThan(0);
  });

  it('asks for the remark before selecting into the library (请输入备注), then posts it and says 入库成功', async () => {
    renderList();
    await screen.findByText('红色记忆馆');
    fireEvent.click(screen.getAllByRole('button', { name: '选用入库' })[0]);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入备注')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '本级选用' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/SelectAndUse'))).toBe(true));
    const sel = calls.find((c) => c.url.endsWith('/SelectAndUse'))!;
    expect(sel).toMatchObject({ method: 'POST', payload: { id: 1, remark: '本级选用' } });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('入库成功'));
  });

  it('shows the confirm prompt verbatim and calls nothing when cancelled; 操作成功 when confirmed', async () => {
    renderList();
    await screen.findByText('红色记忆馆');
    fireEvent.click(screen.getByRole('button', { name: /上\s*报/ }));
    expect((await screen.findAllByText('确认上报师资？')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByRole('button', { name: /取\s*消/ }).at(-1)!);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.some((c) => c.url.endsWith('/Report'))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /上\s*报/ }));
    await waitFor(() => expect(screen.getAllByText('确认上报师资？').length).toBeGreaterThan(0));
    const oks = screen.getAllByRole('button', { name: /确\s*定/ });
    fireEvent.click(oks[oks.length - 1]);
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/Report'))?.payload).toEqual({ id: 2 }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('操作成功'));
  });

  it('shows the empty state of the screen', async () => {
    responder = () => ({ totalCount: 0, items: [] });
    renderList();
    expect(await screen.findByText('暂无相关资源')).toBeTruthy();
  });

  it('caps the displayed total at 101, shows 10 page numbers and starts at the query page (num)', async () => {
    responder = (_m, _u, p) => ({ totalCount: 5000, items: [{ id: p.SkipCount + 1, baseName: `第${p.SkipCount / 10 + 1}页`, organId: 1 }] });
    renderList(listScreen, '/education/site?num=3');
    expect(await screen.findByText('第3页')).toBeTruthy();
    const pager = screen.getByTestId('pager');
    expect(within(pager).getByText('共 101 条')).toBeTruthy();
    expect(within(pager).getAllByRole('button').filter((b) => /^\d+$/.test(b.textContent ?? ''))).toHaveLength(10);
    await act(async () => fireEvent.click(within(pager).getByRole('button', { name: '10' })));
    expect(await screen.findByText('第10页')).toBeTruthy();
    expect(within(screen.getByTestId('pager')).getByText('共 101 条')).toBeTruthy();
    await act(async () => fireEvent.click(within(screen.getByTestId('pager')).getByRole('button', { name: '11' })));
    expect(await screen.findByText('第11页')).toBeTruthy();
    expect(within(screen.getByTestId('pager')).getByText('共 111 条')).toBeTruthy();
  });

  it('sends cleaned filters (no empty values) and goes back to page 1', async () => {
    renderList(listScreen, '/education/site?num=2');
    await screen.findByText('红色记忆馆');
    fireEvent.change(screen.getByPlaceholderText('请输入基地名称'), { target: { value: '红色' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(calls.at(-1)?.payload).toEqual({ baseName: '红色', SkipCount: 0, MaxResultCount: 10 }));
  });
});

describe('entity form (Formily)', () => {
  it('builds fields from the entity schema, validates with its messages, applies x-reactions and shows server errors on their fields', async () => {
    const onSubmit = vi.fn(async (_values: Record<string, unknown>) => {
      throw new ApiError(400, '输入有误', { validationErrors: [{ message: '基地名称已存在', members: ['baseName'] }] });
    });
    render(
      <App>
        <EntityForm entity={entity} onSubmit={onSubmit} />
      </App>,
    );
    expect(await screen.findByText('基地名称')).toBeTruthy();
    expect(screen.getByText('基地类别')).toBeTruthy();
    // hidden until 是否开放 is on
    expect(screen.queryByText('开放时间')).toBeNull();
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('请输入基地名称')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getAllByRole('textbox')[0], { target: { value: '红色记忆馆' } });
    fireEvent.click(await screen.findByRole('switch'));
    expect(await screen.findByText('开放时间')).toBeTruthy();
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ baseName: '红色记忆馆', isOpen: true });
    expect(await screen.findByText('基地名称已存在')).toBeTruthy();
  });
});

describe('schemas are data, never code', () => {
  it('a "{{alert(1)}}" in titles, props, empty texts and params renders as text and runs nothing', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const evil: EntityDef = {
      name: 'evil',
      title: '{{alert(1)}}',
      schema: {
        type: 'object',
        properties: {
          name: { type: 'string', title: '{{alert(1)}}', 'x-component': 'Input', 'x-component-props': { placeholder: '{{alert(2)}}' } },
          x: { type: 'string', title: '联动', 'x-component': 'Input', 'x-reactions': [{ dependencies: ['name'], when: { field: '{{alert(3)}}', equals: '{{alert(4)}}' }, fulfill: { state: { visible: true } } }] },
        },
      },
    };
    render(
      <App>
        <EntityForm entity={evil} onSubmit={async () => undefined} />
      </App>,
    );
    expect(await screen.findByText('{{alert(1)}}')).toBeTruthy();
    expect(screen.getByPlaceholderText('{{alert(2)}}')).toBeTruthy();
    cleanup();
    responder = () => ({ totalCount: 0, items: [] });
    renderList({ ...listScreen, title: '{{alert(5)}}', empty: '{{alert(6)}}', params: { q: '{{alert(7)}}' } });
    expect(await screen.findByText('{{alert(6)}}')).toBeTruthy();
    expect(screen.getByText('{{alert(5)}}')).toBeTruthy();
    await waitFor(() => expect(calls.at(-1)?.payload.q).toBe('{{alert(7)}}'));
    expect(alert).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('the engine has no eval, new Function or Formily SchemaField (whose compiler evaluates {{ }})', () => {
    const dir = join(process.cwd(), 'src/client/engine');
    const files = (d: string): string[] => readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? files(join(d, f)) : [join(d, f)]));
    const offenders = files(dir).filter((f) => /\beval\(|new Function|Function\(|SchemaField|createSchemaField|Schema\.compile/.test(readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')));
    expect(offenders).toEqual([]);
  });
});
