import { expect, test } from '@playwright/test';
import { signIn, trackErrors } from './helpers';

test('usb-key sign-in with the demo software key', async ({ page }) => {
  const errors = trackErrors(page);
  await page.goto('/dj/ukeyLogin');
  await page.getByLabel('证书账号').fill('admin');
  await page.getByRole('button', { name: '读取证书' }).click();
  await expect(page.getByText('CN=admin', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: '证书登录' }).click();
  await expect(page).toHaveURL(/\/dj\/partyMember\/partySpace$/);
  expect(errors).toEqual([]);
});

test('three failed sign-ins ask for the image code', async ({ page }) => {
  await page.goto('/dj/login');
  for (let i = 0; i < 3; i++) {
    await page.getByLabel('用户名').fill('teacher');
    await page.getByLabel('密码', { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByTestId('login-error')).toBeVisible();
  }
  await expect(page.getByTestId('captcha-image')).toBeVisible();
  await expect(page.getByLabel('图形验证码')).toBeVisible();
});

test('the district login page has its own title and logo', async ({ page }) => {
  await page.goto('/dj/login?Area=510115');
  await expect(page.getByTestId('platform-name')).toHaveText('温江区党员教育培训平台');
  await page.goto('/dj/login');
  await expect(page.getByTestId('platform-name')).toHaveText('党员教育培训平台');
  // members sign in with their phone number
  await expect(page.getByPlaceholder('用户名/手机号')).toBeVisible();
  await expect(page.getByLabel('用户名/手机号')).toBeVisible();
  await expect(page).toHaveTitle('党员教育培训平台');
});

test('signed in, /login goes on to the landing; an invalid SSO ticket is refused', async ({ page }) => {
  await signIn(page, 'member');
  await page.goto('/dj/login');
  await expect(page).toHaveURL(/\/dj\/partyMember\/partySpace$/);
  await page.goto('/dj/singleSignOn?ticket=not-a-ticket');
  await expect(page.getByText('单点登录凭据无效或已过期')).toBeVisible();
});

test('sign-up shows the member form messages verbatim', async ({ page }) => {
  await page.goto('/dj/signUp');
  await page.getByRole('button', { name: '提交注册' }).click();
  for (const m of ['请输入姓名', '请选择党组织', '请输入身份证号', '请输入手机号']) await expect(page.getByText(m, { exact: true }).first()).toBeVisible();
  await page.getByPlaceholder('请输入手机号').fill('12345');
  await page.getByPlaceholder('请输入身份证号').fill('123');
  await expect(page.getByText('手机号格式错误')).toBeVisible();
  await expect(page.getByText('身份证号格式错误')).toBeVisible();
});

test('single sign-on with a ticket from the demo identity provider', async ({ page }) => {
  const { demoIssuerKeys, signSsoTicket, SSO_AUDIENCE } = await import('../../src/server/security/sso');
  const { randomUUID } = await import('node:crypto');
  const { privateKeyPem } = demoIssuerKeys(process.env.E2E_DATA_DIR!);
  const ticket = signSsoTicket(privateKeyPem, {
    iss: 'demo-sso',
    aud: SSO_AUDIENCE,
    sub: 'member',
    userName: 'member',
    jti: randomUUID(),
    exp: Math.floor(Date.now() / 1000) + 300,
  } as any);
  await page.goto(`/dj/singleSignOn?ticket=${ticket}`);
  await expect(page).toHaveURL(/\/dj\/partyMember\/partySpace$/);
});
