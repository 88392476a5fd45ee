/**
 * The routes a member feature folder exports from its index.ts (like a react-admin resource):
 * path → title and a lazy page. routing/member-pages.ts spreads them into the route table.
 */
import type { ComponentType } from 'react';

export type MemberRoutes = Record<string, { title: string; load: () => Promise<{ default?: ComponentType<any> }> }>;
