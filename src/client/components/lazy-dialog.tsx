/**
 * A dialog whose code loads the first time it opens (the member layout's 切换管理员 and
 * 手机APP dialogs, with their Radio and QRCode, stay out of every page's first load). Once opened it
 * stays mounted, so that it closes with its animation and opens again at once.
 */
import { lazy, Suspense, useState, type ComponentType } from 'react';

export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    return opened ? (
      <Suspense fallback={null}>
        <Dialog {...(props as any)} />
      </Suspense>
    ) : null;
  };
}
