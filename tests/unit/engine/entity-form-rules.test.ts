/** The form's validator rules read from an entity field: a personal number may stay masked. */
import { describe, expect, it } from 'vitest';
import { rulesOf } from '../../../src/client/engine/entity-form';
import type { FieldSchema } from '../../../src/client/engine/types';

const patternOf = (fs: FieldSchema) => new RegExp(rulesOf(fs, false).find((r) => 'pattern' in r)!.pattern as string);

describe('rulesOf', () => {
  const phone: FieldSchema = { title: '手机号', type: 'string', pattern: '^1[3-9]\\d{9}$', 'x-message': '手机号格式错误' };
  it('keeps the schema pattern and message of an ordinary field', () => {
    expect(patternOf(phone).test('139****0000')).toBe(false);
    expect(rulesOf(phone, false).find((r) => 'pattern' in r)!.message).toBe('手机号格式错误');
  });
  it('accepts a sensitive number whole or masked as the server shows it, nothing else', () => {
    const p = patternOf({ ...phone, 'x-sensitive': 'phone' });
    expect(p.test('13912345678')).toBe(true);
    expect(p.test('139****5678')).toBe(true);
    expect(p.test('139****56')).toBe(false);
    const id = patternOf({ title: '身份证号', type: 'string', pattern: '^\\d{17}[\\dXx]$', 'x-sensitive': 'idCard' });
    expect(id.test('510115198001010012')).toBe(true);
    expect(id.test('510115********0012')).toBe(true);
    expect(id.test('51011519800101')).toBe(false);
  });
});

describe('decisionEntity', () => {
  const entity = { name: 'development', title: '发展党员', schema: { type: 'object', properties: { extendReason: { title: '延长原因', type: ['string', 'null'] } }, required: [] } } as any;
  it('asks a remark by default, and none when the step says its fields say it all', async () => {
    const { decisionEntity } = await import('../../../src/client/engine/transition');
    expect(decisionEntity({ fields: ['extendReason'] }, entity).names).toEqual(['extendReason', 'remark']);
    const none = decisionEntity({ fields: ['extendReason'], required: ['extendReason'], remark: 'none' }, entity);
    expect(none.names).toEqual(['extendReason']);
    expect(none.entity.schema.properties.remark).toBeUndefined();
    expect(none.entity.schema.required).toEqual(['extendReason']);
  });
});
