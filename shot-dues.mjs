import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:18101/dj';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
async function login(user) {
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: 'zh-CN' });
  const page = await ctx.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('用户名').fill(user);
  await page.getByLabel('密码').fill('Demo@123456');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(2500);
  return page;
}
const m = await login('member');
await m.goto(`${base}/partyMember/iBranch/partyDues`);
await m.waitForTimeout(2500);
await m.screenshot({ path: '/tmp/dues-member.png', fullPage: true });
const a = await login('branchadmin');
await a.getByTestId('switch-admin').click();
const dlg = a.getByRole('dialog', { name: '切换管理组织' });
await a.waitForTimeout(1500);
await dlg.getByText('柳城街道凤凰社区党支部', { exact: true }).click();
await a.waitForTimeout(500);
await dlg.getByRole('button', { name: /确\s*定/ }).click();
await a.waitForTimeout(2500);
for (const [p, f] of [['/service/partyDues', 'admin'], ['/service/partyDues?tab=arrears', 'arrears'], ['/service/partyDues/base', 'base'], ['/service/partyDues/expenditure', 'exp']]) {
  await a.goto(`${base}${p}`);
  await a.waitForTimeout(2500);
  await a.screenshot({ path: `/tmp/dues-${f}.png`, fullPage: true });
}
await browser.close();
