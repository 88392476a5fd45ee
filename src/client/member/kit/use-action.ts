/**
 * One action of a member page: an optional confirm, the call (through the request wrapper, which
 * shows a failure's message), the success toast (api/toast, 3 s) and a refresh. A refused confirm or
 * a failed call resolves to undefined; nothing is thrown at the page.
 */
import { useRef } from 'react';
import { useRequest } from 'ahooks';
import { ApiError } from '../../api/request';
import { toastError, toastSuccess } from '../../api/toast';
import { askConfirm } from './confirm';

export interface ActionOptions<A extends unknown[], R> {
  /** the question asked first (确定/取消); a function of the arguments for a message naming the row */
  confirm?: string | ((...args: A) => string);
  /** a red 确定 (deletions) */
  danger?: boolean;
  /** the success toast; false for none (default 操作成功) */
  success?: string | false | ((result: R) => string);
  /** after success: e.g. the list's refresh, or a navigation */
  onSuccess?: (result: R, ...args: A) => void;
}

export interface Action<A extends unknown[], R> {
  run: (...args: A) => Promise<R | undefined>;
  loading: boolean;
  /** the arguments of the call under way (which row is busy) */
  running: A | undefined;
}

export function useAction<A extends unknown[], R>(call: (...args: A) => Promise<R>, options: ActionOptions<A, R> = {}): Action<A, R> {
  const opts = useRef(options);
  opts.current = options;
  const req = useRequest(call, { manual: true, onError: () => undefined });

  // the member layout's ConfirmHost shows it in the theme and locale; elsewhere antd's static confirm
  const ask = (title: string) => askConfirm(title, opts.current.danger);

  const run = async (...args: A): Promise<R | undefined> => {
    const { confirm } = opts.current;
    const question = typeof confirm === 'function' ? confirm(...args) : confirm;
    if (question && !(await ask(question))) return undefined;
    let result: R;
    try {
      result = await req.runAsync(...args);
    } catch (e) {
      // the request wrapper showed an ApiError already
      if (!(e instanceof ApiError)) void toastError((e as Error)?.message || '操作失败');
      return undefined;
    }
    const { success = '操作成功', onSuccess } = opts.current;
    const text = typeof success === 'function' ? success(result) : success;
    if (text) void toastSuccess(text);
    onSuccess?.(result, ...args);
    return result;
  };

  return { run, loading: req.loading, running: req.loading ? (req.params as A) : undefined };
}
