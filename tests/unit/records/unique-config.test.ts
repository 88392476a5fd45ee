/**
 * The record store's declarations are checked at start (configured-services.ts): a unique
 * rule or a measure's `where` naming an unknown field, or a check on an operation that cannot run it,
 * stops the server with the file and the place.
 */
import { describe, expect, it } from 'vitest';
import { buildConfiguredServices } from '../../../src/server/records/configured-services';
import { ConfigError, type EntityFile } from '../../../src/server/records/entities';
import { registerChecks } from '../../../src/server/records/checks';

// the kernel knows only registered names: this test registers its own, as a domain would
registerChecks({ ratingCheck: async () => {} });

const parent: EntityFile = {
  name: 'thing', title: '事项', file: 'thing.json',
  schema: { type: 'object', properties: { year: { title: '年度', type: 'integer' } } },
  service: { name: 'ThingService', permission: 'Pages.Thing', actions: { PageList: { method: 'GET', op: 'page' } } },
};
const child = (over: Partial<NonNullable<EntityFile['service']>>, actions: NonNullable<EntityFile['service']>['actions'] = {}): EntityFile => ({
  name: 'rating', title: '评定', file: 'rating.json',
  schema: { type: 'object', properties: { rating: { title: '等次', type: 'string' } } },
  service: { name: 'RatingService', permission: 'Pages.Thing', actions: { Create: { method: 'POST', op: 'createChild', parent: { entity: 'thing' } }, ...actions }, ...over },
});

describe('declarations of the record store', () => {
  it('accepts unique rules on columns and fields, measures of some records and a check on createChild', () => {
    const ok = child({ unique: [{ fields: ['parentId', 'rating'], message: '重复' }, { fields: ['ownerUserId', 'organId'], message: '重复' }] }, {
      Stats: { method: 'GET', op: 'statistics', measures: [{ key: 'good', title: '优秀', where: { rating: 'excellent' } }] },
      Create: { method: 'POST', op: 'createChild', parent: { entity: 'thing' }, check: 'ratingCheck' },
    });
    expect(() => buildConfiguredServices([parent, ok])).not.toThrow();
  });

  it('refuses a unique rule naming an unknown field', () => {
    expect(() => buildConfiguredServices([parent, child({ unique: [{ fields: ['memberId'], message: '重复' }] })])).toThrow(/rating\.json 不合法：\/service\/unique 字段 memberId 未在 schema 中定义/);
  });

  it('refuses a measure counting by an unknown field', () => {
    const bad = child({}, { Stats: { method: 'GET', op: 'statistics', measures: [{ key: 'good', title: '优秀', where: { grade: 'A' } }] } });
    expect(() => buildConfiguredServices([parent, bad])).toThrow(ConfigError);
  });

  it('refuses a check on an operation that does not write a body', () => {
    const bad = child({}, { Remove: { method: 'DELETE', op: 'delete', check: 'ratingCheck' } });
    expect(() => buildConfiguredServices([parent, bad])).toThrow(/check 只用于 create、update 与 createChild 操作/);
  });
});

describe('a sign-in page address (participants.signIn.url)', () => {
  const event = (url: string): EntityFile => ({
    name: 'gathering', title: '活动', file: 'gathering.json',
    schema: { type: 'object', properties: { startTime: { title: '开始', type: 'string' }, endTime: { title: '结束', type: 'string' } } },
    service: {
      name: 'GatheringService', permission: 'Pages.Thing',
      participants: { signIn: { fromField: 'startTime', toField: 'endTime', url } },
      actions: { Code: { method: 'GET', op: 'signInCode' }, Rotate: { method: 'POST', op: 'rotateSignInCode' }, SignIn: { method: 'POST', op: 'signIn', permission: 'self' } },
    },
  });
  it('carries the signed token, never the bare code', () => {
    expect(() => buildConfiguredServices([event('/m/info?id={id}&token={token}')])).not.toThrow();
    expect(() => buildConfiguredServices([event('/m/info?id={id}&code={code}')])).toThrow(/签到页地址须带 \{token\}/);
    expect(() => buildConfiguredServices([event('/m/info?id={id}&token={token}&code={code}')])).toThrow(/不能带 \{code\}/);
  });
});
