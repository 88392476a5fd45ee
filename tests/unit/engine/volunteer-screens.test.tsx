/**
 * The engine on the volunteer and village-official screens (screens/volunteer*.json,
 * village-official*.json): the contract child routes resolve, 活动总结 opens with the summary the
 * record holds (a prompt field's `value`), 签到码 is a GET whose answer is shown, and a tab shows a
 * statistics screen instead of the list.
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
import { DetailScreen } from '../../../src/client/engine/detail';
import { screenFor } from '../../../src/client/engine/resolve';
import type { ScreenDef, UiConfig } from '../../../src/client/engine/types';

const screens: Record<string, ScreenDef> = Object.fromEntries(readConfigDir('screens').map(({ json }) => [json.tag, json as ScreenDef]));
const entities = Object.fromEntries(readConfigDir('schemas').map(({ json }) => [json.name, json]));
const config: UiConfig = { screens, entities };

const row = {
  id: 7, title: '江安河岸环境整治', type: 'environment', startTime: '2026-11-27 09:00', endTime: '2026-11-27 11:30', lastApplyTime: '2026-11-26 18:00',
  needUserCount: 30, participantCount: 12, publishMark: true, organId: 9, organName: '温江区委', summary: '清捡垃圾30袋。',
};

beforeEach(() => {
  calls.length = 0;
  resetState();
  setState({ session: { accessToken: 't', organId: 9, organName: '温江区委', organPath: '/1/2/9/', organLevel: 3 } as any, permissionButton: {} });
  responder = (_m, url) => {
    if (url.endsWith('/VolActivityService/PageList')) return { totalCount: 1, items: [row] };
    if (url.endsWith('/VolActivityService/Get')) return row;
    if (url.endsWith('/SignInCode')) return { code: '042917', validFrom: '2026-11-27T00:30:00.000Z', validTo: '2026-11-27T03:30:00.000Z' };
    if (url.endsWith('/StatisticsPageList')) return { totals: { count: 3, participants: 20 }, rows: [{ key: '本级', label: '本级', count: 3, participants: 20 }], measures: [{ key: 'count', title: '活动数' }, { key: 'participants', title: '参与人次' }] };
    return true;
  };
});
afterEach(cleanup);

const renderVolunteer = () =>
  render(
    <MemoryRouter initialEntries={['/service/volunteer']}>
      <App>
        <ListScreen screen={screens.volunteer} config={config} basePath="/service/volunteer" />
      </App>
    </MemoryRouter>,
  );

describe('volunteer and village-official screens', () => {
  it('their contract child routes resolve: volunteer info and list, villageOfficial info', () => {
    expect(screenFor(screens, 'volunteer', 'info')).toMatchObject({ as: 'detail', screen: { tag: 'volunteer' } });
    expect(screenFor(screens, 'volunteer', 'list')).toMatchObject({ as: 'list', screen: { tag: 'volunteer/list', calls: { list: 'VolActivityService/UserPageList' } } });
    expect(screenFor(screens, 'villageOfficial', 'info')).toMatchObject({ as: 'detail', screen: { tag: 'villageOfficial' } });
    // the participants list adds members by account id
    expect(screens['volunteer/list'].toolbar?.find((a) => a.kind === 'pickMembers')?.picker).toEqual({ multiple: true, param: 'userIds', valueKey: 'userId', title: '添加参加人员' });
  });

  it('活动总结 (on the detail) opens with the summary the record holds and posts the edited one', async () => {
    render(
      <MemoryRouter initialEntries={['/service/volunteer/info?id=7']}>
        <App>
          <DetailScreen screen={screens.volunteer} config={config} basePath="/service/volunteer" renderList={() => null} />
        </App>
      </MemoryRouter>,
    );
    expect((await screen.findAllByText('江安河岸环境整治')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '活动总结' }));
    const dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('textbox') as HTMLTextAreaElement;
    expect(box.value).toBe('清捡垃圾30袋。');
    fireEvent.change(box, { target: { value: '清捡垃圾30袋，劝导不文明行为12次。' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/SubmitSummary'))).toMatchObject({ method: 'POST', payload: { id: 7, summary: '清捡垃圾30袋，劝导不文明行为12次。' } }));
  });

  it('签到码 is read with GET and its answer shown', async () => {
    renderVolunteer();
    await screen.findByText('江安河岸环境整治');
    fireEvent.click(screen.getByRole('button', { name: '签到码' }));
    const result = await screen.findByTestId('call-result');
    expect(result.textContent).toContain('042917');
    expect(result.textContent).toContain('2026-11-27 08:30');
    expect(calls.find((c) => c.url.endsWith('/SignInCode'))).toMatchObject({ method: 'GET', payload: { id: 7 } });
  });

  it('a tab shows the statistics screen instead of the list', async () => {
    renderVolunteer();
    await screen.findByText('江安河岸环境整治');
    fireEvent.click(await screen.findByRole('tab', { name: '按组织统计' }));
    expect((await screen.findAllByText('活动数')).length).toBeGreaterThan(0);
    expect(calls.find((c) => c.url.endsWith('/StatisticsPageList'))?.method).toBe('GET');
    expect(screen.queryByText('江安河岸环境整治')).toBeNull();
  });
});
