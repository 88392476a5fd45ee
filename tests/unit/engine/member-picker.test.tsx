/**
 * Participants in screens: the MemberPicker widget (core §2/§5/§9: SearchPageList with Name and
 * OrganPath, 7 a page, confirm disabled while nothing is chosen, single mode exactly one choice,
 * multiple mode the ids across pages), the pickMembers action posting {id, userIds}, and a call
 * whose answer is shown in a dialog (an organiser's sign-in code).
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
import { isRegistered } from '../../../src/client/widgets/registry';
import MemberPickerModal from '../../../src/client/widgets/member-picker/picker-modal';
import MemberPicker from '../../../src/client/widgets/member-picker';
import { FormRecordContext } from '../../../src/client/engine/form-record';
import { searchMembers } from '../../../src/client/widgets/member-picker/search';
import { ListScreen } from '../../../src/client/engine/list-screen';
import type { ScreenDef } from '../../../src/client/engine/types';

// a cold start loads the lazy widgets and kinds: give the queries time on a busy machine
configure({ asyncUtilTimeout: 10_000 });

const members = Array.from({ length: 20 }, (_, i) => ({ id: 101 + i, name: `党员${i + 1}`, organName: i < 10 ? '凤凰社区党支部' : '柳城街道党工委', organId: 5 }));
const SEARCH = '/api/services/app/PartyMemberService/SearchPageList';
const searches = () => calls.filter((c) => c.url === SEARCH);

beforeEach(() => {
  resetCalls();
  resetState();
  setState({ session: { accessToken: 't', organId: 1, organName: '温江区委', organPath: '/1/' } as any });
  respond((_m, url, p) => {
    if (url === SEARCH) {
      const hits = members.filter((m) => !p.Name || m.name.includes(p.Name));
      return { totalCount: hits.length, items: hits.slice(p.SkipCount, p.SkipCount + p.MaxResultCount) };
    }
    if (url.endsWith('/PageList')) return { totalCount: 1, items: [{ id: 8, title: '主题党日' }] };
    if (url.endsWith('/SignInCode')) return { code: '482913', validFrom: '2026-05-01T01:00:00Z', validTo: '2026-05-01T03:30:00Z' };
    if (url.includes('OrganizationService')) return [];
    return true;
  });
});
afterEach(() => {
  cleanup();
  vi.mocked(toastSuccess).mockClear();
});

const okButton = () => screen.getByTestId('member-picker-ok');
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('MemberPicker', () => {
  it('is registered as MemberPicker', () => expect(isRegistered('MemberPicker')).toBe(true));

  it('searches 7 a page; confirm is disabled until a choice; single mode keeps exactly one', async () => {
    const onOk = vi.fn();
    render(
      <App>
        <MemberPickerModal open onOk={onOk} onCancel={() => undefined} />
      </App>,
    );
    expect(await screen.findByText('党员1')).toBeTruthy();
    expect(searches()[0].payload).toEqual({ SkipCount: 0, MaxResultCount: 7 });
    expect(screen.getAllByRole('radio')).toHaveLength(7);
    expect(okButton().hasAttribute('disabled')).toBe(true);
    fireEvent.click(rowOf('党员2'));
    await waitFor(() => expect(okButton().hasAttribute('disabled')).toBe(false));
    fireEvent.click(within(rowOf('党员3')).getByRole('radio'));
    await waitFor(() => expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(1));
    fireEvent.click(okButton());
    expect(onOk).toHaveBeenCalledWith([103], [members[2]]);
  });

  it('sends Name and OrganPath; the pager moves 7 at a time', async () => {
    render(
      <App>
        <MemberPickerModal open multiple onOk={() => undefined} onCancel={() => undefined} />
      </App>,
    );
    await screen.findByText('党员1');
    expect(screen.getByTestId('pager').textContent).toContain('共 20 条');
    fireEvent.click(within(screen.getByTestId('pager')).getByRole('button', { name: '2' }));
    expect(await screen.findByText('党员8')).toBeTruthy();
    expect(searches().at(-1)!.payload).toEqual({ SkipCount: 7, MaxResultCount: 7 });
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: ' 党员1 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(searches().at(-1)!.payload).toEqual({ Name: '党员1', SkipCount: 0, MaxResultCount: 7 }));
    await searchMembers({ name: '张', organPath: '/1/5/', pageIndex: 3 });
    expect(searches().at(-1)!.payload).toEqual({ Name: '张', OrganPath: '/1/5/', SkipCount: 14, MaxResultCount: 7 });
  });

  it('multiple mode returns the ids chosen across pages, and a chosen tag can be dropped', async () => {
    const onOk = vi.fn();
    render(
      <App>
        <MemberPickerModal open multiple onOk={onOk} onCancel={() => undefined} />
      </App>,
    );
    await screen.findByText('党员1');
    fireEvent.click(within(rowOf('党员1')).getByRole('checkbox'));
    fireEvent.click(rowOf('党员2'));
    fireEvent.click(within(screen.getByTestId('pager')).getByRole('button', { name: '2' }));
    await screen.findByText('党员9');
    fireEvent.click(rowOf('党员9'));
    expect(await screen.findByText('已选 3 人')).toBeTruthy();
    fireEvent.click(screen.getByText('党员2', { selector: '.ant-tag' }).querySelector('.ant-tag-close-icon')!);
    expect(await screen.findByText('已选 2 人')).toBeTruthy();
    fireEvent.click(okButton());
    expect(onOk.mock.calls[0][0]).toEqual([101, 109]);
  });

  it('as a form field: one value in single mode, the picked name shown', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <App>
        <MemberPicker onChange={onChange} />
      </App>,
    );
    fireEvent.click(screen.getByRole('button', { name: /选择党员/ }));
    await screen.findByText('党员4');
    fireEvent.click(rowOf('党员4'));
    fireEvent.click(okButton());
    expect(onChange).toHaveBeenCalledWith(104);
    rerender(
      <App>
        <MemberPicker value={104} onChange={onChange} />
      </App>,
    );
    expect(screen.getByText('党员4', { selector: '.ant-tag' })).toBeTruthy();
  });

  it('editing a record: its member is named by the record\'s labelField, not the bare id', () => {
    render(
      <App>
        <FormRecordContext.Provider value={{ id: 9, memberId: 987, memberName: '王评议' }}>
          <MemberPicker value={987} labelField="memberName" />
        </FormRecordContext.Provider>
      </App>,
    );
    expect(screen.getByText('王评议', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.queryByText('党员 987')).toBeNull();
  });
});

describe('pickMembers action and a call with a result', () => {
  const activity: ScreenDef = {
    tag: 'activity',
    kind: 'list',
    title: '活动',
    calls: { list: 'ActivityService/PageList' },
    columns: [{ field: 'title', title: '活动名称' }],
    rowActions: [
      { key: 'add', label: '添加参与人', kind: 'pickMembers', call: 'ActivityService/AddParticipants', success: '添加成功' },
      { key: 'sign', label: '补签', kind: 'pickMembers', call: 'ActivityService/SupplementSignIn', picker: { multiple: false, param: 'userId', title: '选择补签党员' } },
      { key: 'code', label: '签到码', kind: 'call', call: 'ActivityService/SignInCode', params: { id: '$record.id', refresh: false }, result: { title: '签到码', fields: [{ field: 'code', title: '签到码' }, { field: 'validTo', title: '有效期至', valueType: 'dateTime' }] } },
    ],
  };
  const renderActivity = () =>
    render(
      <MemoryRouter initialEntries={['/service/activity']}>
        <App>
          <ListScreen screen={activity} config={{ screens: { activity }, entities: {} }} basePath="/service/activity" />
        </App>
      </MemoryRouter>,
    );

  it('posts {id, userIds} with the chosen members', async () => {
    renderActivity();
    await screen.findByText('主题党日');
    fireEvent.click(screen.getByRole('button', { name: '添加参与人' }));
    expect(await screen.findByText('党员1')).toBeTruthy();
    expect(screen.getAllByText('添加参与人').length).toBeGreaterThan(1); // the dialog's title
    fireEvent.click(rowOf('党员1'));
    fireEvent.click(rowOf('党员3'));
    fireEvent.click(okButton());
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/AddParticipants'))).toMatchObject({ method: 'POST', payload: { id: 8, userIds: [101, 103] } }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('添加成功'));
  });

  it('single mode sends one value under its param', async () => {
    renderActivity();
    await screen.findByText('主题党日');
    fireEvent.click(screen.getByRole('button', { name: /补\s*签/ }));
    expect(await screen.findByText('选择补签党员')).toBeTruthy();
    await screen.findByText('党员5');
    fireEvent.click(rowOf('党员5'));
    fireEvent.click(okButton());
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/SupplementSignIn'))?.payload).toEqual({ id: 8, userId: 105 }));
  });

  it('shows the sign-in code and its validity from the answer', async () => {
    renderActivity();
    await screen.findByText('主题党日');
    fireEvent.click(screen.getByRole('button', { name: '签到码' }));
    const result = await screen.findByTestId('call-result');
    expect(calls.find((c) => c.url.endsWith('/SignInCode'))?.payload).toEqual({ id: 8, refresh: false });
    expect(within(result).getByText('482913')).toBeTruthy();
    expect(within(result).getByText('2026-05-01 11:30')).toBeTruthy();
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});
