/** Hand-written actions read their input from the entity file: the limits the form shows are the ones the server checks. */
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { entityFile, entityInput } from '../../../src/server/records/entity-input';

describe('entityInput', () => {
  it('takes the fields, limits and required list of the entity file', () => {
    const input = entityInput('bigScreenNews', { fields: ['newsType', 'title', 'content'], id: 'optional' });
    const title = { maxLength: Number(entityFile('bigScreenNews').schema.properties.title.maxLength) };
    expect(input.properties.title).toMatchObject({ maxLength: title.maxLength });
    expect(input.required).toEqual(['newsType', 'title']);
    expect(Object.keys(input.properties).sort()).toEqual(['content', 'id', 'newsType', 'title']);
    const validate = new Ajv({ strict: false }).compile(input);
    expect(validate({ newsType: 1, title: 'x'.repeat(title.maxLength + 1) })).toBe(false);
    expect(validate({ newsType: 1, title: '标题', id: null })).toBe(true);
  });

  it('refuses an unknown entity or field at definition time', () => {
    expect(() => entityInput('noSuchEntity')).toThrow('未知的实体 noSuchEntity');
    expect(() => entityInput('bigScreenNews', { fields: ['nope'] })).toThrow('没有字段 nope');
  });
});

describe('entityInput defaults', () => {
  const defaulted = (s: { properties: Record<string, unknown> }) => Object.keys(s.properties).filter((k) => 'default' in (s.properties[k] as object)).sort();
  it('fills the form defaults on a create, none on an update, or only those named', () => {
    const all = defaulted(entityInput('examPaper'));
    expect(all.length).toBeGreaterThan(1);
    expect(defaulted(entityInput('examPaper', { id: 'required' }))).toEqual([]);
    expect(defaulted(entityInput('examPaper', { id: 'required', defaults: [all[0]] }))).toEqual([all[0]]);
    expect(defaulted(entityInput('examPaper', { defaults: 'none' }))).toEqual([]);
  });
});

describe('entityInput required order', () => {
  it('checks the action’s own required inputs before the entity’s, so the first message names what the call is about', () => {
    const input = entityInput('specialNote', { extra: { trainClassId: { type: 'integer', title: '培训班' } }, required: ['trainClassId'] });
    expect(input.required[0]).toBe('trainClassId');
    expect(input.required.length).toBeGreaterThan(1);
  });
});
