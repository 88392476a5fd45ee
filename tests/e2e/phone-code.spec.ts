import { expect, test } from '@playwright/test';
import { PASSWORD, addMember, smsCode, trackErrors } from './helpers';

/** An 18-digit identity card number with a valid check character. */
function idCard(body17: string) {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = body17.split('').reduce((s, d, i) => s + Number(d) * w[i], 0);
  return body17 + '10X98765432'[sum % 11];
}

test('forgot password by phone code, then sign in with the new password', async ({ page, request }) => {
  const errors = trackErrors(page);
  // a member of its own: a named account (district2admin) with a changed password fails every later spec
  const phone = (await addMember(request, '忘记密码测试')).userName;
  await page.goto('/dj/login');
  await page.getByRole('link', { name: '忘记密码' }).click();
  await expect(page).toHaveURL(/\/dj\/forgetPassword$/);
  await page.getByPlaceholder('请输入绑定的手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeVisible();
  await page.getByPlaceholder('请输入短信验证码').fill(await smsCode(phone));
  await page.getByRole('button', { name: '下一步' }).click();
  const newPassword = 'Reset2026abc';
  await page.getByLabel('新密码', { exact: true }).fill(newPassword);
  await page.getByLabel('确认新密码').fill(newPassword);
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('密码已重置')).toBeVisible();
  await page.getByRole('link', { name: '去登录' }).click();
  await page.getByLabel('用户名').fill(phone);
  await page.getByLabel('密码').fill(newPassword);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/dj\/(partyMember\/partySpace|changepassword)$/);
  if (page.url().endsWith('/changepassword')) {
    // a reset password may have to be changed first
    await page.getByLabel('新密码', { exact: true }).fill('Changed2026xyz');
    await page.getByLabel('确认新密码').fill('Changed2026xyz');
    await page.getByRole('button', { name: '确定并登录' }).click();
    await expect(page).toHaveURL(/\/dj\/partyMember\/partySpace$/);
  }
  expect(errors).toEqual([]);
});

test('self-registration with a phone code is accepted for review', async ({ page }) => {
  const errors = trackErrors(page);
  const phone = '13912345678';
  await page.goto('/dj/signUp');
  await page.getByPlaceholder('请输入姓名').fill('周新民');
  await page.getByRole('combobox', { name: '所在党组织' }).fill('凤凰社区');
  await page.locator('.ant-select-item-option').filter({ hasText: '凤凰社区' }).first().click();
  await page.getByPlaceholder('请输入身份证号').fill(idCard('51011519900101123'));
  await page.getByPlaceholder('请输入手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByPlaceholder('请输入短信验证码').fill(await smsCode(phone));
  await page.getByPlaceholder('请设置登录密码').fill(PASSWORD);
  await page.getByPlaceholder('请再次输入密码').fill(PASSWORD);
  await page.getByRole('button', { name: '提交注册' }).click();
  await expect(page.getByText('注册信息已提交')).toBeVisible();
  expect(errors).toEqual([]);
});
