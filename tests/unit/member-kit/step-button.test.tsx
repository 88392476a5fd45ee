/** StepButton: shown only while the server offers the step, and it runs the action on its own record. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StepButton } from '../../../src/client/member/kit/step-button';
import type { Action } from '../../../src/client/member/kit/use-action';

afterEach(cleanup);

const action = (): Action<[{ id: number; availableTransitions?: string[] }], unknown> => ({ run: vi.fn(async () => undefined), loading: false, running: undefined });

describe('StepButton', () => {
  it('is absent unless the record lists the step', () => {
    render(<StepButton record={{ id: 1, availableTransitions: ['evaluate'] }} step="withdraw" action={action()}>撤回</StepButton>);
    expect(screen.queryByRole('button', { name: '撤回' })).toBeNull();
  });
  it('runs the action with its record', () => {
    const a = action();
    const r = { id: 2, availableTransitions: ['withdraw'] };
    render(<StepButton record={r} step="withdraw" action={a}>撤回</StepButton>);
    fireEvent.click(screen.getByRole('button', { name: /撤\s*回/ }));
    expect(a.run).toHaveBeenCalledWith(r);
  });
});
