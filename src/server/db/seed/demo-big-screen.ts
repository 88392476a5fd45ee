import { WENJIANG_DISTRICT } from './accounts';
import type { OrgSeed } from './organisations';
import type { Db } from './util';

/** The demo screen's registration code (fixed: the demo and the dashboard's e2e open /dj/bigScreen/DEMO-WJ-0001). */
export const DEMO_SCREEN_CODE = 'DEMO-WJ-0001';

/**
 * Demo 大屏信息 of 温江区: the screen's information, a current version showing every panel with the
 * resource library's first sample video, a draft version, two news and the fixed registration code,
 * so 大屏信息管理 is not empty and the dashboard has something to show on `npm start`.
 */
export async function seedBigScreen(trx: Db, opts: { orgs: OrgSeed[]; userIdByName: Map<string, number>; now: Date }) {
  const wj = opts.orgs.find((o) => o.organName === WENJIANG_DISTRICT);
  if (!wj) return;
  const creatorUserId = opts.userIdByName.get('districtadmin') ?? null;
  const base = { organId: wj.id, organPath: wj.organPath, creatorUserId };
  const at = (minutesAgo: number) => new Date(opts.now.getTime() - minutesAgo * 60_000);
  await trx.insertInto('bigScreenInfos').values({ ...base, screenName: '温江区智慧党建大屏', welcomeText: '不忘初心 牢记使命', creationTime: at(120), lastModificationTime: null }).execute();
  const sample = await trx.selectFrom('resources').select(['id', 'name', 'playUrl', 'coverUrl']).where('resourceType', '=', 1).where('isDeleted', '=', false).where('playUrl', 'is not', null).orderBy('id').executeTakeFirst();
  const video = sample
    ? await trx.insertInto('bigScreenVideos').values({ ...base, title: sample.name, resourceId: sample.id, videoUrl: sample.playUrl!, coverImage: sample.coverUrl, creationTime: at(110) }).returning('id').executeTakeFirstOrThrow()
    : null;
  const modules = ['members', 'organs', 'studyToday', 'topBranches', 'meetings', 'map', 'news', 'video'];
  await trx.insertInto('bigScreenVersions').values([
    { ...base, versionName: '2024 常规版', modules: JSON.stringify(modules), videoId: video?.id ?? null, remark: '全部模块', isCurrent: true, creationTime: at(100), lastModificationTime: null },
    { ...base, versionName: '会议专题版（草稿）', modules: JSON.stringify(['meetings', 'map', 'news']), videoId: null, remark: null, isCurrent: false, creationTime: at(90), lastModificationTime: null },
  ]).execute();
  await trx.insertInto('bigScreenNews').values([
    { ...base, newsType: 2, title: '温江区开展“三会一课”规范化建设', content: '<p>全区各基层党支部对照清单，逐项规范“三会一课”的组织和记录。</p>', coverImage: null, creationTime: at(80) },
    { ...base, newsType: 3, title: '关于做好本季度党员学习教育的通知', content: '<p>请各党支部组织党员按时完成本季度线上学习任务。</p>', coverImage: null, creationTime: at(70) },
  ]).execute();
  await trx.insertInto('bigScreenRegistCodes').values({ ...base, code: DEMO_SCREEN_CODE, remark: '区委大厅演示大屏', creationTime: at(60) }).execute();
}
