/**
 * What a resolved admin route renders: the screen of its tag from the configuration through the
 * registry of screen kinds (engine/kinds), else a bespoke page (engine/bespoke.ts).
 */
import { Suspense, useEffect, useState } from 'react';
import { App, Button, Result, Spin } from 'antd';
import { useLocation } from 'react-router-dom';
import type { ScreenProps } from './index';
import { loadUiConfig, loadedUiConfig } from './config';
import { screenFor } from './resolve';
import { getKind, isKindRegistered } from './kinds';
import { GROUP_TAGS, pendingFor } from './bespoke';
import { ConstructionScreen } from './construction-screen';
import { MenuGroupPage } from './menu-group';
import type { UiConfig } from './types';
import './engine.css';

/** The menu's path: the route's path without the permission child segment. */
export function menuPath(pathname: string, sub?: string) {
  if (!sub) return pathname.replace(/\/+$/, '') || '/';
  const suffix = `/${sub}`.toLowerCase();
  return pathname.toLowerCase().endsWith(suffix) ? pathname.slice(0, pathname.length - suffix.length) : pathname;
}

export default function ScreenHost({ tag, sub, title }: ScreenProps) {
  const [config, setConfig] = useState<UiConfig | null>(loadedUiConfig());
  const [failed, setFailed] = useState(false);
  const location = useLocation();
  useEffect(() => {
    if (config) return;
    let live = true;
    loadUiConfig().then(
      (c) => live && setConfig(c),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [config]);

  if (!config) {
    return failed ? (
      <Result status="warning" title="界面配置加载失败" extra={<Button onClick={() => window.location.reload()}>刷新重试</Button>} />
    ) : (
      <div className="dj-loading" role="status">
        <Spin />
      </div>
    );
  }
  const basePath = menuPath(location.pathname, sub);
  const key = `${tag}|${sub ?? ''}|${location.pathname}`;
  const hit = screenFor(config.screens, tag, sub);
  let body: React.ReactNode;
  if (hit && isKindRegistered(hit.as)) {
    const Kind = getKind(hit.as);
    body = (
      <Suspense
        fallback={
          <div className="dj-loading" role="status">
            <Spin />
          </div>
        }
      >
        <Kind key={key} screen={hit.screen} config={config} basePath={basePath} />
      </Suspense>
    );
  } else if (tag && !sub && GROUP_TAGS.includes(tag)) body = <MenuGroupPage key={key} tag={tag} title={title} />;
  else body = <ConstructionScreen key={key} tag={tag} sub={sub} title={title} waitsFor={pendingFor(tag, sub)} />;
  return <App component={false}>{body}</App>;
}
