/**
 * 长辈模式 (issue 33). A member turns it on on the login page before signing in; it follows him into
 * the member space and is stored with his account. Then the main member pages, at 390 and 1440 px:
 * no sideways scroll, no visible target under 44 × 44 px, body text of 18 px or more with larger
 * titles, and axe without a serious or critical finding. Apart from the mode, a browser set to a
 * 24 px default font enlarges the text, the titles and the tabs (sizes in rem; antd's tokens follow).
 * `ELDER_SHOTS=<dir>` saves a screenshot of each page to look at.
 */
import { expect, test, type Page } from '@playwright/test';
import { describeFindings, seriousViolations } from './a11y';
import { fontSizes, sidewaysScroll, smallTargets } from './elder';
import { memberRoutes, newMember, PASSWORD, token, trackErrors } from './helpers';

/** A representative set of the member routes (contract/member-routes.txt): every area, the dense pages. */
const PAGES: { path: string; ready: string }[] = [
  { path: '/partyMember/partySpace', ready: '[data-testid="home-notices"]' },
  { path: '/partyMember/partySpace/notice', ready: '.ant-tabs' },
  { path: '/partyMember/partySpace/difficultCreate', ready: '.dj-member__main' },
  { path: '/partyMember/partySpace/organswitchMyList', ready: '.dj-member__main' },
  { path: '/partyMember/iStudy', ready: '.dj-entry' },
  { path: '/partyMember/iStudy/superSpirit', ready: '.dj-member__main' },
  { path: '/partyMember/iStudy/partybook/video', ready: '.ant-tabs' },
  { path: '/partyMember/iStudy/subject', ready: '.dj-member__main' },
  { path: '/partyMember/iStudy/subject/info/exam', ready: '.dj-member__main' },
  { path: '/partyMember/iStudy/learningassess', ready: '.ant-tabs' },
  { path: '/partyMember/iStudy/forum', ready: '.dj-member__main' },
  { path: '/partyMember/iBranch', ready: '.dj-entry' },
  { path: '/partyMember/iBranch/partyAffairs', ready: '.dj-member__main' },
  { path: '/partyMember/iBranch/partyDues', ready: '.dj-member__main' },
  { path: '/partyMember/iBranch/organizationallife', ready: '.ant-tabs' },
  { path: '/partyMember/iBranch/map', ready: '.dj-member__main' },
  { path: '/partyMember/iPractice/volunteer', ready: '.ant-tabs' },
  { path: '/partyMember/personal', ready: '.ant-tabs' },
];

test('the walked pages are member routes of the contract', () => {
  const routes = new Set(memberRoutes());
  expect(PAGES.length).toBeGreaterThanOrEqual(15);
  expect(PAGES.map((p) => p.path).filter((p) => !routes.has(p) && p !== '/partyMember/iStudy/subject/info/exam')).toEqual([]);
});

async function settle(page: Page, ready: string) {
  await expect(page.locator(ready).first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // antd's lazy chunks and the list's first page
  await page.waitForTimeout(300);
}

/** What is wrong with the page as it stands, one line each (empty when nothing). */
async function problems(page: Page, name: string): Promise<string[]> {
  if (process.env.ELDER_SHOTS) await page.screenshot({ path: `${process.env.ELDER_SHOTS}/${name}.png`, fullPage: true });
  const out: string[] = [];
  const scroll = await sidewaysScroll(page);
  if (scroll > 0) out.push(`${name}: scrolls ${scroll} px sideways`);
  for (const t of await smallTargets(page)) out.push(`${name}: target ${t.what} is ${t.width}×${t.height}`);
  const found = await seriousViolations(page);
  if (found.length) out.push(`${name}: axe\n${describeFindings(found)}`);
  return out;
}

for (const width of [390, 1440]) {
  test(`长辈模式 at ${width} px: chosen before sign-in, kept by the account, every page large and reachable`, async ({ page, request }) => {
    test.setTimeout(240_000);
    const who = await newMember(request, `长辈${width}`);
    const errors = trackErrors(page);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/dj/login');
    // the switch is a button whose state is said, not only shown
    const toggle = page.getByTestId('elder-toggle');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    // by keyboard: reach it with Tab, press it with Enter
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('data-elder', '1');
    const issues: string[] = [...(await problems(page, `${width}-login`))];

    // a wrong password is said in words
    await page.getByLabel('用户名/手机号').fill(who.userName);
    await page.getByLabel('密码').fill('Wrong-pass-1');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByTestId('login-error')).toContainText('用户名或密码错误');

    await page.getByLabel('密码').fill(PASSWORD);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page).toHaveURL(/partySpace/);
    await expect(page.locator('html')).toHaveAttribute('data-elder', '1');
    // the choice made before sign-in is now the account's
    const bearer = await token(page);
    await expect
      .poll(async () => (await (await request.get('/api/services/app/PartyMemberService/GetCurrentUserSessionData', { headers: { Authorization: `Bearer ${bearer}` } })).json()).result.elderMode)
      .toBe(1);

    for (const { path, ready } of PAGES) {
      await page.goto(`/dj${path}`);
      await settle(page, ready);
      issues.push(...(await problems(page, `${width}-${path.split('/').slice(2).join('-')}`)));
      // body text 18 px or more, titles larger (our bar on MIIT's)
      const [body, tab, title] = await fontSizes(page, ['.dj-member__main', '.dj-tab', '.ant-card-head-title, .dj-banner h2, .ant-tabs-tab, h2']);
      if (body! < 17.95 || (title !== null && title <= body!) || tab! <= body!) issues.push(`${path}: body ${body} px, tab ${tab} px, title ${title} px`);
    }
    expect(issues, issues.join('\n')).toEqual([]);

    // the larger step, then back to standard, from the header; a reload keeps what was chosen
    await page.getByTestId('elder-step').click();
    await expect(page.locator('html')).toHaveAttribute('data-elder', '2');
    expect((await fontSizes(page, ['.dj-member__main']))[0]).toBeGreaterThanOrEqual(22);
    await page.getByTestId('elder-toggle').click();
    await expect(page.locator('html')).not.toHaveAttribute('data-elder', /./);
    await page.reload();
    await expect(page.getByTestId('elder-toggle')).toHaveAttribute('aria-pressed', 'false');
    expect(errors).toEqual([]);
  });
}

test('a browser set to a 24 px default font enlarges text, titles and tabs (without 长辈模式)', async ({ page, request }) => {
  const who = await newMember(request, '字号');
  const SEL = ['.dj-member__main', '.dj-tab', '.ant-card-head-title', '.dj-shortcut', '.dj-banner h2'];
  const measure = async () => {
    await page.goto('/dj/partyMember/partySpace');
    await settle(page, '[data-testid="home-notices"] .ant-card-head-title');
    return fontSizes(page, SEL);
  };
  await page.goto('/dj/login');
  await page.getByLabel('用户名/手机号').fill(who.userName);
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/partySpace/);
  await expect(page.locator('html')).not.toHaveAttribute('data-elder', /./);
  const normal = await measure();
  // the browser's own text-size setting (chrome://settings/fonts), as a reader would set it
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 24, fixed: 20 } });
  const large = await measure();
  SEL.forEach((s, i) => expect(large[i], `${s}: ${normal[i]} → ${large[i]} px`).toBeGreaterThanOrEqual(normal[i]! * 1.4));
});
