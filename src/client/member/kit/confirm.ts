/**
 * The kit's confirm (useAction) without antd's <App> at first load: the member layout
 * mounts `ConfirmHost`, which loads antd's Modal the first time a page asks and shows the confirm
 * through `Modal.useModal` inside the layout — so it takes the theme and locale as <App>'s did.
 * Where no host is mounted (tests, other frames) the static `Modal.confirm` shows it.
 */
export interface ConfirmRequest {
  title: string;
  danger?: boolean;
  resolve: (ok: boolean) => void;
}

let host: ((request: ConfirmRequest) => void) | undefined;

/** The layout's host takes the requests while mounted; returns the unregistration. */
export function setConfirmHost(take: (request: ConfirmRequest) => void): () => void {
  host = take;
  return () => {
    if (host === take) host = undefined;
  };
}

/** The props of antd's confirm: 确定/取消, a red 确定 for deletions. */
export const confirmProps = (r: ConfirmRequest) => ({
  title: r.title,
  okText: '确定',
  cancelText: '取消',
  okButtonProps: { danger: r.danger },
  onOk: () => r.resolve(true),
  onCancel: () => r.resolve(false),
});

/** Asks; true when 确定 was chosen. */
export function askConfirm(title: string, danger?: boolean): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const request: ConfirmRequest = { title, danger, resolve };
    if (host) host(request);
    else void import('antd/es/modal').then(({ default: Modal }) => Modal.confirm(confirmProps(request)));
  });
}
