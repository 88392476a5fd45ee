import { describe, expect, it } from 'vitest';
import { asFieldValue, newRecordValues } from '../../../src/client/engine/form-screen';
import type { EntityDef } from '../../../src/client/engine/types';

const entity: EntityDef = {
  name: 'paper',
  title: '试卷',
  schema: {
    type: 'object',
    properties: {
      paperType: { title: '试卷类型', type: 'integer', default: 1 },
      paperName: { title: '试卷名称', type: 'string' },
      passScore: { title: '及格分', type: ['number', 'null'], default: 60 },
    },
  },
};

describe('form screen: a new record’s first values', () => {
  it('the schema’s defaults under the form’s initial values, typed as the fields are', () => {
    expect(newRecordValues(entity, { initial: { paperType: '$query.paperType', paperName: '$query.name' } }, { query: { paperType: '2' } })).toEqual({ paperType: 2, passScore: 60 });
    expect(newRecordValues(entity, undefined, {})).toEqual({ paperType: 1, passScore: 60 });
  });

  it('keeps a value that is not a number as it is', () => {
    expect(asFieldValue(entity, 'paperType', 'x')).toBe('x');
    expect(asFieldValue(entity, 'passScore', '7.5')).toBe(7.5);
    expect(asFieldValue(entity, 'paperName', '12')).toBe('12');
  });
});
