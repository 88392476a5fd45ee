/** Lets code outside React (the 401 handler, state actions) navigate through the router. */
type NavigateFn = (to: string, opts?: { replace?: boolean }) => void;
let navigateFn: NavigateFn | null = null;

export function registerNavigate(fn: NavigateFn | null) {
  navigateFn = fn;
}

export function navigateTo(to: string, opts: { replace?: boolean } = {}) {
  if (navigateFn) navigateFn(to, opts);
  else window.location.assign(`/dj${to.startsWith('/') ? to : `/${to}`}`);
}
