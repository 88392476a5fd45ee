/**
 * The record store's pieces added for 组织生活 (docs/foundations.md): contract input names onto an
 * operation's (renameInput), quarters, the phase of a record by the clock (timeStatus), attendance
 * of a participant, and the checks that refuse a wrong declaration at start.
 */
import { describe, expect, it } from 'vitest';
import { action } from '../../../src/server/http/actions';
import { AppError, invalid } from '../../../src/server/http/errors';
import { renameInput } from '../../../src/server/records/input-names';
import { quarterOf, quarterRange } from '../../../src/server/records/op-kit';
import { hasPassed, timeStatusOf } from '../../../src/server/records/time-status';
import { attendanceOf } from '../../../src/server/records/ops/participants';
import { buildConfiguredServices } from '../../../src/server/records/configured-services';
import { ConfigError, type EntityFile } from '../../../src/server/records/entities';

const op = (seen: unknown[], fail = false) =>
  action({
    method: 'POST', summary: 'probe', access: 'self',
    input: { type: 'object', properties: { id: { type: 'integer' }, userIds: { type: 'array', items: { type: 'integer', minimum: 1 } } }, required: ['id', 'userIds'] },
    async handler(call) {
      seen.push(call.input);
      if (fail) throw invalid([{ message: '所选党员不在您的管理范围内', members: ['userIds'] }]);
      return true;
    },
  });

describe('inputNames (renameInput)', () => {
  const names = { meetingId: 'id', userLists: { name: 'userIds', itemKey: 'userId' } };

  it('shows the contract names in the input schema, requires them, and takes lists of objects or of ids', () => {
    const def = renameInput(op([]), names);
    const input = def.input as any;
    expect(Object.keys(input.properties).sort()).toEqual(['meetingId', 'userLists']);
    expect(input.required).toEqual(['meetingId', 'userLists']);
    expect(input.properties.userLists.items.anyOf[1]).toMatchObject({ type: 'object', required: ['userId'] });
  });

  it('hands the operation its own names, each object reduced to its itemKey', async () => {
    const seen: unknown[] = [];
    await renameInput(op(seen), names).handler({ input: { meetingId: 7, userLists: [{ userId: 3, name: '李明' }, 4] } } as any);
    expect(seen).toEqual([{ id: 7, userIds: [3, 4] }]);
  });

  it('names the contract field in the validation errors the operation raises', async () => {
    const err: any = await renameInput(op([], true), names).handler({ input: { meetingId: 7, userLists: [9] } } as any).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.opts.validationErrors[0].members).toEqual(['userLists']);
  });

  it('refuses a name the operation does not take', () => {
    expect(() => renameInput(op([]), { meetingId: 'recordId' })).toThrow(/recordId/);
  });
});

describe('quarters', () => {
  it('spans a quarter from its first day to the next quarter’s first day', () => {
    expect(quarterRange('2026-Q1')).toEqual({ from: '2026-01-01', to: '2026-04-01' });
    expect(quarterRange('2026-Q3')).toEqual({ from: '2026-07-01', to: '2026-10-01' });
    expect(quarterRange('2026-Q4')).toEqual({ from: '2026-10-01', to: '2027-01-01' });
  });
  it('finds the quarter of a day', () => {
    expect(['2026-01-01', '2026-03-31', '2026-04-01', '2026-09-30', '2026-12-31'].map(quarterOf)).toEqual(['2026-Q1', '2026-Q1', '2026-Q2', '2026-Q3', '2026-Q4']);
  });
});

describe('timeStatus: the phase by the server’s clock, in the platform zone', () => {
  const entity = { service: { timeStatus: { field: 'meetingStatus', fromField: 'beginTime', toField: 'endTime' } } } as unknown as EntityFile;
  const data = { beginTime: '2031-04-03 14:00', endTime: '2031-04-03 16:00' };
  const at = (iso: string) => ({ config: { platformTz: 'Asia/Shanghai' }, now: () => new Date(iso) }) as any;

  it('0 before the start, 1 from the start, 2 from the end', () => {
    expect(timeStatusOf(at('2031-04-03T05:59:59Z'), entity, data)).toBe(0);
    expect(timeStatusOf(at('2031-04-03T06:00:00Z'), entity, data)).toBe(1);
    expect(timeStatusOf(at('2031-04-03T07:59:59Z'), entity, data)).toBe(1);
    expect(timeStatusOf(at('2031-04-03T08:00:00Z'), entity, data)).toBe(2);
  });
  it('hasPassed: the start has come', () => {
    expect(hasPassed(at('2031-04-03T05:59:00Z'), data, 'beginTime')).toBe(false);
    expect(hasPassed(at('2031-04-03T06:00:00Z'), data, 'beginTime')).toBe(true);
  });
});

describe('attendance of a participant', () => {
  const t = new Date();
  it('signed beats everything; approved leave is 请假, pending 请假待审批; absent only once it has ended', () => {
    expect(attendanceOf({ signInTime: t, leaveStatus: 1 }, true)).toBe(1);
    expect(attendanceOf({ signInTime: null, leaveStatus: 1 }, true)).toBe(2);
    expect(attendanceOf({ signInTime: null, leaveStatus: 0 }, false)).toBe(4);
    expect(attendanceOf({ signInTime: null, leaveStatus: -1 }, true)).toBe(3);
    expect(attendanceOf({ signInTime: null, leaveStatus: null }, false)).toBe(0);
  });
});

describe('declarations checked at start', () => {
  const entity = (service: Record<string, unknown>): EntityFile =>
    ({
      name: 'probeMeeting', title: '测试', file: 'probe.json',
      schema: { type: 'object', properties: { title: { title: '标题', type: 'string' }, beginTime: { title: '开始', type: 'string' }, endTime: { title: '结束', type: 'string' } } },
      service: { name: 'ProbeMeetingService', permission: 'Pages.Probe', ...service },
    }) as unknown as EntityFile;
  const build = (service: Record<string, unknown>) => () => buildConfiguredServices([entity(service)]);

  it('askLeave needs participants.leave; lockedFrom names a field and suits update and delete only', () => {
    expect(build({ participants: {}, actions: { Ask: { method: 'POST', op: 'askLeave' } } })).toThrow(ConfigError);
    expect(build({ actions: { Edit: { method: 'POST', op: 'update', lockedFrom: { field: 'startAt', message: '已开始' } } } })).toThrow(/startAt/);
    expect(build({ actions: { List: { method: 'GET', op: 'page', lockedFrom: { field: 'beginTime', message: '已开始' } } } })).toThrow(/lockedFrom/);
    expect(build({ actions: { Edit: { method: 'POST', op: 'update', lockedFrom: { field: 'beginTime', except: ['title'], message: '已开始' } } } })).not.toThrow();
  });

  it('timeStatus reads declared fields and is not itself a body field; inputNames must name an input of the operation', () => {
    expect(build({ timeStatus: { field: 'title', fromField: 'beginTime', toField: 'endTime' }, actions: { List: { method: 'GET', op: 'page' } } })).toThrow(/title/);
    expect(build({ timeStatus: { field: 'phase', fromField: 'beginTime', toField: 'endTime' }, actions: { List: { method: 'GET', op: 'page', filters: { phase: 'eq' } } } })).not.toThrow();
    expect(build({ actions: { Get: { method: 'GET', op: 'get', inputNames: { meetingId: 'recordId' } } } })).toThrow(/inputNames/);
  });
});

describe('the quarter filter of screens', async () => {
  const { quarterValue, filterQuery } = await import('../../../src/client/engine/filter-bar');
  it('sends the picked quarter as <field>Quarter', () => {
    expect(quarterValue('2026-11-25')).toBe('2026-Q4');
    expect(quarterValue(undefined)).toBeUndefined();
    expect(filterQuery([{ field: 'beginTime', type: 'quarter' }], { beginTime: '2026-02-01' })).toEqual({ beginTimeQuarter: '2026-Q1' });
  });
});
