/**
 * The name of the page shown last in the breadcrumb when only the page knows it (a paper's name,
 * loaded by the page): the page names its location, the member layout reads it for that location.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';

let named: { at: string; title: string } | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The name a page gave its location (pathname + search), if it gave one. */
export function useCrumbName(at: string): string | undefined {
  const current = useSyncExternalStore(subscribe, () => named);
  return current?.at === at ? current.title : undefined;
}

/** A page names the last step of its breadcrumb (until it leaves). */
export function useNameCrumb(title: string | null | undefined) {
  const { pathname, search } = useLocation();
  const at = pathname + search;
  useEffect(() => {
    if (!title) return;
    named = { at, title };
    notify();
    return () => {
      if (named?.at === at) named = null;
      notify();
    };
  }, [at, title]);
}
