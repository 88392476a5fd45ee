/**
 * The entity form beyond flat fields: an object field is a labelled group, an array of objects is
 * repeating rows (添加 / 删除 within minItems / maxItems, each row validated by its item schema),
 * and `steps` show the fields step by step, validating a step's fields before the next. Server
 * errors on nested members land on their fields; the detail shows groups and rows read-only.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 90_000 });
import { configure, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';

vi.mock('../../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(() => Promise.resolve()), TOAST_SECONDS: 3 }));
vi.mock('../../../src/client/api/request', () => import('./api-mock'));

import { ApiError } from './api-mock';
import { EntityForm, memberToPath } from '../../../src/client/engine/entity-form';
import { DetailView } from '../../../src/client/engine/detail';
import type { EntityDef, FormStep } from '../../../src/client/engine/types';

// a cold start loads the lazy widgets and kinds: give the queries time on a busy machine
configure({ asyncUtilTimeout: 10_000 });

const applicant: EntityDef = {
  name: 'applicant',
  title: '入党申请',
  schema: {
    type: 'object',
    required: ['name', 'introducers'],
    properties: {
      name: { type: 'string', title: '姓名', maxLength: 20, 'x-component': 'Input' },
      phone: { type: ['string', 'null'], title: '联系电话', pattern: '^1\\d{10}$', 'x-message': '手机号格式错误', 'x-component': 'Input' },
      address: {
        type: 'object',
        title: '联系地址',
        required: ['city'],
        properties: {
          city: { type: 'string', title: '所在城市', 'x-component': 'Input' },
          detail: { type: ['string', 'null'], title: '详细地址', 'x-component': 'Input' },
        },
      },
      introducers: {
        type: 'array',
        title: '介绍人',
        minItems: 1,
        maxItems: 2,
        items: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', title: '介绍人姓名', 'x-component': 'Input' },
            phone: { type: ['string', 'null'], title: '介绍人电话', 'x-component': 'Input', 'x-reactions': [{ dependencies: ['name'], when: { field: 'name', truthy: true }, fulfill: { state: { visible: true } } }] },
          },
        },
      },
    },
  },
};

const input = (field: string) => document.querySelector(`[data-field="${field}"] input`) as HTMLInputElement;
const rows = () => [...document.querySelectorAll('.dj-form-row')] as HTMLElement[];
const addButton = () => screen.getByRole('button', { name: /添加介绍人/ });

afterEach(cleanup);

describe('nested objects and repeating rows', () => {
  it('a titled group and rows with add/remove within min and max items; every level validated', async () => {
    const onSubmit = vi.fn(async (_v: Record<string, unknown>) => undefined);
    render(
      <App>
        <EntityForm entity={applicant} onSubmit={onSubmit} />
      </App>,
    );
    // the first render loads the widgets
    expect(await screen.findByRole('group', { name: '联系地址' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('所在城市')).toBeTruthy();
    expect(rows()).toHaveLength(0);

    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await screen.findByText('请添加介绍人')).toBeTruthy();
    expect(screen.getByText('请输入所在城市')).toBeTruthy();
    expect(screen.getByText('请输入姓名')).toBeTruthy();

    fireEvent.click(addButton());
    fireEvent.click(addButton());
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(addButton().hasAttribute('disabled')).toBe(true); // maxItems 2
    fireEvent.click(within(rows()[1]).getByRole('button', { name: '删除第2项介绍人' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]).getByRole('button', { name: '删除第1项介绍人' }).hasAttribute('disabled')).toBe(true); // minItems 1
    expect(addButton().hasAttribute('disabled')).toBe(false);

    // a row's reaction reads its own row: 介绍人电话 once the row has a name
    expect(within(rows()[0]).queryByText('介绍人电话')).toBeNull();
    fireEvent.click(screen.getByTestId('form-submit'));
    expect(await within(rows()[0]).findByText('请输入介绍人姓名')).toBeTruthy();

    fireEvent.change(input('name'), { target: { value: '张三' } });
    fireEvent.change(input('city'), { target: { value: '成都' } });
    fireEvent.change(within(rows()[0]).getAllByRole('textbox')[0], { target: { value: '王五' } });
    expect(await within(rows()[0]).findByText('介绍人电话')).toBeTruthy();
    fireEvent.change(within(rows()[0]).getAllByRole('textbox')[1], { target: { value: '13800000000' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ name: '张三', address: { city: '成都' }, introducers: [{ name: '王五', phone: '13800000000' }] });
  });

  it('a server error on a nested member shows on that field', async () => {
    expect(memberToPath('Introducers[0].Name')).toBe('introducers.0.name');
    expect(memberToPath('input.address.city')).toBe('address.city');
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, '输入有误', { validationErrors: [{ message: '介绍人须为正式党员', members: ['introducers[0].name'] }] });
    });
    render(
      <App>
        <EntityForm entity={applicant} initialValues={{ name: '张三', address: { city: '成都' }, introducers: [{ name: '王五' }] }} onSubmit={onSubmit} />
      </App>,
    );
    await screen.findByRole('group', { name: '联系地址' });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(await within(rows()[0]).findByText('介绍人须为正式党员')).toBeTruthy();
  });

  it('the detail shows a group as its fields and rows as a table', () => {
    render(<DetailView entity={applicant} detail={{ sections: [{ fields: ['name', 'address', 'introducers'] }] }} record={{ name: '张三', address: { city: '成都', detail: '柳城街道' }, introducers: [{ name: '王五', phone: '138' }, { name: '赵六' }] }} />);
    expect(screen.getByText('柳城街道')).toBeTruthy();
    expect(screen.getByText('所在城市')).toBeTruthy();
    expect(screen.getAllByText('介绍人姓名').length).toBeGreaterThan(0);
    expect(screen.getByText('赵六')).toBeTruthy();
    expect(document.body.textContent).not.toContain('[object Object]');
  });
});

describe('steps', () => {
  const steps: FormStep[] = [
    { title: '基本信息', fields: ['name', 'phone'] },
    { title: '联系地址', fields: ['address'] },
    { title: '介绍人', fields: ['introducers'] },
  ];
  const stepShown = () => Number(document.querySelector('[data-step]:not([hidden])')!.getAttribute('data-step'));

  it('validates the current step before the next; 上一步 keeps the values; submit on the last step', async () => {
    const onSubmit = vi.fn(async (_v: Record<string, unknown>) => undefined);
    render(
      <App>
        <EntityForm entity={applicant} steps={steps} initialValues={{ introducers: [{}] }} onSubmit={onSubmit} />
      </App>,
    );
    await screen.findByText('基本信息');
    expect(stepShown()).toBe(0);
    expect(screen.queryByTestId('form-submit')).toBeNull();
    fireEvent.change(input('phone'), { target: { value: '123' } });
    fireEvent.click(screen.getByTestId('form-next'));
    expect(await screen.findByText('请输入姓名')).toBeTruthy();
    expect(screen.getByText('手机号格式错误')).toBeTruthy();
    expect(stepShown()).toBe(0);
    // the next steps' fields were not validated yet
    expect(screen.queryByText('请输入所在城市')).toBeNull();

    fireEvent.change(input('name'), { target: { value: '张三' } });
    fireEvent.change(input('phone'), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByTestId('form-next'));
    await waitFor(() => expect(stepShown()).toBe(1));
    fireEvent.click(screen.getByTestId('form-next'));
    expect(await screen.findByText('请输入所在城市')).toBeTruthy();
    expect(stepShown()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: /上一步/ }));
    await waitFor(() => expect(stepShown()).toBe(0));
    expect(input('name').value).toBe('张三');
    fireEvent.click(screen.getByTestId('form-next'));
    await waitFor(() => expect(stepShown()).toBe(1));
    fireEvent.change(input('city'), { target: { value: '成都' } });
    fireEvent.click(screen.getByTestId('form-next'));
    await waitFor(() => expect(stepShown()).toBe(2));
    expect(screen.queryByTestId('form-next')).toBeNull();
    fireEvent.change(within(rows()[0]).getAllByRole('textbox')[0], { target: { value: '王五' } });
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toEqual({ name: '张三', phone: '13800000000', address: { city: '成都' }, introducers: [{ name: '王五' }] });
  });
});
