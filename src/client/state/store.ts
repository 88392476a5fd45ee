/**
 * Application state (core §3). A small external store read through useSyncExternalStore: the shell
 * needs a handful of values and actions, not a framework. Only the keys in PERSISTED survive a reload.
 */
import { useSyncExternalStore } from 'react';
import type { BaseCodeTables, ManageOrganEntry, MenuDto, MessageItem, PermissionEntry, SessionData } from '../../contract/types';
import type { MemberProfile } from '../api/endpoints';

export type AlertType = 'success' | 'fail' | 'wait';
export interface AlertConfig {
  show: boolean;
  type: AlertType;
  content: string;
  desc?: string;
  onOk?: () => void;
}

export interface PersistedState {
  session: SessionData | null;
  permissions: PermissionEntry[];
  baseCodeVersion: string | null;
  baseCode: BaseCodeTables | null;
  roleId: number | null;
}

export interface AppState extends PersistedState {
  allPermissions: string[];
  allroles: ManageOrganEntry[];
  allPermiss: PermissionEntry[];
  memberinfo: MemberProfile | null;
  permissionMenus: MenuDto[];
  permissionButton: Record<string, boolean>;
  resourceTypeLsit: { label: string; value: number }[];
  alertConfig: AlertConfig;
  messageList: MessageItem[];
  unReadCount: number;
}

export const PERSISTED: (keyof PersistedState)[] = ['session', 'permissions', 'baseCodeVersion', 'baseCode', 'roleId'];
const STORAGE_KEY = 'dj-state';

export const RESOURCE_TYPES = [
  { label: '视频', value: 1 },
  { label: '图书', value: 2 },
  { label: '音频', value: 3 },
  { label: '文件', value: 4 },
  { label: '专题', value: 5 },
  { label: '图片', value: 6 },
  { label: '动画', value: 7 },
];

export const emptyState = (): AppState => ({
  session: null,
  permissions: [],
  baseCodeVersion: null,
  baseCode: null,
  roleId: null,
  allPermissions: [],
  allroles: [],
  allPermiss: [],
  memberinfo: null,
  permissionMenus: [],
  permissionButton: {},
  resourceTypeLsit: RESOURCE_TYPES,
  alertConfig: { show: false, type: 'success', content: '' },
  messageList: [],
  unReadCount: 0,
});

function readPersisted(): Partial<PersistedState> {
  try {
    const raw = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEY) : null;
    return raw ? (JSON.parse(raw) as Partial<PersistedState>) : {};
  } catch {
    return {};
  }
}

function writePersisted(s: AppState) {
  try {
    const out: Partial<PersistedState> = {};
    for (const k of PERSISTED) (out as any)[k] = s[k];
    localStorage.setItem(STORAGE_KEY, JSON.stringify(out));
  } catch {
    /* storage full or disabled: the session simply does not survive a reload */
  }
}

let state: AppState = { ...emptyState(), ...readPersisted() };
const listeners = new Set<() => void>();

export const getState = () => state;

export function setState(patch: Partial<AppState> | ((s: AppState) => Partial<AppState>)) {
  const p = typeof patch === 'function' ? patch(state) : patch;
  state = { ...state, ...p };
  if (PERSISTED.some((k) => k in p)) writePersisted(state);
  listeners.forEach((l) => l());
}

/** Reset everything, persisted keys included (logout). */
export function resetState() {
  state = emptyState();
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    /* ignore */
  }
  listeners.forEach((l) => l());
}

export function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useAppState<T>(selector: (s: AppState) => T): T {
  return useSyncExternalStore(subscribe, () => selector(state), () => selector(state));
}
