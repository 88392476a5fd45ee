import type { ThemeConfig } from 'antd';

/** Party red as the primary colour. */
export const PRIMARY = '#c8161d';
export const THEME: ThemeConfig = {
  token: { colorPrimary: PRIMARY, colorLink: PRIMARY, borderRadius: 4 },
};
