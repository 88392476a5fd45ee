/** MemberDetail: labels from the entity schema, values through the engine's renderer, the history timeline. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { resetState } from '../../../src/client/state/store';
import { MemberDetail } from '../../../src/client/member/kit';
import type { EntityDef } from '../../../src/client/engine/types';

afterEach(() => {
  cleanup();
  resetState();
});

const entity: EntityDef = {
  name: 'difficultyApply',
  title: '困难帮扶申请',
  schema: {
    type: 'object',
    properties: {
      reason: { type: 'string', title: '申请理由' },
      applyDate: { type: 'string', title: '申请日期', format: 'date' },
      isUrgent: { type: 'boolean', title: '是否紧急' },
    },
  },
};

describe('MemberDetail', () => {
  it('titles fields from the schema and renders their values; a status column reads the status list', () => {
    render(
      <MemberDetail
        entity={entity}
        record={{ reason: '家庭成员重病', applyDate: '2026-11-20', isUrgent: true, auditStatus: 3 }}
        sections={[{ title: '申请信息', fields: ['reason', 'applyDate', 'isUrgent', { field: 'auditStatus', title: '办理状态', valueType: 'status', statusList: 'difficultyApply' }] }]}
      />,
    );
    expect(screen.getByText('申请信息')).toBeTruthy();
    expect(screen.getByText('申请理由')).toBeTruthy();
    expect(screen.getByText('家庭成员重病')).toBeTruthy();
    expect(screen.getByText('2026-11-20')).toBeTruthy(); // a calendar day is shown as it is
    expect(screen.getByText('是')).toBeTruthy();
    expect(screen.getByText('未通过')).toBeTruthy();
  });

  it('shows the history as a timeline: step, actor and organisation, time in the platform zone, remark', () => {
    render(
      <MemberDetail
        entity={entity}
        record={{ reason: 'x' }}
        sections={[{ fields: ['reason'] }]}
        statusList="difficultyApply"
        history={[
          { title: '支部审核', fromState: 0, toState: 1, actorName: '王书记', actorOrganName: '第一支部', remark: null, creationTime: '2026-11-21T02:00:00Z' },
          { title: '上级审核', fromState: 1, toState: 3, actorName: '李部长', actorOrganName: '温江区委', remark: '材料不全', creationTime: '2026-11-22T16:30:00Z' },
        ]}
      />,
    );
    const history = screen.getByTestId('history');
    expect(history.textContent).toContain('支部审核');
    expect(history.textContent).toContain('待上级审核');
    expect(history.textContent).toContain('王书记（第一支部）');
    expect(history.textContent).toContain('2026-11-21 10:00'); // Asia/Shanghai
    expect(history.textContent).toContain('2026-11-23 00:30');
    expect(history.textContent).toContain('材料不全');
  });
});
