/**
 * 界面配置's editor, without a browser: the meta-schema validators compiled for the browser
 * (virtual:meta-validators, ajv's standalone code) refuse what the server refuses, in the same
 * Chinese at the same pointer, marked at the right place of the text; completion and hover read
 * the meta-schema; the line diff; and the entity rules (only relabel, reorder, tighten).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as validators from 'virtual:meta-validators';
import screenMeta from '../../src/contract/meta/screen.schema.json';
import { checkText, helpOf, keysAt, locate, schemasAt, valuesAt } from '../../src/client/screen-config/schema-help';
import { lineDiff } from '../../src/client/screen-config/diff';
import { pointedErrors } from '../../src/contract/meta-messages';
import { screenMetaErrors } from '../../src/server/records/screens';
import { entityChangeErrors } from '../../src/server/services/screen-config/entity-limits';

const partyMember = () => JSON.parse(readFileSync('screens/party-member.json', 'utf8'));

describe('the browser checks a screen as the server does', () => {
  it('every shipped screen passes the browser validator', () => {
    expect(validators.screen(partyMember())).toBe(true);
  });

  it('the same errors, pointer and Chinese message as the server', () => {
    const bad = partyMember();
    bad.columns[1].valueType = 'colour';
    bad.filters[0].onClick = 'x';
    validators.screen(bad);
    const browser = pointedErrors(validators.screen.errors);
    expect(browser).toEqual(pointedErrors(screenMetaErrors(bad)));
    expect(browser).toContainEqual({ pointer: '/columns/1/valueType', message: expect.stringContaining('应为以下值之一') });
    expect(browser).toContainEqual({ pointer: '/filters/0/onClick', message: '不允许的键 onClick' });
  });

  it('marks an error at its place in the text, and a syntax error where it is', () => {
    const bad = partyMember();
    bad.columns[1].valueType = 'colour';
    const text = JSON.stringify(bad, null, 2);
    const { diagnostics } = checkText(text, validators.screen);
    expect(diagnostics).toHaveLength(1);
    expect(text.slice(diagnostics[0].from, diagnostics[0].to)).toBe('"colour"');
    const broken = checkText('{"tag": "x",, }', validators.screen);
    expect(broken.diagnostics[0].message).toMatch(/^JSON 语法错误/);
    expect(broken.diagnostics[0].from).toBe('{"tag": "x",, }'.indexOf(',,') + 1);
  });
});

describe('completion and hover from the meta-schema', () => {
  it('offers the keys of a column and the values of valueType', () => {
    const keys = keysAt(screenMeta, ['columns', 0]).map((k) => k.key);
    expect(keys).toEqual(expect.arrayContaining(['field', 'title', 'valueType', 'codeTable']));
    expect(valuesAt(screenMeta, ['columns', 0, 'valueType'])).toEqual(expect.arrayContaining(['text', 'date', 'code']));
    expect(valuesAt(screenMeta, ['kind'])).toContain('list');
  });

  it('finds where the cursor is', () => {
    const text = '{"columns": [{"field": "name", "va"}]}';
    const at = locate(text, text.indexOf('"va"') + 2);
    expect(at.path.slice(0, 2)).toEqual(['columns', 0]);
    expect(at.atKey).toBe(true);
  });

  it('help is the Chinese title of the schema, and names the allowed values', () => {
    const help = helpOf(schemasAt(screenMeta, ['columns', 0, 'valueType']));
    expect(help).toMatch(/^值类型：/);
    expect(help).toContain('可选值');
    expect(keysAt(screenMeta, []).find((k) => k.key === 'columns')?.help).toMatch(/^列表的列/);
  });
});

describe('entity overrides', () => {
  const entity = () => JSON.parse(readFileSync('schemas/teaching-plan.json', 'utf8'));
  it('relabelled, reordered and tightened: accepted; loosened or reshaped: refused at the pointer', () => {
    const shipped = entity();
    const ok = entity();
    const names = Object.keys(ok.schema.properties).reverse();
    ok.schema.properties = Object.fromEntries(names.map((n) => [n, { ...ok.schema.properties[n], title: `新${ok.schema.properties[n].title}` }]));
    expect(entityChangeErrors(shipped, ok)).toEqual([]);
    const bad = entity();
    const [first] = Object.keys(bad.schema.properties);
    bad.schema.properties[first]['x-component'] = 'Input.TextArea';
    delete bad.schema.properties[names[0]];
    const errors = entityChangeErrors(shipped, bad);
    expect(errors.map((e) => e.pointer)).toEqual(expect.arrayContaining(['/schema/properties', `/schema/properties/${first}/x-component`]));
  });
});

describe('the line diff', () => {
  it('keeps common lines and marks the added and removed ones', () => {
    expect(lineDiff('a\nb\nc', 'a\nc\nd')).toEqual([
      { op: ' ', text: 'a' },
      { op: '-', text: 'b' },
      { op: ' ', text: 'c' },
      { op: '+', text: 'd' },
    ]);
  });
});
