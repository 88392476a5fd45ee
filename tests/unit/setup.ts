import { afterAll, vi } from 'vitest';
import { configure } from '@testing-library/react';

/** Vitest setup: jsdom lacks matchMedia, which antd needs (STACK.md pitfall 5). */
if (typeof window !== 'undefined' && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

/**
 * findBy/waitFor wait up to 30 s instead of 1 s: on a loaded two-core machine one antd render in
 * jsdom can take seconds, and a test must not depend on how busy the machine is. A test that
 * passes still finishes as soon as its condition holds.
 */
configure({ asyncUtilTimeout: 30_000 });

/**
 * A toast loads antd's message on first use (src/client/api/toast.ts); a test that ends right after
 * an error toast would leave that import running when the environment is torn down, which vitest
 * reports as an unhandled error. Every file waits for its dynamic imports before it ends.
 */
afterAll(() => vi.dynamicImportSettled());

/**
 * Animation frames still pending when a file ends are cancelled: jsdom keeps running them on its own
 * timer after the window is closed, and one that then touches the document (an antd motion) throws
 * from that timer — an unhandled error on a loaded machine, where the last frames run late.
 */
if (typeof window !== 'undefined' && window.requestAnimationFrame) {
  const pending = new Set<number>();
  const request = window.requestAnimationFrame.bind(window);
  const cancel = window.cancelAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => {
    const id = request((t) => {
      pending.delete(id);
      cb(t);
    });
    pending.add(id);
    return id;
  };
  window.cancelAnimationFrame = (id) => {
    pending.delete(id);
    cancel(id);
  };
  afterAll(() => {
    for (const id of pending) cancel(id);
    pending.clear();
  });
}
