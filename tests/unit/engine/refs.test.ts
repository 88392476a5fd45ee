import { describe, expect, it } from 'vitest';
import { allHold, resolveParams, resolveValue, test as holds } from '../../../src/client/engine/refs';
import { parseCall } from '../../../src/client/engine/calls';
import { filterQuery } from '../../../src/client/engine/list-screen';
import { memberToField } from '../../../src/client/engine/entity-form';
import { pageWindow } from '../../../src/client/widgets/pager';
import { menuPath } from '../../../src/client/engine/screen-host';

describe('references and conditions (looked up, never evaluated)', () => {
  const scope = { record: { id: 7, organId: 3, isTop: false, auditStatus: 0, nested: { a: 1 } }, session: { organId: 3 }, context: { id: 9 } };
  it('resolves $record, $session, $context paths and leaves other strings alone', () => {
    expect(resolveValue('$record.id', scope)).toBe(7);
    expect(resolveValue('$record.nested.a', scope)).toBe(1);
    expect(resolveValue('$context.id', scope)).toBe(9);
    expect(resolveValue('{{alert(1)}}', scope)).toBe('{{alert(1)}}');
    expect(resolveValue('$record.constructor', scope)).toBeUndefined();
    expect(resolveParams({ id: '$record.id', status: 0 }, scope)).toEqual({ id: 7, status: 0 });
  });
  it('tests conditions, also against session values', () => {
    expect(holds({ field: 'organId', equals: '$session.organId' }, scope)).toBe(true);
    expect(holds({ field: 'isTop', truthy: false }, scope)).toBe(true);
    expect(holds({ field: 'auditStatus', in: [1, 2] }, scope)).toBe(false);
    expect(holds({ field: 'auditStatus', equals: '0' }, scope)).toBe(true);
    expect(allHold([{ field: 'id', notEquals: 7 }], scope)).toBe(false);
    expect(allHold(undefined, scope)).toBe(true);
  });
  it('parses calls with the method by role or given', () => {
    expect(parseCall('XService/PageList', 'list')).toEqual({ method: 'GET', service: 'XService', action: 'PageList' });
    expect(parseCall('POST XService/PageList', 'list').method).toBe('POST');
    expect(parseCall('XService/Delete', 'delete').method).toBe('DELETE');
    expect(parseCall('XService/Update', 'update').method).toBe('PUT');
    expect(() => parseCall('alert(1)', 'list')).toThrow();
  });
  it('maps filters: dateRange to Start/End, organ to organPath', () => {
    expect(
      filterQuery(
        [
          { field: 'title', type: 'text' },
          { field: 'creationTime', type: 'dateRange' },
          { field: 'organ', type: 'organ' },
        ],
        { title: ' 计划 ', creationTime: ['2026-01-01', '2026-02-01'], organ: '/1/3/' },
      ),
    ).toEqual({ title: '计划', creationTimeStart: '2026-01-01', creationTimeEnd: '2026-02-01', organPath: '/1/3/' });
  });
  it('maps server member names to fields; the pager shows 10 page numbers; the menu path drops the child route', () => {
    expect(memberToField('Title')).toBe('title');
    expect(memberToField('input.baseName')).toBe('baseName');
    expect(pageWindow(1, 11)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(11, 63)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(menuPath('/education/baseLibrary/all', 'all')).toBe('/education/baseLibrary');
    expect(menuPath('/message/teachPlan', undefined)).toBe('/message/teachPlan');
  });
});
