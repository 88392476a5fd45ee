/**
 * MemberForm renders the entity schema the server validates with (here the real
 * schemas/offline-report.json, as UiConfigService/GetAll sends it): its required messages, its
 * x-message, and the server's validation errors on their fields.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';

vi.mock('../../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(() => Promise.resolve()), toastWarning: vi.fn(), TOAST_SECONDS: 3 }));

import { ApiError } from '../../../src/client/api/request';
import { setUiConfig } from '../../../src/client/engine/config';
import { rulesOf } from '../../../src/client/engine/entity-form';
import type { EntityDef } from '../../../src/client/engine/types';
import { MemberForm } from '../../../src/client/member/kit';

const file = JSON.parse(readFileSync('schemas/offline-report.json', 'utf8'));
const offlineReport: EntityDef = { name: file.name, title: file.title, schema: file.schema };

beforeEach(() => setUiConfig({ screens: {}, entities: { offlineReport } }));
afterEach(() => {
  cleanup();
  setUiConfig(null);
});

const field = (name: string) => document.querySelector(`[data-field="${name}"]`) as HTMLElement;

describe('MemberForm', () => {
  it('shows the schema’s required messages on submit, and calls nothing', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<MemberForm entity="offlineReport" submitText="提交申报" onSubmit={onSubmit} />);
    const submit = await screen.findByTestId('form-submit');
    await waitFor(() => expect(field('title')?.querySelector('input')).toBeTruthy());
    fireEvent.click(submit);
    expect(await screen.findByText('请输入学习内容')).toBeTruthy();
    expect(await screen.findByText('请选择学习日期')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes limits and messages from the schema, never from the page', () => {
    const hours = rulesOf(offlineReport.schema.properties.hours as any, true);
    expect(hours).toEqual(expect.arrayContaining([{ required: true, message: '请输入学时' }, { minimum: 0.5, message: '学时须在0.5至24小时之间' }, { maximum: 24, message: '学时须在0.5至24小时之间' }]));
  });

  it('puts the server’s validation errors on their fields', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, '学习日期不能晚于今天', { validationErrors: [{ message: '学习日期不能晚于今天', members: ['studyDate'] }] } as any);
    });
    render(<MemberForm entity="offlineReport" initialValues={{ title: '支部学习', studyDate: '2026-11-01', hours: 1 }} submitText="提交申报" onSubmit={onSubmit} />);
    fireEvent.click(await screen.findByTestId('form-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    await waitFor(() => expect(field('studyDate').textContent).toContain('学习日期不能晚于今天'));
  });

  it('an entity the configuration does not hold shows the failure, not a blank page', async () => {
    render(<MemberForm entity="noSuchEntity" onSubmit={async () => undefined} />);
    expect(await screen.findByText('表单加载失败')).toBeTruthy();
  });
});
