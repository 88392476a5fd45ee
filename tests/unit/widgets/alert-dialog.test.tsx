/** The alert dialog as the member layout mounts it: loaded the first time an alert is raised. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { lazyDialog } from '../../../src/client/components/lazy-dialog';
import { getState, useAppState } from '../../../src/client/state/store';
import { showAlert } from '../../../src/client/widgets/alert-dialog';

afterEach(cleanup);

const AlertDialog = lazyDialog<{ open: boolean }>(() => import('../../../src/client/widgets/alert-dialog').then((m) => m.default));
function Host() {
  const open = useAppState((s) => s.alertConfig.show);
  return <AlertDialog open={open} />;
}

describe('alert dialog on first raise', () => {
  it('draws nothing until raised, then shows the alert; 我知道了 closes it and runs onOk', async () => {
    render(<Host />);
    expect(screen.queryByTestId('alert-dialog')).toBeNull();
    const onOk = vi.fn();
    act(() => showAlert({ type: 'fail', content: '提交失败', desc: '请稍后再试', onOk }));
    const dialog = await screen.findByTestId('alert-dialog');
    expect(dialog.getAttribute('data-type')).toBe('fail');
    expect(dialog.textContent).toContain('提交失败');
    expect(dialog.textContent).toContain('请稍后再试');
    fireEvent.click(screen.getByRole('button', { name: /我知道了/ }));
    expect(onOk).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(getState().alertConfig.show).toBe(false));
  });
});
