/**
 * The players and the reader as a member meets them (issue 33): the PDF with pdf.js's text layer
 * (the text is there to select, find and read aloud), zoom by buttons and keys, the page jump and the
 * viewer's search; the audio's speed (0.75–2×) and volume; the video's right-click menu without
 * DPlayer's 关于作者 and version links. Signed in as district2admin (a member too): the study spec holds
 * `member`'s and `cityadmin`'s playing sessions.
 */
import { expect, test } from '@playwright/test';
import { signIn, trackErrors } from './helpers';

const BOOK = '/dj/partyMember/iStudy/partybook';

test('PDF: a text layer over the page, zoom by buttons and keys, page jump, search', async ({ page }) => {
  const errors = trackErrors(page);
  await signIn(page, 'district2admin');
  await page.goto(`${BOOK}/files`);
  await page.getByTestId('resource-card').filter({ hasText: '党员学习手册' }).click();
  await expect(page.getByTestId('pdf-count')).toContainText('共 3 页');
  const canvas = page.getByTestId('pdf-canvas');
  const layer = page.getByTestId('pdf-text-layer');
  // the page's text as text: spans laid over the canvas, inside its box
  await expect(layer).toHaveAttribute('data-ready', 'true');
  await expect(layer).toContainText('党员学习手册');
  expect(await layer.locator('span').count()).toBeGreaterThan(3);
  const [c, t] = [(await canvas.boundingBox())!, (await layer.boundingBox())!];
  expect(Math.abs(c.width - t.width)).toBeLessThan(2);
  expect(Math.abs(c.height - t.height)).toBeLessThan(2);
  // selectable: a triple click on a line selects its words
  await layer.getByText('学习的目的与要求').click({ clickCount: 3 });
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toContain('学习的目的与要求');

  // zoom: the buttons, then the keys on the focused page
  const zoom = page.getByTestId('pdf-zoom');
  await expect(zoom).toHaveText('100%');
  const width = c.width;
  await page.getByRole('button', { name: '放大' }).click();
  await expect(zoom).toHaveText('125%');
  await expect.poll(async () => (await canvas.boundingBox())!.width).toBeGreaterThan(width * 1.2);
  await expect(layer).toHaveAttribute('data-ready', 'true');
  await expect.poll(async () => Math.abs((await layer.boundingBox())!.width - (await canvas.boundingBox())!.width)).toBeLessThan(2);
  const reader = page.getByRole('region', { name: /^文档第 \d+ 页/ });
  await reader.focus();
  await page.keyboard.press('+');
  await expect(zoom).toHaveText('150%');
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  await expect(zoom).toHaveText('75%');
  await page.keyboard.press('0');
  await expect(zoom).toHaveText('100%');
  await page.getByRole('button', { name: '缩小' }).click();
  await expect(zoom).toHaveText('75%');
  await page.getByRole('button', { name: '适合宽度' }).click();
  await expect(zoom).toHaveText('100%');

  // page jump: the input, PageDown / PageUp on the page
  const input = page.getByLabel('页码');
  await input.fill('3');
  await input.press('Enter');
  await expect(canvas).toHaveAttribute('data-page', '3');
  await reader.focus();
  await page.keyboard.press('PageUp');
  await expect(canvas).toHaveAttribute('data-page', '2');
  await page.keyboard.press('PageDown');
  await expect(canvas).toHaveAttribute('data-page', '3');

  // search: the first page holding the text, its spans marked
  await page.getByRole('searchbox', { name: '在文档中查找' }).fill('党员学习手册');
  await page.getByRole('button', { name: /^查\s*找$/ }).click();
  await expect(canvas).toHaveAttribute('data-page', '1');
  await expect(page.getByTestId('pdf-found')).toContainText('「党员学习手册」在');
  await expect(layer.locator('.dj-pdf-hit').first()).toBeVisible();
  await page.getByRole('searchbox', { name: '在文档中查找' }).fill('没有这句话');
  await page.getByRole('button', { name: /^查\s*找$/ }).click();
  await expect(page.getByTestId('pdf-found')).toHaveText('未找到「没有这句话」');
  expect(errors).toEqual([]);
});

test('audio: speed 0.75–2× and volume with 静音 set the media element', async ({ page }) => {
  const errors = trackErrors(page);
  await signIn(page, 'district2admin');
  await page.goto(`${BOOK}/audio`);
  await page.getByTestId('resource-card').filter({ hasText: '党章诵读' }).click();
  const audio = page.getByTestId('audio-element');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('combobox', { name: '播放速度' })).toBeVisible();
  const rate = page.locator('.dj-audio-player__rate .ant-select');
  await rate.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options).toHaveText(['0.75×', '1×', '1.25×', '1.5×', '2×']);
  await options.filter({ hasText: '2×' }).click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(2);
  // playing keeps the chosen speed
  await page.getByRole('button', { name: '播放' }).click();
  await expect(page.getByTestId('audio-state')).toHaveText('播放中');
  expect(await audio.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(2);
  await page.getByRole('button', { name: '暂停' }).click();
  await rate.click();
  await options.filter({ hasText: '0.75×' }).click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(0.75);

  // volume: the slider by keys, then 静音 and back
  const volume = page.getByRole('slider', { name: '音量' });
  await volume.focus();
  for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowLeft');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.volume)).toBeCloseTo(0.6, 5);
  await page.getByRole('button', { name: '静音' }).click();
  expect(await audio.evaluate((a: HTMLAudioElement) => a.muted)).toBe(true);
  await page.getByRole('button', { name: '取消静音' }).click();
  expect(await audio.evaluate((a: HTMLAudioElement) => [a.muted, a.volume])).toEqual([false, 0.6]);
  expect(errors).toEqual([]);
});

test('video: the right-click menu offers speeds, with no third-party link or version', async ({ page }) => {
  const errors = trackErrors(page);
  await signIn(page, 'district2admin');
  await page.goto(`${BOOK}/video`);
  await page.getByTestId('resource-card').first().click();
  await expect(page.locator('.dplayer')).toBeVisible();
  await page.locator('.dplayer-video-wrap').click({ button: 'right' });
  const menu = page.locator('.dplayer-menu');
  await expect(menu).toHaveClass(/dplayer-menu-show/);
  await expect(menu.locator('.dplayer-menu-item')).toHaveText(['0.75 倍速', '正常速度', '1.25 倍速', '1.5 倍速', '2 倍速', '视频统计信息']);
  await expect(menu).not.toContainText('DPlayer');
  await expect(menu).not.toContainText('关于作者');
  const hrefs = await menu.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.filter((h) => /^(https?:)?\/\//.test(h))).toEqual([]);
  await menu.getByText('1.5 倍速').click();
  expect(await page.locator('.dplayer video').evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
  expect(errors).toEqual([]);
});
