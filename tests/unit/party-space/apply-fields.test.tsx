/**
 * The member's apply forms of 组织关系转接 and 流动党员 show the member's fields of the real entity
 * schemas — exactly the Apply actions' fields — never the organisations' (转出党组织, 介绍信, 满意度…);
 * the type switches between the cascader (省内) and the name (省外 / 流出省外).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';

vi.mock('../../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(() => Promise.resolve()), toastWarning: vi.fn(), TOAST_SECONDS: 3 }));
vi.mock('../../../src/client/api/endpoints', async (orig) => ({
  ...(await orig<Record<string, unknown>>()),
  organizationService: { children: vi.fn(async () => []) },
}));

import { setUiConfig } from '../../../src/client/engine/config';
import type { EntityDef } from '../../../src/client/engine/types';
import { MemberForm } from '../../../src/client/member/kit';
import { APPLY_FIELDS as CHANGE_FIELDS } from '../../../src/client/member/organ-switch/workflow';
import { APPLY_FIELDS as FLOW_FIELDS } from '../../../src/client/member/flow/workflow';

const load = (f: string) => JSON.parse(readFileSync(f, 'utf8'));
const organChangeFile = load('schemas/organ-change.json');
const movingFile = load('schemas/moving-record.json');
const def = (f: any): EntityDef => ({ name: f.name, title: f.title, schema: f.schema });

beforeEach(() => setUiConfig({ screens: {}, entities: { organChange: def(organChangeFile), movingRecord: def(movingFile) } }));
afterEach(() => {
  cleanup();
  setUiConfig(null);
});

const shown = () => Array.from(document.querySelectorAll('[data-field]')).map((el) => el.getAttribute('data-field'));

describe('party-space apply forms', () => {
  it('ask for the Apply actions’ fields and nothing else', () => {
    expect(CHANGE_FIELDS).toEqual(organChangeFile.service.actions.Apply.fields);
    expect(FLOW_FIELDS).toEqual(movingFile.service.actions.Apply.fields);
  });

  it('organChange: 省内转接 shows the cascader, 转出省外 the receiving organisation’s name; no organisation fields', async () => {
    render(<MemberForm entity="organChange" fields={CHANGE_FIELDS} onSubmit={async () => undefined} />);
    await waitFor(() => expect(shown()).toContain('toOrganId'));
    expect(shown()).toEqual(['changeType', 'toOrganId', 'reason', 'contactPhone', 'explain']);
    const outside = Array.from(document.querySelectorAll('[data-field=changeType] input[type=radio]')).find((i) => (i as HTMLInputElement).value === '2') as HTMLInputElement;
    await act(async () => fireEvent.click(outside));
    await waitFor(() => expect(shown()).toContain('toOrganName'));
    expect(shown()).not.toContain('toOrganId');
    for (const f of ['userId', 'fromOrganId', 'fromOrganName', 'letterNo', 'letterDate', 'evaluateLevel', 'evaluateContent']) expect(shown()).not.toContain(f);
  });

  it('movingRecord: the member’s flow fields, without 流出党组织, 结束说明 or the evaluation', async () => {
    render(<MemberForm entity="movingRecord" fields={FLOW_FIELDS} onSubmit={async () => undefined} />);
    await waitFor(() => expect(shown()).toContain('flowInOrganId'));
    expect(shown()).toEqual(['flowType', 'flowInOrganId', 'flowPlace', 'flowReason', 'startDate', 'endDate', 'contactPhone', 'explain']);
  });
});
