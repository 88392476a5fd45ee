/**
 * 党建地图 end to end, with no map key and no network beyond the platform: the member opens 党建地图
 * from 我与支部, sees the bundled province outline and the markers of his district's organisations,
 * clicks one and reads its name in the popup, and a row of the list opens its marker. An organiser
 * picks an organisation's address on the map in 组织管理's form: the address and the coordinates are
 * filled. Every request the pages make stays on 127.0.0.1.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn, trackErrors } from './helpers';
import { describeFindings, seriousViolations } from './a11y';
import { Screen, signInAdmin } from './engine-helpers';

const BRANCH = '柳城街道凤凰社区党支部';
const DISTRICT = '中共成都市温江区委员会';

/** the hosts of every request the page makes */
function trackHosts(page: Page): Set<string> {
  const hosts = new Set<string>();
  page.on('request', (r) => hosts.add(new URL(r.url()).hostname));
  return hosts;
}

test('a member sees the party map of his district: outline, markers, popup, list', async ({ page }) => {
  const hosts = trackHosts(page);
  const errors = trackErrors(page);
  await signIn(page, 'member');
  await page.getByRole('link', { name: '我与支部' }).first().click();
  await page.getByText('党建地图', { exact: true }).first().click();
  await expect(page).toHaveURL(/\/dj\/partyMember\/iBranch\/map$/);

  const map = page.getByRole('application', { name: '党建地图' });
  // the province outline: its 21 cities and prefectures, drawn from the bundled file
  await expect(map.locator('[data-testid="map-outline"] path')).toHaveCount(21);
  await expect(map.locator('[data-testid="map-outline"] path[data-name="成都市"]')).toHaveCount(1);
  // the markers of the district's organisations, his branch among them
  const markers = map.locator('[data-marker]');
  await expect(markers.first()).toBeVisible();
  expect(await markers.count()).toBeGreaterThan(5);
  const mine = map.getByRole('button', { name: BRANCH, exact: true });
  await expect(mine).toHaveCount(1);

  await mine.click();
  const popup = page.getByTestId('map-popup');
  await expect(popup).toBeVisible();
  await expect(popup.locator('.dj-map-popup__title')).toHaveText(BRANCH);
  await expect(popup).toContainText('地址：');
  // axe: no serious or critical violation on the map page with a popup open
  const found = await seriousViolations(page);
  expect(found, describeFindings(found)).toEqual([]);
  await expect(page.locator('.dj-party-map__list li.is-selected')).toContainText(BRANCH);

  // a row of the list opens its marker's popup
  await page.locator('.dj-party-map__list').getByRole('button', { name: new RegExp(DISTRICT) }).click();
  await expect(popup.locator('.dj-map-popup__title')).toHaveText(DISTRICT);
  await popup.getByRole('button', { name: '关闭' }).click();
  await expect(popup).toBeHidden();

  // the level filter narrows list and markers alike
  await page.locator('.ant-segmented').getByTitle('基层党组织').click();
  const rows = await page.locator('.dj-party-map__list li').count();
  await expect(markers).toHaveCount(rows);
  await expect(page.locator('.dj-party-map__list')).not.toContainText(DISTRICT);

  // the whole province, then zoom by the wheel over the map
  await page.getByRole('button', { name: '全省' }).click();
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -600);
  await expect(map.locator('[data-testid="map-outline"] path')).toHaveCount(21);

  expect([...hosts]).toEqual(['127.0.0.1']);
  expect(errors).toEqual([]);
});

test('an organiser picks an organisation address on the map: address, longitude and latitude filled', async ({ page }) => {
  const hosts = trackHosts(page);
  await signInAdmin(page, 'districtadmin', DISTRICT);
  const s = new Screen(page);
  await s.open('/manager/organization');
  await s.toolbar('新建下级组织');
  await page.getByTestId('address-picker-open').click();
  const picker = page.getByRole('dialog', { name: '选择地址' });
  const ok = picker.getByTestId('address-picker-ok');
  await expect(ok).toBeDisabled();
  await expect(picker.getByText('默认区域：四川省')).toBeVisible();
  // without a map key the search looks through the platform's own organisation addresses
  await picker.getByRole('searchbox', { name: '搜索地点' }).fill('凤凰社区');
  await picker.getByRole('button', { name: /搜\s*索/ }).click();
  await picker.locator('.dj-address-picker__hits .ant-list-item', { hasText: BRANCH }).click();
  await expect(picker.getByRole('textbox', { name: '地址' })).toHaveValue(/凤凰社区/);
  await expect(picker.getByTestId('address-picker-coords')).toContainText('经度 103.');
  await expect(ok).toBeEnabled();
  // a click on the map moves the point; the address stays the user's to complete
  const map = picker.getByRole('application', { name: '选择地址的地图' });
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2 + 40, box.y + box.height / 2);
  await expect(picker.getByTestId('address-picker-coords')).toContainText('经度');
  await picker.getByRole('textbox', { name: '地址' }).fill('四川省成都市温江区柳城街道凤凰北大街8号');
  await ok.click();
  await expect(picker).toBeHidden();
  await expect(s.field('地址').locator('input')).toHaveValue('四川省成都市温江区柳城街道凤凰北大街8号');
  await expect(s.field('经度').locator('input')).toHaveValue(/^103\.\d+/);
  await expect(s.field('纬度').locator('input')).toHaveValue(/^30\.\d+/);
  expect([...hosts]).toEqual(['127.0.0.1']);
});
