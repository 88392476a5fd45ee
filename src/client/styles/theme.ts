import type { ThemeConfig } from 'antd';

/** Party red as the primary colour (5.9:1 on white). */
export const PRIMARY = '#c8161d';
/** antd's greys (45 % black) and error red (#ff4d4f) miss 4.5:1; these reach it on white and on #f5f5f5. */
const MUTED = 'rgba(0, 0, 0, 0.6)';
const BASE_TOKENS = { colorPrimary: PRIMARY, colorLink: PRIMARY, borderRadius: 4, colorTextDescription: MUTED, colorTextTertiary: MUTED, colorError: '#cf1322' };
export const THEME: ThemeConfig = { token: BASE_TOKENS };

/** The smallest target 长辈模式 allows (issue 33: every tap target at least 44 × 44 px). */
export const ELDER_TARGET_PX = 44;

/**
 * antd's tokens are pixels; ours follow the root font size, so that the browser's own text-size
 * setting (16 px by default, 24 px when a reader asks for larger) and 长辈模式 (which raises the
 * root font size, global.css) enlarge antd's text, headings, tabs and controls like our rem-sized
 * CSS. At the default 16 px nothing changes: 14 px text, 32 px controls.
 */
export function themeFor(rootFontPx: number, elder: number): ThemeConfig {
  const k = rootFontPx > 0 ? rootFontPx / 16 : 1;
  const px = (n: number) => Math.round(n * k);
  const target = elder ? ELDER_TARGET_PX : 0;
  return {
    token: {
      ...BASE_TOKENS,
      fontSize: px(14),
      controlHeight: Math.max(px(32), target),
      controlHeightSM: Math.max(px(24), target),
      controlHeightLG: Math.max(px(40), target + 8),
      controlHeightXS: px(16),
      // MIIT 适老化: line height at least 1.3 inside paragraphs (antd's default 1.5714 stays above it)
      lineHeight: elder ? 1.7 : 1.5714285714285714,
      // 长辈模式: placeholders readable (4.5:1), not antd's pale 25 % grey
      ...(elder ? { colorTextPlaceholder: MUTED } : {}),
    },
    components: elder
      ? {
          Pagination: { itemSize: target, itemSizeSM: target },
          Tabs: { horizontalItemPadding: `${px(12)}px 0`, cardHeight: target },
          Checkbox: { controlInteractiveSize: px(20) },
          Radio: { radioSize: px(20), dotSize: px(10) },
          Switch: { handleSize: target - 8, trackHeight: target, trackMinWidth: target * 2, innerMaxMargin: target - 4, innerMinMargin: 10 },
        }
      : undefined,
  };
}

/** The root font size the page has now (the browser's setting times 长辈模式's factor). */
export const rootFontPx = () => (typeof document === 'undefined' ? 16 : parseFloat(getComputedStyle(document.documentElement).fontSize) || 16);
