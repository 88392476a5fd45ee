/** State transitions of core §4: start-up, login, logout, unauthorized, role change, base codes. */
import { toastError } from '../api/toast';
import { MSG } from '../../contract/messages';
import type { PermissionEntry, SessionData } from '../../contract/types';
import { registerSessionStampListener, registerTokenProvider, registerUnauthorizedHandler } from '../api/request';
import { baseCodeService, partyMemberService, permissionService, tokenAuth } from '../api/endpoints';
import { navigateTo } from '../routing/navigation';
import { getState, resetState, setState } from './store';
import { settleElderModeAtSignIn } from './elder-mode';
import { buttonFlags, firstMenuUrl, landingPath, MEMBER_HOME, permissionNames, selectRole } from './permissions';

export const DISTRICT_AREA = '510115';
const AREA_KEY = 'dj-area';

export const rememberArea = (area: string | null) => {
  try {
    if (area === DISTRICT_AREA) localStorage.setItem(AREA_KEY, area);
    else localStorage.removeItem(AREA_KEY);
  } catch {
    /* ignore */
  }
};
export const rememberedArea = () => {
  try {
    return localStorage.getItem(AREA_KEY);
  } catch {
    return null;
  }
};
export const loginPath = () => (rememberedArea() === DISTRICT_AREA ? `/login?Area=${DISTRICT_AREA}` : '/login');

registerTokenProvider(() => getState().session?.accessToken);

/** Apply a permission list and the chosen role: derived menus, button flags, permission names. */
export function applyPermissions(perms: PermissionEntry[], roleId: number | null) {
  const role = selectRole(perms, roleId);
  const menus = role?.menus ?? [];
  setState({
    permissions: perms,
    allPermiss: perms,
    roleId: role?.roleId ?? null,
    permissionMenus: menus,
    permissionButton: buttonFlags(menus),
    allPermissions: permissionNames(menus),
  });
}

export async function loadPermissions(preferredRoleId = getState().roleId) {
  try {
    const perms = await permissionService.currentUserPermission({ silent: true });
    applyPermissions(perms ?? [], preferredRoleId);
    return perms ?? [];
  } catch (e) {
    // failure to load permissions clears the session (core §4)
    clearLocal();
    throw e;
  }
}

/** Base codes reload only when the server's version differs from ours or the cache is empty. */
export async function loadBaseCodes(token?: string) {
  const opts = token ? { token } : undefined;
  const version = await baseCodeService.version(opts);
  const { baseCode, baseCodeVersion } = getState();
  if (version === baseCodeVersion && baseCode && Object.keys(baseCode).length) return;
  const tables = await baseCodeService.all(opts);
  setState({ baseCode: tables, baseCodeVersion: version });
}

/** Successful sign-in: store the session, load permissions and base codes (routes follow from state). */
export async function completeLogin(signedIn: SessionData) {
  const session = settleElderModeAtSignIn(signedIn);
  let perms: PermissionEntry[];
  try {
    perms = (await permissionService.currentUserPermission({ silent: true, token: session.accessToken })) ?? [];
  } catch (e) {
    clearLocal();
    throw e;
  }
  await loadBaseCodes(session.accessToken).catch(() => undefined);
  // session and permissions land together, after everything is loaded: the routes are built once
  // and the caller's navigation cannot race a later state change
  setState({ session, roleId: session.roleId ?? null });
  applyPermissions(perms, session.roleId ?? null);
}

/** Start-up: with a stored token reload permissions and base codes; without one, log out. */
export async function start() {
  const token = getState().session?.accessToken;
  if (!token) {
    clearLocal();
    return;
  }
  try {
    await Promise.all([loadPermissions(), loadBaseCodes().catch(() => undefined)]);
  } catch {
    clearLocal();
  }
}

function clearLocal() {
  resetState();
}

/** Logout: revoke on the server (best effort), clear everything and go to /login keeping Area. */
export async function logout(opts: { callServer?: boolean; navigate?: boolean } = {}) {
  const token = getState().session?.accessToken;
  clearLocal();
  if (opts.callServer !== false && token) await tokenAuth.logout(token).catch(() => undefined);
  if (opts.navigate !== false) navigateTo(loginPath(), { replace: true });
}

/**
 * The session follows the member (issue 33): an answer whose session stamp differs from the one
 * kept means his organisation or roles changed on the server (a transfer, a role granted or ended);
 * the session (the header's organisation) and the permissions are reloaded at once, no new sign-in.
 */
let reloadingSession: Promise<void> | null = null;
export function onSessionStamp(stamp: string, token: string | undefined): Promise<void> | null {
  const s = getState().session;
  // an answer to another token (a sign-in in progress) says nothing about this session
  if (!s || !token || token !== s.accessToken) return null;
  if (!s.stamp) {
    setState({ session: { ...s, stamp } });
    return null;
  }
  if (s.stamp === stamp || reloadingSession) return reloadingSession;
  reloadingSession = reloadSession(stamp).finally(() => (reloadingSession = null));
  return reloadingSession;
}
registerSessionStampListener(onSessionStamp);

async function reloadSession(stamp: string) {
  try {
    const data = await partyMemberService.currentSessionData({ silent: true });
    setState((st) => ({ session: st.session ? { ...st.session, ...data, accessToken: st.session.accessToken, expireInSeconds: st.session.expireInSeconds, stamp } : st.session }));
    const perms = await permissionService.currentUserPermission({ silent: true });
    applyPermissions(perms ?? [], data?.roleId ?? getState().roleId);
  } catch {
    /* a 401 logs out through the wrapper; anything else is tried again at the next answer */
  }
}

let handlingUnauthorized = false;
/** The server ended the session after the idle timeout (error code 1006): the sign-in page says so. */
export const IDLE_TIMEOUT_CODE = 1006;
export const SECOND_FACTOR_REQUIRED_CODE = 1005;
export const SIGNED_OUT_NOTICE_KEY = 'dj-signed-out-notice';
registerUnauthorizedHandler((error) => {
  if (handlingUnauthorized) return;
  handlingUnauthorized = true;
  const had = !!getState().session;
  if (had && error?.code === IDLE_TIMEOUT_CODE) sessionStorage.setItem(SIGNED_OUT_NOTICE_KEY, '长时间未操作，已自动退出，请重新登录');
  clearLocal();
  if (had) navigateTo(loginPath(), { replace: true });
  setTimeout(() => (handlingUnauthorized = false), 0);
});

/**
 * Role change (core §4): merge the server's session, store the roleId, rebuild routes from state.
 * When the role is missing from our permissions, reload them once before giving up.
 */
export async function changeRole(roleId: number, organId?: number | null): Promise<boolean> {
  let resp: SessionData;
  try {
    resp = await tokenAuth.changeRole(roleId, organId);
  } catch (e) {
    // an administrator role asks for the second factor first (docs/SECURITY.md §17)
    if ((e as { code?: number }).code === SECOND_FACTOR_REQUIRED_CODE) {
      navigateTo('/secondFactor');
      return false;
    }
    throw e;
  }
  setState((s) => ({ session: s.session ? { ...s.session, ...resp, accessToken: resp?.accessToken || s.session.accessToken } : s.session }));
  let perms = getState().permissions;
  if (!perms.some((p) => p.roleId === roleId)) {
    perms = await loadPermissions(roleId).catch(() => []);
    if (!perms.some((p) => p.roleId === roleId)) {
      void toastError(MSG.roleMissing);
      return false;
    }
  }
  applyPermissions(perms, roleId);
  return true;
}

/** 切换管理组织 confirm: change role, then the role's first permitted menu with ?t=timestamp. */
export async function switchToManagedRole(roleId: number, organId?: number | null) {
  if (!(await changeRole(roleId, organId))) return;
  const role = getState().permissions.find((p) => p.roleId === roleId);
  const url = role?.isDefault ? MEMBER_HOME : firstMenuUrl(role?.menus ?? []) ?? MEMBER_HOME;
  navigateTo(`${url}${url.includes('?') ? '&' : '?'}t=${Date.now()}`);
}

/** 切换党员: the default-flagged role, then the member space. */
export async function switchToMember() {
  const def = getState().permissions.find((p) => p.isDefault);
  if (!def) {
    void toastError(MSG.roleMissing);
    return;
  }
  if (await changeRole(def.roleId, def.organId)) navigateTo(MEMBER_HOME);
}

export const currentLanding = () => {
  const s = getState();
  return landingPath(s.permissions, s.roleId);
};

/** Sign in with a bare access token (/login?accessToken=…): build the session from the server. */
export async function loginWithToken(accessToken: string) {
  const data = await partyMemberService.currentSessionData({ token: accessToken, silent: true });
  await completeLogin({ ...(data as SessionData), accessToken, expireInSeconds: 0 });
}
