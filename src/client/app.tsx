import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { start } from './state/session';
import { AppRoutes } from './routing/app-routes';

/**
 * Root. antd (ConfigProvider with zh_CN, theme) lives in routing/antd-shell, a lazy chunk that wraps
 * every route except /login: the login page is plain HTML so that its first load stays small.
 */
export function App() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    start().finally(() => setReady(true));
  }, []);
  return ready ? (
    <BrowserRouter basename="/dj">
      <AppRoutes />
    </BrowserRouter>
  ) : (
    <div className="dj-boot" role="status">
      <span className="dj-spinner" />
      <span>加载中…</span>
    </div>
  );
}
