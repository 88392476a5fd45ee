/** One toast at a time: an outcome replaces the stale error beside it (密码修改成功 after 原密码错误). */
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastError, toastSuccess } from '../../src/client/api/toast';

const shown = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);

describe('toasts', () => {
  it('a success after an error replaces it', async () => {
    await toastError('原密码错误');
    await waitFor(() => expect(shown()).toEqual(['原密码错误']));
    await toastSuccess('密码修改成功');
    await waitFor(() => expect(shown()).toEqual(['密码修改成功']));
  });
});
