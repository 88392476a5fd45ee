import { afterEach, describe, expect, it } from 'vitest';
import { menuPath, navigateTarget } from '../../../src/client/engine/actions';
import { resetState, setState } from '../../../src/client/state/store';
import type { MenuDto } from '../../../src/contract/types';

const menu = (over: Partial<MenuDto>): MenuDto => ({ id: 1, displayName: '', url: '', tags: '', type: 1, parentId: null, iconPath: null, sort: 0, permissionName: '', children: [], ...over }) as unknown as MenuDto;
const MENUS = [
  menu({ id: 1, displayName: '教育', url: '/education', tags: 'education', children: [menu({ id: 2, displayName: '培训班', url: '/trainClass', tags: 'trainClass', permissionName: 'Pages.TrainClass' }), menu({ id: 3, displayName: '集中轮训', url: '/centralTraining', tags: 'centralTraining', permissionName: 'Pages.CentralTraining' })] }),
];

describe('navigate into another menu (集中轮训 → a batch in 培训班)', () => {
  afterEach(() => resetState());

  it('finds a menu of the role by its tag, or nothing', () => {
    expect(menuPath(MENUS, 'trainClass')).toBe('/education/trainClass');
    expect(menuPath(MENUS, 'live')).toBeNull();
  });

  it('opens the child route of that menu with the row’s params; without `menu`, of its own', () => {
    setState({ permissionMenus: MENUS } as never);
    const action = { key: 'class', label: '课程与学员', kind: 'navigate', menu: 'trainClass', route: 'info', params: { id: '$record.id' } } as const;
    expect(navigateTarget('/education/centralTraining', action as never, { record: { id: 7 } })).toBe('/education/trainClass/info?id=7');
    expect(navigateTarget('/education/centralTraining', { ...action, menu: undefined } as never, { record: { id: 7 } })).toBe('/education/centralTraining/info?id=7');
  });
});
