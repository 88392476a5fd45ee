/**
 * The routes a member feature folder exports from its index.ts (like a react-admin resource):
 * path → title and a lazy page. routing/member-pages.ts spreads them into the route table.
 * No React and no antd here: a feature's index.ts imports this module directly, and the route table
 * must stay small.
 */
import type { ComponentType } from 'react';

/** One step of the breadcrumb: where it leads (a path, with the query that page needs) and its name. */
export interface Crumb {
  path: string;
  title: string;
}

/**
 * A route's page; `crumbs`: its own breadcrumb from the query, for a page reached from more than one
 * place (its path's prefixes would name pages that need a query it does not carry).
 */
export type MemberRoutes = Record<string, { title: string; load: () => Promise<{ default?: ComponentType<any> }>; crumbs?: (search: URLSearchParams) => Crumb[] }>;

/** One page of a member workflow: its route and its title (the route table's and the page's heading). */
export interface WorkflowPage {
  path: string;
  title: string;
}

/** A detail page and the back bar's text towards the list that opened it (default 返回列表). */
export interface WorkflowDetailPage extends WorkflowPage {
  backText?: string;
}

/**
 * The pages workflowFeature builds: apply, my list and the detail opened from it; optionally the
 * history (the records that went through) and the detail opened from there.
 */
export interface WorkflowPages {
  apply: WorkflowPage;
  myList: WorkflowPage;
  detail: WorkflowDetailPage;
  history?: WorkflowPage;
  historyDetail?: WorkflowDetailPage;
}

export type WorkflowPageName = keyof WorkflowPages;
export type WorkflowFeaturePages = Record<WorkflowPageName, ComponentType>;

const NAMES: WorkflowPageName[] = ['apply', 'myList', 'detail', 'history', 'historyDetail'];

/** The routes of a workflow's pages, all loaded from the one module whose default is the feature. */
export function workflowRoutes(pages: WorkflowPages, load: () => Promise<{ default: WorkflowFeaturePages }>): MemberRoutes {
  const routes: MemberRoutes = {};
  for (const name of NAMES) {
    const page = pages[name];
    if (page) routes[page.path] = { title: page.title, load: () => load().then((m) => ({ default: m.default[name] })) };
  }
  return routes;
}
