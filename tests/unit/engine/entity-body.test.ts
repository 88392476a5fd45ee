import { describe, expect, it } from 'vitest';
import { bodyValue, formValue, pickBody, toBody } from '../../../src/client/engine/entity-body';
import { getPath, resolveValue } from '../../../src/client/engine/refs';
import type { EntityDef, FieldSchema } from '../../../src/client/engine/types';

const scope: FieldSchema = { title: '培训范围', type: ['array', 'null'], items: { type: 'integer' }, 'x-component': 'OrganTreeSelect', 'x-component-props': { valueKey: 'organId' } };
const entity: EntityDef = {
  name: 'trainClass',
  title: '培训班',
  schema: { type: 'object', properties: { className: { title: '名称', type: 'string' }, scopeList: scope, tags: { title: '标签', type: 'array', items: { type: 'string' } } } },
};

describe('entity body: id lists', () => {
  it('a record’s objects fill an id list by the field’s valueKey', () => {
    expect(formValue(scope, [{ organId: 3, organName: '温江区' }, { organId: 5, organName: '郫都区' }])).toEqual([3, 5]);
    expect(formValue(scope, [3, 5])).toEqual([3, 5]);
    // without valueKey, or on another field, the value is left as it is
    expect(formValue({ ...scope, 'x-component-props': {} }, [{ organId: 3 }])).toEqual([{ organId: 3 }]);
    expect(formValue({ title: 'x', type: 'string', 'x-component-props': { valueKey: 'id' } }, 'a')).toBe('a');
    expect(pickBody(entity, { id: 9, className: '班', scopeList: [{ organId: 3, organName: '温江区' }] })).toEqual({ className: '班', scopeList: [3] });
  });

  it('ids joined by commas are sent as the array (numbers when the items are); null stays null', () => {
    expect(bodyValue(scope, '3,5')).toEqual([3, 5]);
    expect(bodyValue(scope, '')).toEqual([]);
    expect(bodyValue(scope, null)).toBeNull();
    expect(bodyValue(scope, [3])).toEqual([3]);
    expect(bodyValue(entity.schema.properties.tags, 'a, b')).toEqual(['a', 'b']);
    expect(bodyValue({ title: 'x', type: 'string' }, '3,5')).toBe('3,5');
    expect(toBody(entity, { className: '班', scopeList: '7' })).toEqual({ className: '班', scopeList: [7] });
  });
});

describe('paths (columns and references)', () => {
  it('read through arrays item by item, or at an index', () => {
    const r = { scopeList: [{ organName: '温江区' }, { organName: '郫都区' }], organ: { name: '省委' } };
    expect(getPath(r, 'scopeList.organName')).toEqual(['温江区', '郫都区']);
    expect(getPath(r, 'scopeList.1.organName')).toBe('郫都区');
    expect(getPath(r, 'organ.name')).toBe('省委');
    expect(getPath(r, 'missing.name')).toBeUndefined();
    // a prompt's first value from its load answer: the ids of a course's resources
    expect(resolveValue('$loaded.items.id', { loaded: { items: [{ id: 4, name: '微党课' }, { id: 9 }] } })).toEqual([4, 9]);
  });
});
