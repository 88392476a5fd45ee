import type { OrgSeed } from './organisations';
import type { Db } from './util';

/**
 * The demo special topic (专题学习): a province topic, enabled and recommended, with two
 * courses over the sample resources seedStudy published, so a member meets it on the first start.
 * Its exam is attached with the demo papers (ExamPaperService's seed).
 */
export const DEMO_SPECIAL_NAME = '学习贯彻党的二十大精神';

const COURSES: { courseName: string; introduction: string; resources: string[] }[] = [
  { courseName: '专题党课：读懂二十大报告', introduction: '观看专题党课，研读理论学习导读，把握大会的主题和主要精神。', resources: ['专题党课：学习贯彻党的二十大精神', '理论学习导读：坚定理想信念'] },
  { courseName: '牢记初心使命，走好新时代赶考路', introduction: '微党课与理论音频：新时代党员的初心使命与为人民服务的根本宗旨。', resources: ['微党课：新时代党员的初心使命', '理论音频：为人民服务'] },
];

export async function seedSpecialTopic(db: Db, province: OrgSeed, creatorUserId: number | null): Promise<number | null> {
  const names = COURSES.flatMap((c) => c.resources);
  const found = await db.selectFrom('resources').select(['id', 'name']).where('name', 'in', names).where('organPath', '=', province.organPath).execute();
  const idOf = new Map(found.map((r) => [r.name, r.id]));
  const topic = await db
    .insertInto('trainClasses')
    .values({
      classType: 2,
      name: DEMO_SPECIAL_NAME,
      introduction:
        '<p>党的二十大是在全党全国各族人民迈上全面建设社会主义现代化国家新征程、向第二个百年奋斗目标进军的关键时刻召开的一次十分重要的大会。</p>' +
        '<p>本专题围绕大会主题和主要精神，通过专题党课、理论导读和音频微课，帮助党员深入学习领会、切实贯彻落实。学习资源计入学时。</p>',
      organId: province.id,
      organPath: province.organPath,
      sort: 1,
      isEnabled: true,
      isRecommend: true,
      creatorUserId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, c] of COURSES.entries()) {
    const ids = c.resources.map((n) => idOf.get(n)).filter((x): x is number => !!x);
    const course = await db.insertInto('trainClassCourses').values({ trainClassId: topic.id, courseName: c.courseName, introduction: c.introduction, sort: i + 1 }).returning('id').executeTakeFirstOrThrow();
    if (ids.length) await db.insertInto('trainClassCourseResources').values(ids.map((resourceId, sort) => ({ courseId: course.id, resourceId, sort }))).execute();
  }
  return topic.id;
}
