/**
 * 长辈模式 (issue 33, MIIT 互联网网站适老化通用设计规范): larger text in two steps, larger targets,
 * simpler layouts. The level lives on the server with the user (UserService/SetElderMode, returned
 * in the session as `elderMode`); before sign-in the login page keeps it in this browser and hands
 * it to the account once someone signs in.
 *
 * The level is an attribute of <html> (data-elder="1" | "2"): the stylesheets raise the root font
 * size (every rem grows) and the 44 px targets from it, and antd's theme tokens follow the root font
 * size (styles/theme.ts) — so one switch enlarges our CSS and antd's alike.
 */
import type { ElderMode } from '../../contract/types';
import { api } from '../api/request';
import { servicePath } from '../../contract/paths';
import { getState, setState, subscribe } from './store';

const LOCAL_KEY = 'dj-elder';
/** set when the level was chosen while signed out: the next sign-in stores it for that account */
const CHOSEN_KEY = 'dj-elder-chosen';

export const ELDER_LABELS: Record<ElderMode, string> = { 0: '标准字号', 1: '大字', 2: '特大字' };

const read = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string | null) => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* storage disabled: the level lasts for this page only */
  }
};

const asLevel = (v: unknown): ElderMode => (v === 1 || v === 2 || v === '1' || v === '2' ? (Number(v) as ElderMode) : 0);

/** The level shown now: the signed-in user's, else this browser's. */
export const currentElderMode = (): ElderMode => {
  const s = getState().session;
  return s && s.elderMode !== undefined ? asLevel(s.elderMode) : asLevel(read(LOCAL_KEY));
};

const listeners = new Set<(level: ElderMode) => void>();
export const onElderModeChange = (l: (level: ElderMode) => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

let applied: ElderMode | null = null;
/** pages of the member area and the sign-in pages that are mounted now (the admin side keeps its size) */
let areas = 0;
/** The level in force now: the chosen one on member and sign-in pages, standard elsewhere. */
export const effectiveElderMode = (): ElderMode => (areas > 0 ? currentElderMode() : 0);

function render() {
  const level = effectiveElderMode();
  if (applied === level) return;
  applied = level;
  const root = document.documentElement;
  if (level) root.dataset.elder = String(level);
  else delete root.dataset.elder;
  listeners.forEach((l) => l(level));
}

/** Puts the level on <html> (on member and sign-in pages); the stylesheets and the antd theme follow it. */
export function applyElderMode(level: ElderMode) {
  write(LOCAL_KEY, String(level));
  render();
}

/** A member or sign-in page frame is mounted (returns its unmount). */
export function enterElderArea() {
  areas++;
  render();
  return () => {
    areas--;
    render();
  };
}

/** The switch: applies at once, then stores it for the account (signed in) or for the next sign-in. */
export async function chooseElderMode(level: ElderMode) {
  const session = getState().session;
  if (!session) {
    write(CHOSEN_KEY, '1');
    applyElderMode(level);
    return;
  }
  setState((s) => ({ session: s.session ? { ...s.session, elderMode: level } : s.session }));
  applyElderMode(level);
  await api.post(servicePath('UserService', 'SetElderMode'), { elderMode: level }).catch(() => undefined);
}

/**
 * At sign-in: a level chosen on the login page becomes the account's (saved in the background);
 * otherwise the account's level from the server stands. Returns the session to store.
 */
export function settleElderModeAtSignIn<T extends { accessToken: string; elderMode?: ElderMode }>(session: T): T {
  if (!read(CHOSEN_KEY)) return session;
  write(CHOSEN_KEY, null);
  const level = asLevel(read(LOCAL_KEY));
  if (level !== asLevel(session.elderMode)) {
    void api.post(servicePath('UserService', 'SetElderMode'), { elderMode: level }, { token: session.accessToken, silent: true }).catch(() => undefined);
  }
  return { ...session, elderMode: level };
}

/** At start-up (before the first paint of a route) and whenever the session changes. */
export function startElderMode() {
  applyElderMode(currentElderMode());
  let last = getState().session;
  subscribe(() => {
    const now = getState().session;
    if (now === last) return;
    last = now;
    // signing out keeps this browser's level: the login page stays as large as the member left it
    if (now) applyElderMode(currentElderMode());
  });
}
