/**
 * A sign-in that must change its password first (weak or reset password) is held here, outside the
 * stored session, until /changepassword completes it.
 */
import type { SessionData } from '../../contract/types';

const KEY = 'dj-pending-login';

export function beginPasswordChange(session: SessionData) {
  sessionStorage.setItem(KEY, JSON.stringify(session));
}
export function pendingLogin(): SessionData | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as SessionData) : null;
  } catch {
    return null;
  }
}
export function clearPendingLogin() {
  sessionStorage.removeItem(KEY);
}

/** The sign-in still needs the second factor of an administrator (SessionData.secondFactor). */
export const needsSecondFactor = (session: SessionData) => !!session.secondFactor?.required && !session.secondFactor.verified;
