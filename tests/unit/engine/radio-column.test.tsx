/** A Radio field with options (转接类型, 流动类型) reads as its option's label, like a Select: an enum column, not a wide widget. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { Value, resolveColumn } from '../../../src/client/engine/fields';
import type { EntityDef } from '../../../src/client/engine/types';

afterEach(cleanup);

const file = JSON.parse(readFileSync('schemas/organ-change.json', 'utf8'));
const organChange: EntityDef = { name: file.name, title: file.title, schema: file.schema };

describe('resolveColumn of a Radio', () => {
  it('is an enum of its options, shown by label', () => {
    const col = resolveColumn('changeType', organChange);
    expect(col.valueType).toBe('enum');
    expect(col.title).toBe('转接类型');
    expect(render(<Value col={col} record={{ changeType: 2 }} />).container.textContent).toBe('转出省外');
  });
});
