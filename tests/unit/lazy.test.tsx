import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { CHUNK_TIMEOUT, LOAD_FAILED, lazyPage, MODULE_NOT_FOUND, Page, withTimeout } from '../../src/client/routing/lazy';

afterEach(() => vi.useRealTimers());

describe('lazy route chunks (core §8, §9)', () => {
  it('a chunk slower than 120 s fails with the load-failed message', async () => {
    vi.useFakeTimers();
    expect(CHUNK_TIMEOUT).toBe(120_000);
    const p = withTimeout(new Promise(() => {}));
    const check = expect(p).rejects.toThrow(LOAD_FAILED);
    vi.advanceTimersByTime(120_000);
    await check;
  });
  it('a failed import also reports the load-failed message', async () => {
    await expect(withTimeout(Promise.reject(new Error('net')))).rejects.toThrow(LOAD_FAILED);
  });
  it('a module without a default export shows the module-not-found message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Missing = lazyPage(() => Promise.resolve({} as any));
    render(
      <Page>
        <Missing />
      </Page>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(MODULE_NOT_FOUND);
  });
  it('renders the page once loaded', async () => {
    const Ok = lazyPage(() => Promise.resolve({ default: () => <p>页面内容</p> }));
    render(
      <Page>
        <Ok />
      </Page>,
    );
    expect(await screen.findByText('页面内容')).toBeTruthy();
  });
});
