/**
 * OrganCascader in a form that keeps only the picked id (a member form: toOrganId, no organPath): a
 * level picked on the way down stays at its place in the cascade, so the next level can be opened
 * and picked (before, the value [id] matched no path and the menus fell back to the root).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';

const tree: Record<string, { id: number; organName: string; organPath: string; hasChild: boolean }[]> = {
  root: [{ id: 1, organName: '中共四川省委员会', organPath: '/1/', hasChild: true }],
  1: [{ id: 3, organName: '中共成都市委员会', organPath: '/1/3/', hasChild: true }],
  3: [{ id: 19, organName: '中共成都市郫都区委员会', organPath: '/1/3/19/', hasChild: true }],
  19: [{ id: 218, organName: '郫筒街道东街社区党支部', organPath: '/1/3/19/218/', hasChild: false }],
};

vi.mock('../../../src/client/api/endpoints', () => ({
  organizationService: { children: vi.fn(async (id?: number) => tree[id ?? 'root'] ?? []) },
}));
vi.mock('../../../src/client/state/store', () => ({ getState: () => ({ session: { organId: 184, organName: '柳城街道凤凰社区党支部', organPath: '/1/3/17/53/184/' } }) }));

import OrganCascader from '../../../src/client/widgets/organ-cascader';

function Controlled({ onPick }: { onPick: (v: unknown) => void }) {
  const [value, setValue] = useState<number | string | null>(null);
  return (
    <OrganCascader
      value={value}
      onChange={(v) => {
        setValue(v);
        onPick(v);
      }}
    />
  );
}

afterEach(cleanup);

const menus = () => Array.from(document.querySelectorAll('.ant-cascader-menu'));
const item = (level: number, text: string) =>
  Array.from(menus()[level]?.querySelectorAll('.ant-cascader-menu-item') ?? []).find((el) => el.textContent?.includes(text)) as HTMLElement | undefined;

describe('OrganCascader', () => {
  it('keeps the picked level open with only the id as value, down to a branch', async () => {
    const onPick = vi.fn();
    const { container } = render(<Controlled onPick={onPick} />);
    fireEvent.mouseDown(container.querySelector('.ant-select-selector')!);
    await waitFor(() => expect(item(0, '中共四川省委员会')).toBeTruthy());
    const path = ['中共四川省委员会', '中共成都市委员会', '中共成都市郫都区委员会', '郫筒街道东街社区党支部'];
    for (const [level, name] of path.entries()) {
      await waitFor(() => expect(item(level, name)).toBeTruthy());
      fireEvent.click(item(level, name)!);
    }
    expect(onPick.mock.calls.map((c) => c[0])).toEqual([1, 3, 19, 218]);
    // the chosen branch is shown by its name
    await waitFor(() => expect(screen.getAllByText('郫筒街道东街社区党支部').length).toBeGreaterThan(0));
  });
});
