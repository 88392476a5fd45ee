import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PLATFORM_TZ, calendarDay } from '../../src/contract/platform-time';

/** contract/member-routes.txt from the shared folder beside the repository. */
export function memberRoutes(): string[] {
  const candidates = [join(process.cwd(), '../shared/contract/member-routes.txt'), '/work/shared/contract/member-routes.txt'];
  const file = candidates.find((f) => existsSync(f));
  if (!file) throw new Error('shared/contract/member-routes.txt not found beside the repository');
  return readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean);
}

export const PASSWORD = 'Demo@123456';

/** Today on the platform (Asia/Shanghai), whatever the zone of this machine or of the browser. */
export const platformToday = () => calendarDay(new Date(), DEFAULT_PLATFORM_TZ);

/**
 * Collects uncaught page errors and Content-Security-Policy violations (the server sends a strict
 * CSP, docs/SECURITY.md §18: a page that needs an inline script or eval breaks under it); assert on
 * it at the end of a test.
 */
export function trackErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(`CSP: ${m.text()}`);
  });
  return errors;
}

/**
 * The browser signed out as a person would leave it: the app stopped first (about:blank), then the
 * origin's storage and cookies cleared from a page that runs none of it (/livez). Clearing
 * localStorage under the running app is no sign-out: a page still loading writes its session back,
 * and /dj/login then leads into the app.
 */
export async function signOutHere(page: Page) {
  const origin = new URL(page.url()).origin;
  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto(`${origin}/livez`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

export async function signIn(page: Page, userName: string, opts: { area?: string } = {}) {
  await page.goto(`/dj/login${opts.area ? `?Area=${opts.area}` : ''}`);
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).not.toHaveURL(/\/login/);
  // the landing's own calls (messages, counts) finish before the test goes on
  await page.waitForLoadState('networkidle');
}

/** Client-side navigation (no reload), as a click on a link would do. */
export async function go(page: Page, path: string) {
  await page.evaluate((p) => {
    window.history.pushState({}, '', `/dj${p}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

export const token = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('dj-state') || '{}')?.session?.accessToken as string | undefined);

/**
 * The demo's phone: with no SMS gateway the server appends each text to `DATA_DIR/sms-outbox.jsonl`
 * (`{time, phoneNumber, text}` a line; never to its log, which carries no codes or passwords).
 */
export async function smsTexts(phone: string): Promise<string[]> {
  const outbox = join(process.env.E2E_DATA_DIR!, 'sms-outbox.jsonl');
  if (!existsSync(outbox)) return [];
  return readFileSync(outbox, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).filter((m) => m.phoneNumber === phone).map((m) => String(m.text));
}

/** The last demo SMS code sent to a phone number (the demo outbox). */
export async function smsCode(phone: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const texts = await smsTexts(phone);
    const m = texts.length ? /验证码为(\d{6})/.exec(texts[texts.length - 1]) : null;
    if (m) return m[1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${phone} in the demo outbox`);
}

/** A bearer token of `userName` through the API; `admin`: acting as the administrator of his first managed organisation. */
export async function apiToken(request: APIRequestContext, userName: string, admin = false) {
  const signed = await request.post('/api/TokenAuth/Sigin', { data: { userName, password: PASSWORD } });
  let bearer = (await signed.json()).result.accessToken as string;
  if (!admin) return bearer;
  const roles = (await (await request.get('/api/services/app/UserService/GetUserManageOrgan', { headers: { Authorization: `Bearer ${bearer}` } })).json()).result;
  const changed = await request.get(`/api/TokenAuth/UserChangeRole?roleId=${roles[0].roleId}&organId=${roles[0].organId}`, { headers: { Authorization: `Bearer ${bearer}` } });
  bearer = (await changed.json()).result?.accessToken ?? bearer;
  return bearer;
}

/**
 * A valid 18-digit identity card number (GB 11643 check character) made from a number, of a man (sex 1)
 * or a woman (2): the 17th digit is odd for men, and the server refuses a sex that contradicts it.
 */
export function idCardOf(seq: number, sex: 1 | 2 = 1): string {
  const year = 1960 + (seq % 40);
  const month = 1 + (Math.floor(seq / 40) % 12);
  const day = 1 + (Math.floor(seq / 480) % 28);
  const order = (Math.floor(seq / 13_440) % 500) * 2 + (sex === 1 ? 1 : 0);
  const body = `510115${year}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}${String(order).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = body.split('').reduce((s, d, i) => s + Number(d) * weights[i], 0);
  return body + '10X98765432'[sum % 11];
}

let added = 0;
/**
 * A new member of branchadmin's branch (柳城街道凤凰社区党支部; `by` another administrator: his first managed organisation) with an account of his own, added
 * through PartyMemberService/SimpleCreate: for a spec that changes its member (a password reset, a
 * transfer, a flow) — the named demo accounts are shared by every spec of the run. The account's
 * initial password comes by SMS (the demo outbox); it must be changed at the first sign-in.
 */
export async function addMember(request: APIRequestContext, name: string, by = 'branchadmin'): Promise<{ userName: string; name: string; initialPassword: string }> {
  const admin = await apiToken(request, by, true);
  const seq = (Date.now() + process.pid * 7919 + added++ * 104_729) % 100_000_000;
  const phone = `139${String(seq).padStart(8, '0')}`;
  const created = await request.post('/api/services/app/PartyMemberService/SimpleCreate', {
    headers: { Authorization: `Bearer ${admin}` },
    data: { name, organId: (await (await request.get('/api/services/app/UserService/GetUserManageOrgan', { headers: { Authorization: `Bearer ${admin}` } })).json()).result[0].organId, phoneNumber: phone, idCard: idCardOf(seq), sex: 1 },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  for (let i = 0; i < 50; i++) {
    const text = (await smsTexts(phone)).reverse().find((t) => t.includes('初始密码'));
    const m = text ? /初始密码([^，,\s"]+)/.exec(text) : null;
    if (m) return { userName: phone, name, initialPassword: m[1] };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no initial password for ${phone} in the demo outbox`);
}

/** A new member of 凤凰社区党支部 who signs in with the demo password (addMember, then UpdateWeakPassword). */
export async function newMember(request: APIRequestContext, name: string, by = 'branchadmin'): Promise<{ userName: string; name: string }> {
  const who = await addMember(request, name, by);
  const first = await request.post('/api/TokenAuth/Sigin', { data: { userName: who.userName, password: who.initialPassword } });
  const bearer = (await first.json()).result.accessToken as string;
  const changed = await request.post('/api/services/app/UserService/UpdateWeakPassword', { headers: { Authorization: `Bearer ${bearer}` }, data: { newPassword: PASSWORD } });
  expect(changed.ok(), await changed.text()).toBeTruthy();
  return { userName: who.userName, name };
}

/**
 * Plays the video of a player page until it has counted two seconds, then jumps to the end of the
 * clip, whose report goes out at once; answers that study report's result.
 */
export async function playVideoToEnd(page: Page): Promise<{ studyState: number; credited: number }> {
  const video = page.locator('.dplayer video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  if (await video.evaluate((v: HTMLVideoElement) => v.paused)) await page.locator('.dplayer-play-icon').click();
  await expect.poll(() => page.getByTestId('play-seconds').getAttribute('data-seconds').then(Number), { timeout: 20_000, intervals: [500] }).toBeGreaterThanOrEqual(2);
  const reported = page.waitForResponse((r) => r.url().includes('/ResourceLibaryService/ResrouceStudy') && r.request().method() === 'POST', { timeout: 30_000 });
  await video.evaluate((v: HTMLVideoElement) => {
    v.currentTime = Math.max(0, v.duration - 1.5);
  });
  return (await (await reported).json()).result;
}
