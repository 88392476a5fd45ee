/**
 * every field's label is tied to its input (`<label for>`), so a click on a label focuses
 * the field and a screen reader (or getByLabelText) finds it; widgets that cannot take a label are
 * groups named by it. The submit button sends one request at a time, and Enter in a field submits
 * nothing.
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

const kinds: EntityDef = {
  name: 'kinds',
  title: '各类字段',
  schema: {
    type: 'object',
    required: ['title'],
    properties: {
      title: { type: 'string', title: '标题', 'x-component': 'Input' },
      kind: { type: 'integer', title: '类别', 'x-component': 'Select', 'x-component-props': { options: [{ label: '甲', value: 1 }, { label: '乙', value: 2 }] } },
      day: { type: 'string', title: '日期', format: 'date', 'x-component': 'DatePicker' },
      count: { type: 'number', title: '人数', 'x-component': 'NumberPicker' },
      note: { type: 'string', title: '备注', 'x-component': 'Input.TextArea' },
      open: { type: 'boolean', title: '公开', 'x-component': 'Switch' },
      files: { type: 'array', title: '附件', items: { type: 'object', properties: { id: { type: 'string', title: '文件' } } }, 'x-component': 'FileUpload' },
    },
  },
};

describe('labels tied to inputs', () => {
  it('every labelable field is found by its label, and the label controls the input; the others are groups named by it', async () => {
    render(
      <App>
        <EntityForm entity={kinds} onSubmit={async () => undefined} />
      </App>,
    );
    const title = (await screen.findByLabelText('标题')) as HTMLInputElement;
    expect(title.tagName).toBe('INPUT');
    expect(screen.getByLabelText('类别').getAttribute('role')).toBe('combobox');
    expect(screen.getByLabelText('日期').tagName).toBe('INPUT');
    expect(screen.getByLabelText('人数').getAttribute('role')).toBe('spinbutton');
    expect(screen.getByLabelText('备注').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('公开').getAttribute('role')).toBe('switch');
    expect(await screen.findByRole('group', { name: '附件' })).toBeTruthy();
    // ids are unique: the label's `for` names exactly one element
    const labels = [...document.querySelectorAll('label[for]')] as HTMLLabelElement[];
    expect(labels).toHaveLength(6);
    for (const l of labels) expect(document.querySelectorAll(`[id="${l.htmlFor}"]`)).toHaveLength(1);
    // the label's control is the input (a click on it focuses the input: checked in the browser, tests/e2e/forms.spec.ts)
    expect(labels.find((l) => l.textContent === '备注')!.control).toBe(screen.getByLabelText('备注'));
  });
});

describe('one submit at a time', () => {
  it('a second click while the request is in flight sends nothing; after it the button works again', async () => {
    let finish!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((r) => (finish = r)));
    render(
      <App>
        <EntityForm entity={kinds} initialValues={{ title: '会议' }} onSubmit={onSubmit} />
      </App>,
    );
    await screen.findByLabelText('标题');
    const button = screen.getByTestId('form-submit');
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button.className).toMatch(/ant-btn-loading/));
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(button.className).not.toMatch(/ant-btn-loading/));
    fireEvent.click(button);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
  });

  it('Enter in a text field or a date picker submits nothing', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const outer = vi.fn((e: Event) => e.preventDefault());
    render(
      <App>
        <form onSubmit={(e) => outer(e.nativeEvent)}>
          <EntityForm entity={kinds} initialValues={{ title: '会议' }} onSubmit={onSubmit} />
        </form>
      </App>,
    );
    const day = await screen.findByLabelText('日期');
    // fireEvent answers false when the default was prevented: no implicit submission of a <form>
    expect(fireEvent.keyDown(day, { key: 'Enter', code: 'Enter', keyCode: 13 })).toBe(false);
    expect(fireEvent.keyDown(screen.getByLabelText('标题'), { key: 'Enter', code: 'Enter', keyCode: 13 })).toBe(false);
    expect(fireEvent.keyDown(screen.getByLabelText('人数'), { key: 'Enter', code: 'Enter', keyCode: 13 })).toBe(false);
    // a new line in a text area stays
    expect(fireEvent.keyDown(screen.getByLabelText('备注'), { key: 'Enter', code: 'Enter', keyCode: 13 })).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(outer).not.toHaveBeenCalled();
  });
});
