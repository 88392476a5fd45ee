/** The route guard of core §2, as a pure function so every rule has a unit test. */

/** Routes that always pass, session or not. */
export const ALWAYS_PASS = ['/singleSignOn', '/ukeyLogin', '/secondFactor'];
/** Device pages (the big screen): the path's code authenticates, session or not. */
export const DEVICE_PREFIXES = ['/bigScreen/'];
/** Routes that a signed-in user skips for the landing page. */
export const SKIP_WHEN_SIGNED_IN = ['/login', '/signUp', '/changepassword'];
/** Routes reachable without a session (besides ALWAYS_PASS). */
export const PUBLIC = ['/login', '/signUp', '/changepassword', '/forgetPassword'];

export type GuardDecision =
  | { action: 'pass'; logoutFirst?: boolean }
  | { action: 'redirect'; to: string; logout?: boolean };

export interface GuardInput {
  pathname: string;
  search: string;
  hasSession: boolean;
  /** where a signed-in user lands (core §2 "/") */
  landing: string;
  /** /login, or /login?Area=510115 for the district */
  loginPath: string;
}

const norm = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
const same = (a: string, b: string) => norm(a).toLowerCase() === b.toLowerCase();

export function guard({ pathname, search, hasSession, landing, loginPath }: GuardInput): GuardDecision {
  const path = norm(pathname || '/');
  if (ALWAYS_PASS.some((p) => same(path, p))) return { action: 'pass' };
  if (DEVICE_PREFIXES.some((p) => path.toLowerCase().startsWith(p.toLowerCase()) && path.length > p.length)) return { action: 'pass' };
  const query = new URLSearchParams(search);
  if (same(path, '/login') && query.get('accessToken')) return { action: 'pass', logoutFirst: true };
  if (hasSession) {
    if (path === '/' || SKIP_WHEN_SIGNED_IN.some((p) => same(path, p))) return { action: 'redirect', to: landing };
    return { action: 'pass' };
  }
  if (PUBLIC.some((p) => same(path, p))) return { action: 'pass' };
  return { action: 'redirect', to: loginPath, logout: true };
}
