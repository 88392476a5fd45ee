/** antd with the zh_CN locale and the party theme; dayjs in Chinese. Wraps all routes but /login. */
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { rootFontPx, themeFor } from '../styles/theme';
import { effectiveElderMode, onElderModeChange } from '../state/elder-mode';

dayjs.locale('zh-cn');

export default function AntdShell() {
  // the theme follows the root font size: the browser's text-size setting and 长辈模式
  const [theme, setTheme] = useState(() => themeFor(rootFontPx(), effectiveElderMode()));
  useEffect(() => {
    const off = onElderModeChange((level) => setTheme(themeFor(rootFontPx(), level)));
    // a child frame (the member layout) may have entered 长辈模式 before this effect subscribed
    setTheme(themeFor(rootFontPx(), effectiveElderMode()));
    return off;
  }, []);
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <Outlet />
    </ConfigProvider>
  );
}
