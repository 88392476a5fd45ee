/**
 * A list screen's tree (组织管理): only the top level loads at first, a node's children when it is
 * expanded, and a chosen node is handed back with its fields (the list adds its params).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 90_000 });
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';

vi.mock('../../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(() => Promise.resolve()), TOAST_SECONDS: 3 }));
vi.mock('../../../src/client/api/request', () => import('./api-mock'));

import { calls, resetCalls, respond } from './api-mock';
import { TreePanel } from '../../../src/client/engine/tree-panel';
import { readConfigDir } from './config-dirs';
import type { ScreenDef } from '../../../src/client/engine/types';

afterEach(() => {
  cleanup();
  resetCalls();
});

const organization = readConfigDir('screens').find((f) => f.json.tag === 'organization')!.json as ScreenDef;
const node = (id: number, name: string, path: string, hasChild: boolean) => ({ id, organName: name, organPath: path, hasChild });

describe('the list tree of 组织管理', () => {
  it('loads the top level, then the children of an expanded node only', async () => {
    respond((_m, url, p) => {
      if (url.endsWith('/GetListByParentIdAsync')) return [node(1, '省委', '/1/', true)];
      if (url.endsWith('/GetChildOrgnizationByIdAsync') && p.id === 1) return [node(2, '成都市委', '/1/2/', true), node(3, '支部', '/1/3/', false)];
      return [];
    });
    const onSelect = vi.fn();
    const { container } = render(<TreePanel def={organization.tree!} scope={{}} selected={null} onSelect={onSelect} />);
    await screen.findByText('省委');
    expect(calls.map((c) => c.url.split('/').pop())).toEqual(['GetListByParentIdAsync']);
    fireEvent.click(container.querySelector('.ant-tree-switcher')!);
    await screen.findByText('成都市委');
    expect(calls.map((c) => [c.url.split('/').pop(), c.payload])).toEqual([['GetListByParentIdAsync', {}], ['GetChildOrgnizationByIdAsync', { id: 1 }]]);
    fireEvent.click(screen.getByText('成都市委'));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 2, organPath: '/1/2/' })));
    // nothing below 成都市委 was asked for
    expect(calls).toHaveLength(2);
    expect(organization.tree!.params).toEqual({ organPath: '$record.organPath' });
  });
});
