/**
 * 党建地图 end to end, with no map key and no network beyond the platform: the member opens 党建地图
 * from 我与支部, sees the bundled outlines fitted to his own district and its organisations gathered
 * into clusters with counts; a row of the list opens its marker and popup, a cluster zooms in, a
 * marker selects its row; at 320 px nothing scrolls sideways and every pin is a 44 px target. An organiser
 * picks an organisation's address on the map in 组织管理's form: the address and the coordinates are
 * filled. Every request the pages make stays on 127.0.0.1.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
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

/** What the map shows: organisations in clusters (their counts) plus lone markers. */
async function pinnedOrganisations(map: Locator) {
  const inClusters = await map.locator('[data-cluster]').evaluateAll((els) => els.reduce((n, e) => n + Number(e.getAttribute('data-cluster')), 0));
  return inClusters + (await map.locator('[data-marker]').count());
}

test('a member sees the party map of his district: district outline, clusters with counts, popup, list', async ({ page }) => {
  const hosts = trackHosts(page);
  const errors = trackErrors(page);
  await signIn(page, 'member');
  await page.getByRole('link', { name: '我与支部' }).first().click();
  await page.getByText('党建地图', { exact: true }).first().click();
  await expect(page).toHaveURL(/\/dj\/partyMember\/iBranch\/map$/);

  const map = page.getByRole('application', { name: '党建地图' });
  // the province outline: its 21 cities and prefectures, and its 183 districts, from the bundled files
  await expect(map.locator('[data-testid="map-outline"] > path')).toHaveCount(21);
  await expect(map.locator('[data-testid="map-outline"] > path[data-name="成都市"]')).toHaveCount(1);
  await expect(map.locator('[data-testid="map-districts"] path')).toHaveCount(183);
  // the first view is his own district (温江区, from his district committee's 行政区划代码), filling the map
  const own = map.locator('path.dj-map__area');
  await expect(own).toHaveAttribute('data-name', '温江区');
  const [ownBox, mapBox] = [(await own.boundingBox())!, (await map.boundingBox())!];
  expect(Math.max(ownBox.width / mapBox.width, ownBox.height / mapBox.height)).toBeGreaterThan(0.6);
  // the district's organisations: gathered into clusters with counts, every one of the list counted once
  await expect(map.locator('[data-cluster]').first()).toBeVisible();
  const listed = Number((await page.locator('.dj-party-map__count').innerText()).match(/共 (\d+) 个/)![1]);
  expect(listed).toBeGreaterThan(5);
  expect(await pinnedOrganisations(map)).toBe(listed);
  await expect(map.locator('[data-cluster]').first()).toHaveAccessibleName(/^\d+ 个党组织，点击放大$/);

  // a row of the list opens its marker (taken out of its cluster) and its popup
  await page.locator('.dj-party-map__list').getByRole('button', { name: new RegExp(BRANCH) }).click();
  const popup = page.getByTestId('map-popup');
  await expect(popup.locator('.dj-map-popup__title')).toHaveText(BRANCH);
  await expect(popup).toContainText('地址：');
  const mine = map.getByRole('button', { name: BRANCH, exact: true });
  await expect(mine).toHaveAttribute('aria-pressed', 'true');
  // a pin is a 44 × 44 target
  const pinBox = (await mine.boundingBox())!;
  expect(Math.min(pinBox.width, pinBox.height)).toBeGreaterThanOrEqual(44);
  // axe: no serious or critical violation on the map page with a popup open
  const found = await seriousViolations(page);
  expect(found, describeFindings(found)).toEqual([]);
  await expect(page.locator('.dj-party-map__list li.is-selected')).toContainText(BRANCH);

  await page.locator('.dj-party-map__list').getByRole('button', { name: new RegExp(DISTRICT) }).click();
  await expect(popup.locator('.dj-map-popup__title')).toHaveText(DISTRICT);
  await popup.getByRole('button', { name: '关闭' }).click();
  await expect(popup).toBeHidden();

  // a cluster zooms in on its organisations; a lone marker then selects its row
  const cluster = map.locator('[data-cluster]').first();
  const gathered = Number(await cluster.getAttribute('data-cluster'));
  await cluster.click();
  const lone = map.locator('[data-marker]').first();
  await expect(lone).toBeVisible();
  const largest = await map.locator('[data-cluster]').evaluateAll((els) => Math.max(0, ...els.map((e) => Number(e.getAttribute('data-cluster')))));
  expect(largest).toBeLessThan(gathered);
  const name = (await lone.getAttribute('aria-label'))!;
  await lone.click();
  await expect(popup.locator('.dj-map-popup__title')).toHaveText(name);
  await expect(page.locator('.dj-party-map__list li.is-selected')).toContainText(name);
  await popup.getByRole('button', { name: '关闭' }).click();

  // the level filter narrows list and pins alike
  await page.getByRole('button', { name: '复位' }).click();
  await page.locator('.ant-segmented').getByTitle('基层党组织').click();
  const rows = await page.locator('.dj-party-map__list li').count();
  await expect.poll(() => pinnedOrganisations(map)).toBe(rows);
  await expect(page.locator('.dj-party-map__list')).not.toContainText(DISTRICT);

  // the whole province, then zoom by the wheel over the map
  await page.getByRole('button', { name: '全省' }).click();
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -600);
  await expect(map.locator('[data-testid="map-outline"] > path')).toHaveCount(21);

  expect([...hosts]).toEqual(['127.0.0.1']);
  expect(errors).toEqual([]);
});

test('the party map at 320 px: no sideways scroll, cluster counts, 44 px targets', async ({ page }) => {
  const errors = trackErrors(page);
  await page.setViewportSize({ width: 320, height: 720 });
  await signIn(page, 'member');
  await page.goto('/dj/partyMember/iBranch/map');
  const map = page.getByRole('application', { name: '党建地图' });
  await expect(map.locator('path.dj-map__area')).toHaveAttribute('data-name', '温江区');
  const clusters = map.locator('[data-cluster]');
  await expect(clusters.first()).toBeVisible();
  await expect(clusters.first().locator('text')).toHaveText(/^\d+$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  // every pin, cluster and map button is at least 44 × 44
  const small = await page.locator('.dj-map [data-cluster], .dj-map [data-marker], .dj-map__tools button').evaluateAll((els) =>
    els.map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && (r.width < 44 || r.height < 44)).length,
  );
  expect(small).toBe(0);
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
