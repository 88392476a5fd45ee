/**
 * Toasts through antd's message, loaded on first use so that the login page's first load carries
 * no antd. A new error replaces the previous toast (core §7); toasts last 3 s (core §9).
 */
export const TOAST_SECONDS = 3;

const antd = () => import('antd');

export function toastError(text: string) {
  return antd().then(({ message }) => {
    message.destroy();
    void message.error(text, TOAST_SECONDS);
  });
}

export function toastSuccess(text: string) {
  return antd().then(({ message }) => void message.success(text, TOAST_SECONDS));
}

export function toastWarning(text: string) {
  return antd().then(({ message }) => void message.warning(text, TOAST_SECONDS));
}
