/**
 * The server's Content-Security-Policy (docs/SECURITY.md §18) is on for every page: the member's
 * and the administrator's main pages, the big screen and the API documentation run under it
 * without a single violation (no inline script, no eval the policy refuses).
 */
import { expect, test, type Page } from '@playwright/test';
import { go, memberRoutes } from './helpers';
import { signInAdmin } from './engine-helpers';
import type { PermissionEntry } from '../../src/contract/types';

/** Violations reported by the browser (the event) and its console, from the first script on. */
async function watchCsp(page: Page) {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  return seen;
}

test('the server sends the policy with the page itself', async ({ request }) => {
  const r = await request.get('/dj/login');
  const csp = r.headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'self'");
  expect(r.headers()['x-content-type-options']).toBe('nosniff');
  expect(r.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // the built page has no inline script
  expect(await r.text()).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
});

test('the member walks his main pages without a CSP violation', async ({ page }) => {
  test.setTimeout(240_000);
  const violations = await watchCsp(page);
  await page.goto('/dj/login');
  await page.getByLabel('用户名').fill('member');
  await page.getByLabel('密码').fill('Demo@123456');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.waitForLoadState('networkidle');
  // every top-level member page and one of each family below it
  const routes = memberRoutes().filter((r, i, all) => r.split('/').length <= 3 || !all.slice(0, i).some((o) => o.split('/').slice(0, 3).join('/') === r.split('/').slice(0, 3).join('/') && o.split('/').length > 3));
  for (const route of routes) {
    await go(page, route);
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});

test('the province administrator walks his menus, the API documentation and the big screen without a CSP violation', async ({ page }) => {
  test.setTimeout(300_000);
  const violations = await watchCsp(page);
  await signInAdmin(page, 'admin', '中共四川省委员会');
  const state = await page.evaluate(() => JSON.parse(localStorage.getItem('dj-state') || '{}') as { roleId: number; session: { accessToken: string } });
  const perms = (await (await page.request.get('/api/services/app/PermissionService/GetCurrentUserPermission', { headers: { authorization: `Bearer ${state.session.accessToken}` } })).json()).result as PermissionEntry[];
  const menus = perms.find((p) => !p.isDefault)?.menus ?? [];
  const urls: string[] = [];
  // every page of the administrator's menu tree: type 1 top menus, 6 their pages (url relative to the top), 2 buttons
  for (const top of menus) for (const m of top.children ?? []) if (m.type === 6) urls.push(`${top.url}${m.url}`);
  expect(urls.length).toBeGreaterThan(10);
  for (const url of urls) {
    await go(page, url);
    await page.waitForLoadState('networkidle');
  }
  // the map page draws under the policy too
  await go(page, '/manager/partyMap');
  await page.waitForLoadState('networkidle');
  // Swagger UI, same origin, with the session's token
  await page.goto('/swagger');
  // the operations render: the document came with the session's token, under the policy
  await expect(page.locator('.opblock').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // the wall screen of the demo
  await page.goto('/dj/bigScreen/DEMO-WJ-0001');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
