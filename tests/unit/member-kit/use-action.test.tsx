/** useAction: confirm first (cancel calls nothing), the call, the success toast (api/toast), the refresh. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';

vi.mock('../../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(() => Promise.resolve()), toastWarning: vi.fn(), TOAST_SECONDS: 3 }));

import { toastError, toastSuccess } from '../../../src/client/api/toast';
import { ApiError } from '../../../src/client/api/request';
import { useAction, type ActionOptions } from '../../../src/client/member/kit';
import { ConfirmHost } from '../../../src/client/member/kit/confirm-host';

afterEach(cleanup);
beforeEach(() => vi.mocked(toastSuccess).mockClear());

function Harness({ call, options, onResult }: { call: (id: number) => Promise<string>; options: ActionOptions<[number], string>; onResult: (r: unknown) => void }) {
  const action = useAction(call, options);
  return (
    <button type="button" onClick={() => void action.run(7).then(onResult)}>
      {action.loading ? '处理中' : '删除'}
    </button>
  );
}

const mount = (call: (id: number) => Promise<string>, options: ActionOptions<[number], string>) => {
  const onResult = vi.fn();
  render(
    <App>
      <Harness call={call} options={options} onResult={onResult} />
    </App>,
  );
  return onResult;
};

const dialogButton = async (name: RegExp) => fireEvent.click(await screen.findByRole('button', { name }));

describe('useAction', () => {
  it('asks first; cancel calls nothing', async () => {
    const call = vi.fn(async () => 'ok');
    const onSuccess = vi.fn();
    const onResult = mount(call, { confirm: (id) => `确认删除第${id}条？`, success: '删除成功', onSuccess });
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('确认删除第7条？');
    await dialogButton(/取\s*消/);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(undefined));
    expect(call).not.toHaveBeenCalled();
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('confirmed: calls, shows the success toast and refreshes', async () => {
    const call = vi.fn(async () => 'ok');
    const onSuccess = vi.fn();
    const onResult = mount(call, { confirm: '确认删除该申报？', success: '删除成功', onSuccess });
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('确认删除该申报？');
    await dialogButton(/确\s*定/);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('ok'));
    expect(call).toHaveBeenCalledWith(7);
    expect(toastSuccess).toHaveBeenCalledWith('删除成功');
    expect(onSuccess).toHaveBeenCalledWith('ok', 7);
  });

  it('without a confirm it calls at once; the default toast is 操作成功', async () => {
    const call = vi.fn(async () => 'ok');
    const onResult = mount(call, {});
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '删除' })));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('ok'));
    expect(toastSuccess).toHaveBeenCalledWith('操作成功');
  });

  it('a refused call (the wrapper showed its message) gives no success toast and no refresh', async () => {
    const call = vi.fn(async () => {
      throw new ApiError(400, '该申报已审核，不能删除');
    });
    const onSuccess = vi.fn();
    const onResult = mount(call, { success: '删除成功', onSuccess });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '删除' })));
    await waitFor(() => expect(onResult).toHaveBeenCalledWith(undefined));
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled(); // already shown by the request wrapper
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("inside the member layout's ConfirmHost the confirm shows through it (antd's Modal loaded then)", async () => {
    const call = vi.fn(async () => 'ok');
    const onResult = vi.fn();
    render(
      <>
        <Harness call={call} options={{ confirm: '确认撤回？', danger: true, success: false }} onResult={onResult} />
        <ConfirmHost />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('确认撤回？');
    await dialogButton(/确\s*定/);
    await waitFor(() => expect(onResult).toHaveBeenCalledWith('ok'));
    expect(call).toHaveBeenCalledWith(7);
    expect(toastSuccess).not.toHaveBeenCalled();
  });
});
