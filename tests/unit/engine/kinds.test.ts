/**
 * The registry of screen kinds: the meta-schema's kinds and the registry agree, every screen file
 * names a registered kind, and each kind loads a component. The meta-schema takes the syntax of the
 * new pieces (statistics, export/import, transition, pickMembers, call results, timeline, steps)
 * and refuses their mistakes; the condition `contains` reads an array field.
 */
import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import screenMeta from '../../../src/contract/meta/screen.schema.json';
import { getKind, isKindRegistered, kindNames, loadKind } from '../../../src/client/engine/kinds';
import { screenFor } from '../../../src/client/engine/resolve';
import { allHold, test as holds } from '../../../src/client/engine/refs';
import { readConfigDir } from './config-dirs';

const validate = new Ajv({ allErrors: true, strict: false }).compile(screenMeta);
const ok = (s: unknown) => {
  const r = validate(s);
  return r ? true : JSON.stringify(validate.errors?.[0]);
};

describe('registry of screen kinds', () => {
  it('the meta-schema enum of kinds and the registry are the same list', () => {
    expect([...(screenMeta as any).properties.kind.enum].sort()).toEqual(kindNames().sort());
  });

  it('every screen file names a registered kind', () => {
    const unregistered = readConfigDir('screens')
      .filter(({ json }) => !isKindRegistered(json.kind))
      .map(({ file, json }) => `${file}: ${json.kind}`);
    expect(unregistered).toEqual([]);
    expect(isKindRegistered('chart')).toBe(false);
    expect(() => getKind('chart')).toThrow('未注册的界面类型：chart');
    // and the meta-schema refuses it before the server starts
    expect(ok({ tag: 'x', kind: 'chart', title: 'X' })).not.toBe(true);
  });

  it('each kind loads a component; one lazy component per kind', async () => {
    for (const k of kindNames()) expect(typeof (await loadKind(k)).default, k).toBe('function');
    expect(getKind('list')).toBe(getKind('list'));
    await expect(loadKind('chart')).rejects.toThrow();
  });

  it('a route resolves to the kind of its screen; an info child of a list to detail', () => {
    const screens = {
      stat: { tag: 'stat', kind: 'statistics', title: '统计', calls: { statistics: 'XService/Statistics' } },
      aud: { tag: 'aud', kind: 'audit', title: '审核', calls: { list: 'XService/PageList', get: 'XService/Get' }, decision: { call: 'XService/Audit' } },
    } as any;
    expect(screenFor(screens, 'stat')).toMatchObject({ as: 'statistics' });
    expect(screenFor(screens, 'aud')).toMatchObject({ as: 'audit' });
    expect(screenFor(screens, 'aud', 'info')).toMatchObject({ as: 'detail' });
    expect(screenFor(screens, 'aud', 'x/list')).toMatchObject({ as: 'list' });
    expect(screenFor(screens, 'stat', 'x/list')).toBeNull();
  });
});

describe('meta-schema of the new pieces', () => {
  const list = { tag: 'plan', kind: 'list', title: '计划', entity: 'plan', calls: { list: 'PlanService/PageList', get: 'PlanService/Get' } };
  it('takes a statistics screen, and wants its call', () => {
    expect(
      ok({
        tag: 'activityStatistics',
        kind: 'statistics',
        title: '活动统计',
        calls: { statistics: 'ActivityService/Statistics' },
        filters: [{ field: 'organPath', type: 'organ', title: '党组织' }, { field: 'startTime', type: 'dateRange', title: '活动时间' }],
        statistics: { labelTitle: '党组织', measures: ['count', 'participants'] },
      }),
    ).toBe(true);
    expect(ok({ tag: 's', kind: 'statistics', title: 'S', calls: { list: 'XService/PageList' } })).not.toBe(true);
  });

  it('takes a page under construction that says what it waits for; waitsFor belongs to that kind only', () => {
    expect(ok({ tag: 'special/createExam', kind: 'construction', title: '新建考试', waitsFor: '专题考试的组卷' })).toBe(true);
    expect(ok({ tag: 'special/createExam', kind: 'construction', title: '新建考试' })).not.toBe(true);
    expect(ok({ ...list, waitsFor: '以后' })).not.toBe(true);
  });

  it('takes a menu screen’s own child routes (…info, …/list) and a sub screen embedded in another; refuses them elsewhere', () => {
    expect(ok({ ...list, routes: ['info', 'video/info', 'video/list'] })).toBe(true);
    expect(ok({ ...list, routes: ['list'] })).not.toBe(true);
    expect(ok({ ...list, routes: ['create'] })).not.toBe(true);
    expect(ok({ ...list, tag: 'plan/issue', routes: ['info'] })).not.toBe(true);
    expect(ok({ ...list, tag: 'plan/issue', embedded: true })).toBe(true);
    expect(ok({ ...list, embedded: true })).not.toBe(true);
  });

  it('takes export, import, transition, pickMembers and a call with a result; refuses them incomplete', () => {
    const screen = {
      ...list,
      toolbar: [
        { key: 'export', label: '导出', kind: 'export' },
        { key: 'import', label: '导入', kind: 'import', call: 'PlanService/Import', importTemplate: 'PlanService/ImportTemplate' },
      ],
      rowActions: [
        { key: 'branchAudit', label: '支部审核', kind: 'transition', call: 'PlanService/BranchAudit', decision: true, remark: 'onReject', fields: ['branchOpinion'], visibleWhen: [{ field: 'availableTransitions', contains: 'branchAudit' }] },
        { key: 'withdraw', label: '撤回', kind: 'transition', call: 'PlanService/Withdraw', remark: 'required' },
        { key: 'add', label: '添加参与人', kind: 'pickMembers', call: 'PlanService/AddParticipants', picker: { multiple: true, param: 'userIds' } },
        { key: 'code', label: '签到码', kind: 'call', call: 'PlanService/SignInCode', result: { title: '签到码', fields: [{ field: 'code', title: '签到码' }, { field: 'validTo', title: '有效期至', valueType: 'dateTime' }] } },
      ],
      detail: { sections: [{ title: '基本信息', fields: ['title'] }, { kind: 'timeline', title: '办理记录', statusList: 'difficultyApply' }] },
      form: { steps: [{ title: '基本信息', fields: ['title'] }, { title: '介绍人', fields: ['introducers'] }] },
      columns: [{ field: 'auditStatus', valueType: 'status', statusList: 'difficultyApply' }],
    };
    expect(ok(screen)).toBe(true);
    expect(ok({ ...list, toolbar: [{ key: 'i', label: '导入', kind: 'import', call: 'PlanService/Import' }] })).not.toBe(true);
    expect(ok({ ...list, rowActions: [{ key: 't', label: '审核', kind: 'transition' }] })).not.toBe(true);
    expect(ok({ ...list, rowActions: [{ key: 't', label: '审核', kind: 'transition', call: 'PlanService/Audit', remark: 'sometimes' }] })).not.toBe(true);
    expect(ok({ ...list, rowActions: [{ key: 'p', label: '添加', kind: 'pickMembers' }] })).not.toBe(true);
    expect(ok({ ...list, detail: { sections: [{ kind: 'timeline', fields: ['x'] }] } })).not.toBe(true);
    expect(ok({ ...list, form: { steps: [{ title: '只有一步', fields: ['title'] }] } })).not.toBe(true);
  });
});

describe('condition contains', () => {
  const scope = { record: { availableTransitions: ['branchAudit', 'withdraw'], ids: [1, 2], name: 'x' } };
  it('holds when the record field is an array holding the value (compared as text, like equals)', () => {
    expect(holds({ field: 'availableTransitions', contains: 'branchAudit' }, scope)).toBe(true);
    expect(holds({ field: 'availableTransitions', contains: 'upperAudit' }, scope)).toBe(false);
    expect(holds({ field: 'ids', contains: '2' }, scope)).toBe(true);
    expect(holds({ field: 'name', contains: 'x' }, scope)).toBe(false);
    expect(holds({ field: 'missing', contains: 'x' }, scope)).toBe(false);
    expect(allHold([{ field: 'availableTransitions', contains: 'withdraw' }, { field: 'name', equals: 'x' }], scope)).toBe(true);
  });
});
