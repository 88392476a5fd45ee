/**
 * The registry of screen kinds: every `kind` a screen file may name, loaded on first use — as the
 * widget registry does for widgets. The host renders a resolved screen through it; the meta-schema's
 * enum of kinds and this registry must agree (a unit test fails otherwise), so a screen can never
 * name a kind the engine does not know.
 *
 * A kind module exports `default`: the screen component taking KindProps.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '../../routing/lazy';
import type { ScreenDef, UiConfig } from '../types';

export interface KindProps {
  screen: ScreenDef;
  config: UiConfig;
  /** the menu's path (permission child routes hang below it) */
  basePath: string;
}

type Loader = () => Promise<{ default: ComponentType<KindProps> }>;

const KINDS: Record<string, Loader> = {
  list: () => import('./list'),
  // an audit screen is a list whose rows open the detail with the decision
  audit: () => import('./list'),
  detail: () => import('./detail'),
  form: () => import('./form'),
  statistics: () => import('../statistics'),
  // a month of records on antd's Calendar (直播日历)
  calendar: () => import('../calendar'),
  // 建设中: a page whose service comes later (what it waits for is in the screen)
  construction: () => import('./construction'),
  // 工作台: pending counts linking to their lists, figures, charts, today's lists, quick links
  dashboard: () => import('../dashboard'),
  // 界面配置's editor: a screen or entity file beside its live preview (CodeMirror loads with it only)
  configEditor: () => import('../../screen-config/editor-page'),
};

export const isKindRegistered = (kind: string) => Object.prototype.hasOwnProperty.call(KINDS, kind);
export const kindNames = () => Object.keys(KINDS);
export const loadKind = (kind: string) => {
  const loader = KINDS[kind];
  if (!loader) return Promise.reject(new Error(`未注册的界面类型：${kind}`));
  return loader();
};

const cache = new Map<string, LazyExoticComponent<ComponentType<KindProps>>>();

/** The lazy component of a registered kind (stable per name). */
export function getKind(kind: string): LazyExoticComponent<ComponentType<KindProps>> {
  const hit = cache.get(kind);
  if (hit) return hit;
  if (!isKindRegistered(kind)) throw new Error(`未注册的界面类型：${kind}`);
  const c = lazyPage<KindProps>(() => loadKind(kind));
  cache.set(kind, c);
  return c;
}
