/**
 * The engine on the 培训班 screens (screens/train-class*.json): the contract child routes resolve;
 * the detail shows the scope's organisation names (a column path through an array) and its
 * navigate actions (编辑, 分配名额) open the menu's other child routes; the edit form fills 培训范围
 * from the record's scopeList objects; 添加学员 sends account ids as userList.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { App } from 'antd';
import { readConfigDir } from './config-dirs';

const calls: { method: string; url: string; payload: any }[] = [];

vi.mock('../../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(() => Promise.resolve()), TOAST_SECONDS: 3 }));
vi.mock('../../../src/client/api/request', async () => {
  class ApiError extends Error {
    status = 400;
    validationErrors = null;
  }
  const call = (method: string) => async (url: string, payload: any) => {
    calls.push({ method, url, payload });
    if (url.endsWith('/TrainClassService/Get')) return klass;
    if (url.endsWith('/TrainClassService/AllocedPageList'))
      return { totalCount: 1, items: [{ id: 8, organId: 3, organName: '中共成都市温江区委员会', numbers: 30, usedCount: 2, subAllocated: 0 }], trainNumbers: 100, allocatedTotal: 30 };
    return { totalCount: 0, items: [] };
  };
  return { ApiError, api: { get: call('GET'), post: call('POST'), put: call('PUT'), delete: call('DELETE') } };
});

import { resetState, setState } from '../../../src/client/state/store';
import { DetailScreen } from '../../../src/client/engine/detail';
import { ListScreen } from '../../../src/client/engine/list-screen';
import { pickBody } from '../../../src/client/engine/entity-body';
import { screenFor } from '../../../src/client/engine/resolve';
import type { EntityDef, ScreenDef, UiConfig } from '../../../src/client/engine/types';

const screens: Record<string, ScreenDef> = Object.fromEntries(readConfigDir('screens').map(({ json }) => [json.tag, json as ScreenDef]));
const entities = Object.fromEntries(readConfigDir('schemas').map(({ json }) => [json.name, json]));
const config: UiConfig = { screens, entities };

const klass = {
  id: 2, className: '基层党务干部培训班', statusText: '报名中', state: 2, status: 1, trainNumbers: 100, needAudit: true, createOrganName: '中共四川省委员会',
  applyStartTime: '2026-11-24T16:00:00.000Z', applyEndTime: '2026-11-29T10:00:00.000Z', startTime: '2026-11-30T01:00:00.000Z', endTime: '2026-12-02T09:00:00.000Z',
  scopeList: [{ organId: 3, organName: '中共成都市温江区委员会' }, { organId: 5, organName: '中共成都市郫都区委员会' }], excludedList: [],
  studentCount: 2, pendingCount: 1, allocatedCount: 70,
};

function Where() {
  const l = useLocation();
  return <div data-testid="where">{`${l.pathname}${l.search}`}</div>;
}

beforeEach(() => {
  calls.length = 0;
  resetState();
  setState({ session: { accessToken: 't', organId: 1, organName: '中共四川省委员会', organPath: '/1/', organLevel: 1 } as any, permissionButton: { 'Pages.TrainClass.Update': true } });
});
afterEach(cleanup);

describe('培训班 screens', () => {
  it('resolve the contract child routes: createTrainClass, updateTrainClass, distributive, info', () => {
    expect(screenFor(screens, 'trainClass', undefined)).toMatchObject({ as: 'list', screen: { calls: { list: 'TrainClassService/PageList' } } });
    expect(screenFor(screens, 'trainClass', 'createTrainClass')).toMatchObject({ as: 'form', screen: { title: '新建培训班', calls: { create: 'POST TrainClassService/Create' } } });
    expect(screenFor(screens, 'trainClass', 'updateTrainClass')).toMatchObject({ as: 'form', screen: { title: '编辑培训班', calls: { update: 'PUT TrainClassService/Update' } } });
    expect(screenFor(screens, 'trainClass', 'distributive')).toMatchObject({ as: 'list', screen: { calls: { list: 'TrainClassService/AllocedPageList' } } });
    expect(screenFor(screens, 'trainClass', 'info')).toMatchObject({ as: 'detail', screen: { tag: 'trainClass' } });
    // 添加学员: the picker's account ids as userList
    expect(screens['trainClass/students'].toolbar?.find((a) => a.kind === 'pickMembers')).toMatchObject({ call: 'TrainClassService/AddStudent', picker: { param: 'userList', valueKey: 'userId' } });
  });

  it('the edit form starts from the scope’s ids', () => {
    expect(pickBody(entities.trainClass as EntityDef, klass, ['className', 'scopeList'])).toEqual({ className: '基层党务干部培训班', scopeList: [3, 5] });
  });

  it('the detail names the scope’s organisations, and 编辑 opens the update route', async () => {
    render(
      <MemoryRouter initialEntries={['/education/trainClass/info?id=2']}>
        <App>
          <DetailScreen screen={screens.trainClass} config={config} basePath="/education/trainClass" renderList={() => null} />
          <Where />
        </App>
      </MemoryRouter>,
    );
    expect(await screen.findByText('中共成都市温江区委员会、中共成都市郫都区委员会')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/TrainClassService/Get'))?.payload).toMatchObject({ id: '2' });
    fireEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/education/trainClass/updateTrainClass?id=2'));
  });

  it('分配名额 is a list on a child route: the class’s places above it, and the way back to the list', async () => {
    render(
      <MemoryRouter initialEntries={['/education/trainClass/distributive?id=2']}>
        <App>
          <ListScreen screen={screens['trainClass/distributive']} config={config} basePath="/education/trainClass" />
          <Where />
        </App>
      </MemoryRouter>,
    );
    expect(await screen.findByText('中共成都市温江区委员会')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('list-summary').querySelector('[data-summary=allocatedTotal]')?.textContent).toBe('30'));
    expect(calls.filter((c) => c.url.endsWith('/AllocedPageList')).every((c) => c.payload.trainClassId === '2')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /返回列表/ }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/education/trainClass'));
  });

  it('the menu’s own list has no way back', async () => {
    render(
      <MemoryRouter initialEntries={['/education/trainClass']}>
        <App>
          <ListScreen screen={screens.trainClass} config={config} basePath="/education/trainClass" />
        </App>
      </MemoryRouter>,
    );
    expect(await screen.findByText('暂无培训班')).toBeTruthy();
    expect(screen.queryByTestId('back-bar')).toBeNull();
  });
});
