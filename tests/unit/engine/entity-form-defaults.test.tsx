/**
 * A new record starts from the schema's `default`s, and x-reactions read them at once: the transfer
 * form opens on 省内转接 with 转入党组织 shown and 转入党组织名称 hidden. An edit starts from the record.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 90_000 });
import { configure, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';

vi.mock('../../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(() => Promise.resolve()), TOAST_SECONDS: 3 }));
vi.mock('../../../src/client/api/request', () => import('./api-mock'));

import { EntityForm } from '../../../src/client/engine/entity-form';
import type { EntityDef } from '../../../src/client/engine/types';

configure({ asyncUtilTimeout: 60_000 });
afterEach(cleanup);

const shows = (equals: 'notEquals' | 'equals') => [
  { dependencies: ['kind'], when: { field: 'kind', [equals]: 2 }, fulfill: { state: { visible: true } } },
  { dependencies: ['kind'], when: { field: 'kind', [equals === 'equals' ? 'notEquals' : 'equals']: 2 }, fulfill: { state: { visible: false } } },
];
const entity: EntityDef = {
  name: 'transferLike',
  title: '转接',
  schema: {
    type: 'object',
    properties: {
      kind: { type: 'integer', title: '类型', default: 1, 'x-component': 'Radio', 'x-component-props': { options: [{ label: '省内', value: 1 }, { label: '省外', value: 2 }] } },
      inside: { type: 'string', title: '省内组织', 'x-component': 'Input', 'x-reactions': shows('notEquals') },
      outside: { type: 'string', title: '省外组织', 'x-component': 'Input', 'x-reactions': shows('equals') },
    },
  } as EntityDef['schema'],
};

describe('schema defaults', () => {
  it('a new record starts from them and the linkage follows', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<App><EntityForm entity={entity} onSubmit={onSubmit} /></App>);
    expect(((await screen.findByLabelText('省内')) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByLabelText('省内组织')).toBeTruthy();
    expect(screen.queryByLabelText('省外组织')).toBeNull();
    fireEvent.click(screen.getByLabelText('省外'));
    await waitFor(() => expect(screen.queryByLabelText('省外组织')).toBeTruthy());
    expect(screen.queryByLabelText('省内组织')).toBeNull();
  });

  it('an edit starts from the record, not the defaults', async () => {
    render(<App><EntityForm entity={entity} initialValues={{ kind: 2, outside: '北京' }} onSubmit={async () => undefined} /></App>);
    expect(((await screen.findByLabelText('省外')) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('省外组织') as HTMLInputElement).value).toBe('北京');
  });
});
