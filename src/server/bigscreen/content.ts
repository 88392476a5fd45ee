import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** What a screen shows of its organisation's current version (大屏信息管理, issue 17). */
export interface ScreenContent {
  version: { id: number; versionName: string; modules: unknown[] } | null;
  news: { id: number; title: string; newsType: number | null; coverImage: string | null; creationTime: Date | string }[];
  video: { id: number; title: string; videoUrl: string; coverImage: string | null } | null;
}

/**
 * The current version of an organisation's screen with its news and video — the nearest organisation
 * on its path that has set one. ISSUE 17 SKELETON: the big-screen information helper replaces this
 * body with the real query over its tables (and tests it); until then nothing is configured.
 */
export async function currentContent(_db: Kysely<DB>, _organPath: string): Promise<ScreenContent> {
  return { version: null, news: [], video: null };
}
