import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ScreenContent } from '../../../contract/big-screen';
import { pathChain } from '../../scope';

export type { ScreenContent } from '../../../contract/big-screen';

/** How many news a screen shows (latest first). */
export const SCREEN_NEWS_LIMIT = 5;

/**
 * The current version of an organisation's screen with its news and video — the nearest organisation
 * on its path that has set one, so a branch without its own version shows its district's. The news
 * are those of the version's organisation; the video is the one the version names (null once that
 * video is deleted).
 */
export async function currentContent(db: Kysely<DB>, organPath: string): Promise<ScreenContent> {
  const chain = pathChain(organPath);
  if (!chain.length) return { version: null, news: [], video: null };
  const v = await db
    .selectFrom('bigScreenVersions as v')
    .innerJoin('organizations as o', 'o.id', 'v.organId')
    .select(['v.id', 'v.versionName', 'v.modules', 'v.videoId', 'v.organId', 'o.organName'])
    .where('v.organPath', 'in', chain)
    .where('v.isCurrent', '=', true)
    .where('v.isDeleted', '=', false)
    .orderBy(sql`length(v.organ_path)`, 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!v) return { version: null, news: [], video: null };
  const news = await db
    .selectFrom('bigScreenNews')
    .select(['id', 'title', 'newsType', 'coverImage', 'creationTime'])
    .where('organId', '=', v.organId)
    .where('isDeleted', '=', false)
    .orderBy('creationTime', 'desc')
    .orderBy('id', 'desc')
    .limit(SCREEN_NEWS_LIMIT)
    .execute();
  const video = v.videoId
    ? ((await db
        .selectFrom('bigScreenVideos')
        .select(['id', 'title', 'videoUrl', 'coverImage'])
        .where('id', '=', v.videoId)
        .where('isDeleted', '=', false)
        .executeTakeFirst()) ?? null)
    : null;
  return {
    version: { id: v.id, versionName: v.versionName, modules: Array.isArray(v.modules) ? (v.modules as string[]) : [], organId: v.organId, organName: v.organName },
    news,
    video,
  };
}
