/**
 * TreeCheck (分配菜单): a parent in the value does not check all its children; a parent stored
 * without all (or any) of its children is half-checked; the value sent holds the checked ids and
 * their parents.
 */
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import TreeCheck from '../../../src/client/widgets/tree-check';

const tree = [
  { id: 1, displayName: '设置', type: 1, children: [
    { id: 2, displayName: '代码表', type: 1, children: [] },
    { id: 3, displayName: '项目管理', type: 1, children: [] },
    { id: 4, displayName: '角色管理', type: 1, children: [{ id: 5, displayName: '新增', type: 2, children: [] }] },
  ] },
];

const box = (c: HTMLElement, title: string) => {
  const node = [...c.querySelectorAll('.ant-tree-treenode')].find((n) => n.querySelector('.ant-tree-title')?.textContent?.startsWith(title))!;
  return node.querySelector('.ant-tree-checkbox')!;
};

describe('TreeCheck', () => {
  it('shows a stored parent half-checked when only one child is stored, and marks buttons', () => {
    const { container } = render(<TreeCheck treeData={tree} value={[1, 2]} tags={{ type: { '2': '按钮' } }} />);
    expect(box(container, '代码表').className).toContain('ant-tree-checkbox-checked');
    expect(box(container, '项目管理').className).not.toContain('ant-tree-checkbox-checked');
    expect(box(container, '设置').className).toContain('ant-tree-checkbox-indeterminate');
    expect(container.textContent).toContain('按钮');
  });

  it('sends the checked ids with their half-checked parents', () => {
    const onChange = vi.fn();
    const { container } = render(<TreeCheck treeData={tree} value={[]} onChange={onChange} />);
    fireEvent.click(box(container, '项目管理'));
    expect([...onChange.mock.calls[0][0]].sort()).toEqual([1, 3]);
    onChange.mockClear();
    fireEvent.click(box(container, '角色管理'));
    expect([...onChange.mock.calls[0][0]].sort()).toEqual([1, 4, 5]);
  });

  it('shows a parent stored without any child, or without all of them, half-checked, not unchecked', () => {
    const { container } = render(<TreeCheck treeData={tree} value={[1, 4]} />);
    // 角色管理 stored without its button: a view-only page
    expect(box(container, '角色管理').className).toContain('ant-tree-checkbox-indeterminate');
    expect(box(container, '新增').className).not.toContain('ant-tree-checkbox-checked');
    expect(box(container, '设置').className).toContain('ant-tree-checkbox-indeterminate');
    const only = render(<TreeCheck treeData={tree} value={[1]} />).container;
    expect(box(only, '设置').className).toContain('ant-tree-checkbox-indeterminate');
    const all = render(<TreeCheck treeData={tree} value={[1, 2, 3, 4, 5]} />).container;
    expect(box(all, '设置').className).toContain('ant-tree-checkbox-checked');
  });

  it('ticks a half-checked parent with everything below it; unticking a child keeps the parent', () => {
    const onChange = vi.fn();
    const { container } = render(<TreeCheck treeData={tree} value={[1, 4]} onChange={onChange} />);
    fireEvent.click(box(container, '角色管理'));
    expect([...onChange.mock.calls[0][0]].sort()).toEqual([1, 4, 5]);
    onChange.mockClear();
    const all = render(<TreeCheck treeData={tree} value={[1, 2, 3, 4, 5]} onChange={onChange} />).container;
    fireEvent.click(box(all, '新增'));
    expect([...onChange.mock.calls[0][0]].sort()).toEqual([1, 2, 3, 4]);
    onChange.mockClear();
    fireEvent.click(box(all, '设置'));
    expect(onChange.mock.calls[0][0]).toEqual([]);
  });
});
