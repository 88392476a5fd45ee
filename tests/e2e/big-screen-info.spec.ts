import { expect, test } from '@playwright/test';
import { signInAdmin, Screen } from './engine-helpers';
import { trackErrors } from './helpers';

/**
 * 大屏信息管理 (docs/big-screen.md): a district administrator generates a registration code
 * that a screen device then uses, deletes it with the confirm prompt and the device is refused at
 * once; a concern submitted from the screen is answered in 关注信息.
 */
const DISTRICT = '中共成都市温江区委员会';
const D = (a: string) => `/api/services/app/BigScreenDeviceService/${a}`;

test('注册码: generate, the device pulls, delete with confirm, the device is refused', async ({ page, request }) => {
  const errors = trackErrors(page);
  await signInAdmin(page, 'districtadmin', DISTRICT);
  const s = new Screen(page);
  await s.open('/bigScreen/registerCode');
  await expect(s.row('DEMO-WJ-0001')).toBeVisible();
  await s.toolbar('生成注册码');
  await s.fill('备注', '二楼会议室');
  await s.submitForm();
  await expect(s.row('二楼会议室')).toBeVisible();
  const code = ((await s.row('二楼会议室').locator('td').nth(1).textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-Z2-9]{12}$/);

  const pulled = await request.get(D('Pull'), { params: { code } });
  expect(pulled.status()).toBe(200);
  expect((await pulled.json()).result.version.versionName).toBe('2024 常规版');

  await s.rowAction('二楼会议室', '删除');
  await s.confirm('确认删除该注册码？使用它的大屏将立即停用。');
  await expect(s.row('二楼会议室')).toHaveCount(0);
  const refused = await request.get(D('Pull'), { params: { code } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.message).toBe('注册码无效或已停用');
  expect(errors).toEqual([]);
});

test('关注信息: a concern from the screen is answered', async ({ page, request }) => {
  const sent = await request.post(D('SubmitConcern'), { data: { code: 'DEMO-WJ-0001', name: '王五', content: '建议大屏增加志愿服务风采' } });
  expect(sent.status()).toBe(200);
  await signInAdmin(page, 'districtadmin', DISTRICT);
  const s = new Screen(page);
  await s.open('/bigScreen/concern');
  await expect(s.row('王五')).toContainText('未回复');
  await s.rowAction('王五', '回复');
  const dialog = page.getByRole('dialog', { name: '回复关注信息' });
  await dialog.locator('textarea').fill('已纳入下一版本');
  await dialog.getByRole('button', { name: /确\s*定|提\s*交/ }).click();
  await s.toast('回复成功');
  await expect(s.row('王五')).toContainText('已回复');
});
