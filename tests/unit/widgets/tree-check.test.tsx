/**
 * TreeCheck (分配菜单): a parent in the value does not check all its children; parents follow
 * their leaves; the value sent holds the checked ids and the half-checked parents.
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
});
