/** antd with the zh_CN locale and the party theme; dayjs in Chinese. Wraps all routes but /login. */
import { Outlet } from 'react-router-dom';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { THEME } from '../styles/theme';

dayjs.locale('zh-cn');

export default function AntdShell() {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <Outlet />
    </ConfigProvider>
  );
}
