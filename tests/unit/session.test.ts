import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PermissionEntry, SessionData } from '../../src/contract/types';

vi.mock('../../src/client/api/toast', () => ({ toastError: vi.fn(() => Promise.resolve()), toastSuccess: vi.fn(), TOAST_SECONDS: 3 }));
vi.mock('../../src/client/api/endpoints', () => ({
  tokenAuth: { changeRole: vi.fn(), logout: vi.fn(() => Promise.resolve()) },
  permissionService: { currentUserPermission: vi.fn() },
  baseCodeService: { version: vi.fn(), all: vi.fn() },
  partyMemberService: { currentSessionData: vi.fn() },
}));
vi.mock('../../src/client/routing/navigation', () => ({ navigateTo: vi.fn(), registerNavigate: vi.fn() }));

import { baseCodeService, permissionService, tokenAuth } from '../../src/client/api/endpoints';
import { toastError } from '../../src/client/api/toast';
import { navigateTo } from '../../src/client/routing/navigation';
import { changeRole, completeLogin, loadBaseCodes, loginPath, logout, rememberArea, start, switchToManagedRole } from '../../src/client/state/session';
import { getState, resetState, setState } from '../../src/client/state/store';

const entry = (roleId: number, isDefault: boolean, url = `/r${roleId}`): PermissionEntry => ({
  roleId, roleName: `r${roleId}`, roleDisplayName: `角色${roleId}`, organId: 1, organName: '组织', isDefault,
  menus: [{ id: roleId * 10, url, displayName: 'm', iconPath: null, type: 1, parentId: null, tags: 't', permissionName: null, sort: 0, children: [] }],
});
const session = (roleId = 1): SessionData => ({
  accessToken: 'tok', expireInSeconds: 100, userId: 1, userName: 'admin', nickName: '王', organId: 1, organName: '组织', organLevel: 1, organPath: '/1/', userType: 1, roleId,
});

beforeEach(() => {
  vi.clearAllMocks();
  resetState();
  localStorage.clear();
});

describe('login and start-up (core §4)', () => {
  it('login stores the session, permissions (default role chosen) and base codes', async () => {
    vi.mocked(permissionService.currentUserPermission).mockResolvedValue([entry(2, false), entry(1, true)]);
    vi.mocked(baseCodeService.version).mockResolvedValue('v1');
    vi.mocked(baseCodeService.all).mockResolvedValue({ sex: [{ label: '男', value: '1' }] });
    await completeLogin(session(1));
    const s = getState();
    expect(s.session?.accessToken).toBe('tok');
    expect(s.roleId).toBe(1);
    expect(s.permissionMenus[0].url).toBe('/r1');
    expect(s.baseCodeVersion).toBe('v1');
    // persisted keys only
    const stored = JSON.parse(localStorage.getItem('dj-state')!);
    expect(Object.keys(stored).sort()).toEqual(['baseCode', 'baseCodeVersion', 'permissions', 'roleId', 'session']);
  });
  it('start without a stored token logs out; failure to load permissions clears the session', async () => {
    await start();
    expect(getState().session).toBeNull();
    setState({ session: session(), roleId: 1 });
    vi.mocked(permissionService.currentUserPermission).mockRejectedValue(new Error('boom'));
    vi.mocked(baseCodeService.version).mockResolvedValue('v1');
    await start();
    expect(getState().session).toBeNull();
  });
  it('base codes reload only when the version differs or the cache is empty', async () => {
    setState({ baseCode: { sex: [] }, baseCodeVersion: 'v1' });
    vi.mocked(baseCodeService.version).mockResolvedValue('v1');
    await loadBaseCodes();
    expect(baseCodeService.all).not.toHaveBeenCalled();
    setState({ baseCode: {} });
    vi.mocked(baseCodeService.all).mockResolvedValue({ sex: [] });
    await loadBaseCodes();
    expect(baseCodeService.all).toHaveBeenCalledTimes(1);
    vi.mocked(baseCodeService.version).mockResolvedValue('v2');
    await loadBaseCodes();
    expect(baseCodeService.all).toHaveBeenCalledTimes(2);
    expect(getState().baseCodeVersion).toBe('v2');
  });
});

describe('role change (core §4)', () => {
  beforeEach(() => {
    setState({ session: session(1), roleId: 1, permissions: [entry(1, true), entry(2, false)] });
  });
  it('merges the server session, stores the roleId, rebuilds menus; then lands on the first menu with ?t', async () => {
    vi.mocked(tokenAuth.changeRole).mockResolvedValue({ ...session(2), accessToken: '', organName: '新组织' });
    await switchToManagedRole(2, 1);
    expect(getState().roleId).toBe(2);
    expect(getState().session?.organName).toBe('新组织');
    expect(getState().session?.accessToken).toBe('tok');
    expect(getState().permissionMenus[0].url).toBe('/r2');
    expect(vi.mocked(navigateTo).mock.calls[0][0]).toMatch(/^\/r2\?t=\d+$/);
    expect(permissionService.currentUserPermission).not.toHaveBeenCalled();
  });
  it('reloads permissions once when the role is unknown, and uses it when it appears', async () => {
    vi.mocked(tokenAuth.changeRole).mockResolvedValue(session(3));
    vi.mocked(permissionService.currentUserPermission).mockResolvedValue([entry(1, true), entry(3, false)]);
    expect(await changeRole(3)).toBe(true);
    expect(permissionService.currentUserPermission).toHaveBeenCalledTimes(1);
    expect(getState().roleId).toBe(3);
  });
  it('still missing after one reload: 你的账号权限有误，请联系客服', async () => {
    vi.mocked(tokenAuth.changeRole).mockResolvedValue(session(9));
    vi.mocked(permissionService.currentUserPermission).mockResolvedValue([entry(1, true)]);
    expect(await changeRole(9)).toBe(false);
    expect(permissionService.currentUserPermission).toHaveBeenCalledTimes(1);
    expect(toastError).toHaveBeenCalledWith('你的账号权限有误，请联系客服');
  });
});

describe('logout (core §4)', () => {
  it('clears everything, revokes the token and goes to /login keeping Area=510115', async () => {
    rememberArea('510115');
    setState({ session: session(), permissions: [entry(1, true)], roleId: 1, baseCode: { a: [] }, baseCodeVersion: 'v' });
    await logout();
    expect(getState().session).toBeNull();
    expect(getState().permissions).toEqual([]);
    expect(getState().baseCode).toBeNull();
    expect(localStorage.getItem('dj-state')).toBeNull();
    expect(tokenAuth.logout).toHaveBeenCalledWith('tok');
    expect(navigateTo).toHaveBeenCalledWith('/login?Area=510115', { replace: true });
    rememberArea(null);
    expect(loginPath()).toBe('/login');
  });
});

describe('the session follows the member (issue 33: x-session-stamp)', () => {
  it('keeps the first stamp, ignores answers to another token, and reloads session and permissions when the stamp changes', async () => {
    const { onSessionStamp } = await import('../../src/client/state/session');
    const { partyMemberService } = await import('../../src/client/api/endpoints');
    setState({ session: session(1), roleId: 1 });
    expect(onSessionStamp('s1', 'tok')).toBeNull();
    expect(getState().session?.stamp).toBe('s1');
    // the same stamp, or an answer to another token: nothing is asked
    expect(onSessionStamp('s1', 'tok')).toBeNull();
    expect(onSessionStamp('s2', 'other')).toBeNull();
    expect(partyMemberService.currentSessionData).not.toHaveBeenCalled();

    // transferred: his organisation is another one now
    vi.mocked(partyMemberService.currentSessionData).mockResolvedValue({ ...session(1), organId: 7, organName: '新支部', organPath: '/1/7/' } as never);
    vi.mocked(permissionService.currentUserPermission).mockResolvedValue([entry(1, true)]);
    await onSessionStamp('s2', 'tok');
    const s = getState();
    expect(s.session).toMatchObject({ organName: '新支部', organId: 7, stamp: 's2', accessToken: 'tok' });
    expect(s.roleId).toBe(1);
    expect(permissionService.currentUserPermission).toHaveBeenCalledTimes(1);
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('a failed reload keeps him signed in and tries again at the next answer', async () => {
    const { onSessionStamp } = await import('../../src/client/state/session');
    const { partyMemberService } = await import('../../src/client/api/endpoints');
    setState({ session: { ...session(1), stamp: 'a' }, roleId: 1 });
    vi.mocked(partyMemberService.currentSessionData).mockRejectedValueOnce(new Error('offline'));
    await onSessionStamp('b', 'tok');
    expect(getState().session).toMatchObject({ stamp: 'a', organName: '组织' });
    vi.mocked(partyMemberService.currentSessionData).mockResolvedValue({ ...session(1), organName: '另一组织' } as never);
    vi.mocked(permissionService.currentUserPermission).mockResolvedValue([entry(1, true)]);
    await onSessionStamp('b', 'tok');
    expect(getState().session).toMatchObject({ stamp: 'b', organName: '另一组织' });
  });
});
