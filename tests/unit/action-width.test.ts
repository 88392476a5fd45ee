import { describe, expect, it } from 'vitest';
import { actionColumnWidth, actionsWidth, MAX_ACTION_WIDTH } from '../../src/client/engine/action-width';

describe('the 操作 column width', () => {
  it('is the widest row of actions shown, not every permitted action', () => {
    const rows = [['详情', '转入审核'], ['详情']];
    expect(actionColumnWidth(rows, ['详情'])).toBe(34 + actionsWidth(['详情', '转入审核']));
    expect(actionColumnWidth(rows, ['详情'])).toBeLessThan(34 + actionsWidth(['详情', '转入审核', '转出审核', '撤回', '删除']));
  });
  it('falls back to the always-shown actions without rows, and stays within its bounds', () => {
    expect(actionColumnWidth([], ['详情', '编辑'])).toBe(34 + actionsWidth(['详情', '编辑']));
    expect(actionColumnWidth([[]], [])).toBe(64);
    expect(actionColumnWidth([Array(20).fill('很长的操作名称')], [])).toBe(MAX_ACTION_WIDTH);
  });
});
