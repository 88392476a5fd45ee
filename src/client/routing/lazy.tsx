/**
 * Route-level code splitting. A chunk that takes longer than 120 s fails with the load-failed
 * message; a module without a default export raises a module-not-found error (core §8).
 */
import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import NProgress from 'nprogress';

export const CHUNK_TIMEOUT = 120_000;
export const LOAD_FAILED = '页面加载失败，请检查网络后刷新重试';
export const MODULE_NOT_FOUND = '页面模块不存在';

export class ChunkLoadError extends Error {
  constructor(msg: string) {
    super(msg);
    this.name = 'ChunkLoadError';
  }
}

export function withTimeout<T>(p: Promise<T>, ms = CHUNK_TIMEOUT): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(LOAD_FAILED)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      () => {
        clearTimeout(timer);
        reject(new ChunkLoadError(LOAD_FAILED));
      },
    );
  });
}

export function lazyPage<P = object>(loader: () => Promise<{ default?: ComponentType<P> }>) {
  return lazy(async () => {
    const mod = await withTimeout(loader());
    if (!mod || !mod.default) throw new ChunkLoadError(MODULE_NOT_FOUND);
    return { default: mod.default };
  });
}

/** Shown while a chunk loads: the navigation progress bar, and a spinner if it takes a while. */
export function ProgressFallback() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    NProgress.start();
    const t = setTimeout(() => setSlow(true), 400);
    return () => {
      clearTimeout(t);
      NProgress.done();
    };
  }, []);
  return slow ? (
    <div className="dj-loading" role="status">
      <span className="dj-spinner" />
      <span>加载中…</span>
    </div>
  ) : null;
}

export class PageErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }
  render() {
    if (!this.state.error) return this.props.children;
    const msg = this.state.error instanceof ChunkLoadError ? this.state.error.message : '页面出错了，请刷新重试';
    return (
      <div role="alert" style={{ padding: 48, textAlign: 'center', color: 'var(--dj-text-muted)' }}>
        <div style={{ fontSize: 18, color: '#cf1322', marginBottom: 12 }}>{msg}</div>
        <a onClick={() => window.location.reload()}>刷新页面</a>
      </div>
    );
  }
}

export function Page({ children, resetKey }: { children: ReactNode; resetKey?: string }) {
  return (
    <PageErrorBoundary resetKey={resetKey}>
      <Suspense fallback={<ProgressFallback />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
