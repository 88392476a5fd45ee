/**
 * What a resolved admin route renders: the screen of its tag from the configuration through the
 * registry of screen kinds (engine/kinds), else a bespoke page (engine/bespoke.ts), else 建设中 naming
 * the tag that has no screen.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { App, Spin } from 'antd';
import { useLocation } from 'react-router-dom';
import type { ScreenProps } from './index';
import { loadUiConfig, loadedUiConfig } from './config';
import { screenFor } from './resolve';
import { getKind, isKindRegistered } from './kinds';
import { isBespoke } from './bespoke';
// what most pages never show loads when shown (Result and Typography are ≈ 18 KB gzip)
const ConstructionScreen = lazy(() => import('./construction-screen').then((m) => ({ default: m.ConstructionScreen })));
const MenuGroupPage = lazy(() => import('./menu-group').then((m) => ({ default: m.MenuGroupPage })));
const ConfigFailed = lazy(() => import('./config-failed'));
import type { UiConfig } from './types';
import './engine.css';

/** The menu's path: the route's path without the permission child segment. */
export function menuPath(pathname: string, sub?: string) {
  if (!sub) return pathname.replace(/\/+$/, '') || '/';
  const suffix = `/${sub}`.toLowerCase();
  return pathname.toLowerCase().endsWith(suffix) ? pathname.slice(0, pathname.length - suffix.length) : pathname;
}

const Loading = () => (
  <div className="dj-loading" role="status">
    <Spin />
  </div>
);

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
      <Suspense fallback={null}>
        <ConfigFailed />
      </Suspense>
    ) : (
      <Loading />
    );
  }
  const basePath = menuPath(location.pathname, sub);
  const key = `${tag}|${sub ?? ''}|${location.pathname}`;
  const hit = screenFor(config.screens, tag, sub);
  let body: React.ReactNode;
  if (hit && isKindRegistered(hit.as)) {
    const Kind = getKind(hit.as);
    body = <Kind key={key} screen={hit.screen} config={config} basePath={basePath} />;
  } else if (tag && isBespoke(tag, sub)) body = <MenuGroupPage key={key} tag={tag} title={title} />;
  else body = <ConstructionScreen key={key} tag={tag} sub={sub} title={title} />;
  return (
    <App component={false}>
      <Suspense fallback={<Loading />}>{body}</Suspense>
    </App>
  );
}
