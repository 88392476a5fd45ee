import type { ThemeConfig } from 'antd';

/** Party red as the primary colour (5.9:1 on white). */
export const PRIMARY = '#c8161d';
/** antd's greys (45 % black) and error red (#ff4d4f) miss 4.5:1; these reach it on white and on #f5f5f5. */
const MUTED = 'rgba(0, 0, 0, 0.6)';
export const THEME: ThemeConfig = {
  token: { colorPrimary: PRIMARY, colorLink: PRIMARY, borderRadius: 4, colorTextDescription: MUTED, colorTextTertiary: MUTED, colorError: '#cf1322' },
};
