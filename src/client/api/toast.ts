/**
 * Toasts through antd's message, loaded on first use so that the login page's first load carries
 * no antd. A new toast replaces the previous one (core §7 says so of errors; an outcome after an
 * error — 密码修改成功 after 原密码错误 — must not stand beside the stale error either); toasts last
 * 3 s (core §9).
 */
export const TOAST_SECONDS = 3;

const antd = () => import('./antd-message');

type Kind = 'error' | 'success' | 'warning';
function toast(kind: Kind, text: string) {
  return antd().then(({ message }) => {
    message.destroy();
    void message[kind](text, TOAST_SECONDS);
  });
}

export const toastError = (text: string) => toast('error', text);
export const toastSuccess = (text: string) => toast('success', text);
export const toastWarning = (text: string) => toast('warning', text);
