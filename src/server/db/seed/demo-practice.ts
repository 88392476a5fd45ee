import { calendarDay, instantOf } from '../../../contract/platform-time';
import { WENJIANG_BRANCH, WENJIANG_DISTRICT } from './accounts';
import { addDays, bulkMembersUnder, type DemoSeedInput } from './demo-volunteer';
import { insertChunked, type Db } from './util';

/**
 * Demo 示范岗, 责任区, 民意 and 疫情防控 of 温江区 (schemas/party-member-demostration.json,
 * party-member-response.json, public-opinion.json, epidemic-report.json, epidemic-notice.json), so
 * that the member's 我的实践 lists and the administrators' screens are not empty on `npm start`.
 * Owners and likers are bulk members of the district, never the named accounts: the API and e2e
 * tests start `member` with no 示范岗, 责任区 or opinion of his own. One opinion of 凤凰社区 waits
 * for branchadmin, one was answered by him. Deterministic: fixed picks in seed order, times
 * relative to the seed's platform day.
 */
const POSTS = [
  { title: '党员先锋岗', postName: '社区便民服务窗口', workUnit: '柳城街道便民服务中心', postDescription: '为辖区群众办理社保、民政等事项。', pledge: '亮身份、作表率：群众事务当日受理、限时办结，不让群众跑冗路。', likes: 9 },
  { title: '党员示范岗', postName: '社区卫生服务站护士', workUnit: '温江区人民医院社区卫生服务站', postDescription: '负责辖区老人健康档案与上门随访。', pledge: '每月上门随访辖区独居老人，做群众身边的健康守护人。', likes: 6 },
  { title: '党员服务岗', postName: '公交线路驾驶员', workUnit: '温江公交公司', pledge: '安全行车、文明服务，主动帮扶老弱病残乘客上下车。', likes: 4 },
  { title: '青年党员突击岗', postName: '农业技术员', workUnit: '温江区农业服务中心', postDescription: '指导花木种植户科学管护。', pledge: '扎根田间地头，每季度为种植户开展一次技术培训。', likes: 2 },
];

/** `{place}`: the owner's community or village (his branch's short name without 党支部) */
const ZONES = [
  { zoneName: '{place}3号网格党员责任区', area: '{place}3号网格6栋至9栋，共212户', duty: '走访联系群众、收集社情民意、协助开展环境整治。', pledge: '每周走访网格内群众，及时收集并反映群众诉求。', likes: 7 },
  { zoneName: '{place}沿街商铺党员责任区', area: '{place}主街沿线商铺及两个居民小区', duty: '文明城市创建、门前三包督导。', pledge: '带头维护沿街环境秩序，做文明劝导的示范者。', likes: 3 },
  { zoneName: '{place}老旧小区党员责任区', area: '{place}老旧小区4个楼栋，联系独居老人36户', pledge: '定期探望独居老人，帮助解决生活中的急难愁盼问题。', likes: 1 },
];

const REPORTS = [
  { daysAgo: 3, onDutyCount: 18, joinCount: 12, volunteerTimes: 30, description: '组织党员在小区出入口值守，协助开展核酸检测秩序维护和物资配送。' },
  { daysAgo: 2, onDutyCount: 15, joinCount: 9, volunteerTimes: 21, description: '党员志愿者入户排查返乡人员，为居家隔离群众代购生活物资。' },
  { daysAgo: 1, onDutyCount: 22, joinCount: 16, volunteerTimes: 40, description: '党员突击队参与重点场所消杀，宣传疫苗接种政策，动员老人接种。' },
];

export async function seedPractice(db: Db, input: DemoSeedInput & { userIdByName: Map<string, number> }): Promise<void> {
  const { orgs, now, userIdByName } = input;
  const district = orgs.find((o) => o.organName === WENJIANG_DISTRICT);
  const branch = orgs.find((o) => o.organName === WENJIANG_BRANCH);
  if (!district || !branch) throw new Error(`演示数据缺少党组织 ${WENJIANG_DISTRICT} 或 ${WENJIANG_BRANCH}`);
  const people = bulkMembersUnder(input, district.organPath);
  const today = calendarDay(now, input.timeZone);
  const at = (daysAgo: number, hm: string, plusMinutes = 0) => new Date(instantOf(`${addDays(today, -daysAgo)} ${hm}`, input.timeZone)!.getTime() + plusMinutes * 60_000);
  const likes: Record<string, unknown>[] = [];
  const record = async (entity: string, owner: (typeof people)[number], data: Record<string, unknown>, created: Date, extra: Record<string, unknown> = {}) => {
    const organ = owner.m.org;
    const row = await db
      .insertInto('records')
      .values({
        entity, organId: organ.id, organPath: organ.organPath, organLevel: organ.organLevel, ownerUserId: owner.userId, auditStatus: null,
        data: JSON.stringify(data), creatorUserId: owner.userId, creationTime: created, ...extra,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const likedBy = (recordId: number, ownerId: number, n: number, k: number, daysAgo: number) =>
    people
      .filter((p) => p.userId !== ownerId)
      .filter((_, i) => (i + k) % 2 === 0)
      .slice(0, n)
      .forEach((p, i) => likes.push({ recordId, userId: p.userId, creationTime: at(daysAgo, '18:00', i * 13) }));

  // 示范岗 then 责任区: one each per owner, every owner a different member
  let next = 0;
  for (const [k, { likes: n, ...data }] of POSTS.entries()) {
    const owner = people[next++ * 3];
    if (!owner) break;
    const id = await record('partyMemberDemostration', owner, data, at(40 - k * 7, '09:30'), { likeCount: 0 });
    likedBy(id, owner.userId, n, k, 30 - k * 7);
  }
  for (const [k, { likes: n, ...data }] of ZONES.entries()) {
    const owner = people[next++ * 3 + 1];
    if (!owner) break;
    const place = owner.m.org.shortName.replace(/党支部$/, '');
    const named = Object.fromEntries(Object.entries(data).map(([f, v]) => [f, v.replaceAll('{place}', place)]));
    const id = await record('partyMemberResponse', owner, named, at(35 - k * 6, '10:10'));
    likedBy(id, owner.userId, n, k + 1, 25 - k * 6);
  }
  await insertChunked(db, 'recordLikes', likes);
  // the counts the like operation keeps
  for (const id of new Set(likes.map((l) => l.recordId as number))) {
    await db.updateTable('records').set({ likeCount: likes.filter((l) => l.recordId === id).length }).where('id', '=', id).execute();
  }

  // 民意 of 凤凰社区: one answered by branchadmin, one waiting for him
  const branchPeople = people.filter((p) => p.m.org.id === branch.id);
  const answerer = userIdByName.get('branchadmin') ?? null;
  const history: Record<string, unknown>[] = [];
  const opinionOwner = branchPeople[0] ?? people[0];
  if (opinionOwner) {
    const answered = await record(
      'publicOpinion', opinionOwner,
      { title: '建议在凤凰社区增设夜间照明', category: 'livelihood', content: '社区北门至菜市场一段夜间没有路灯，老人晚上出行不便，建议增设照明。', anonymous: false, replyContent: '已与街道城管科对接，北门至菜市场路段的6盏路灯已于本周安装完毕。感谢您的建议！' },
      at(12, '20:15'), { auditStatus: 1, auditTime: at(10, '09:40'), lastModificationTime: at(10, '09:40') },
    );
    history.push(
      { subjectType: 'publicOpinion', subjectId: answered, transition: 'submit', fromState: null, toState: 0, actorUserId: opinionOwner.userId, actorOrganId: branch.id, remark: null, creationTime: at(12, '20:15') },
      { subjectType: 'publicOpinion', subjectId: answered, transition: 'answer', fromState: 0, toState: 1, actorUserId: answerer, actorOrganId: branch.id, remark: null, creationTime: at(10, '09:40') },
    );
    const waiting = await record(
      'publicOpinion', branchPeople[1] ?? opinionOwner,
      { title: '希望支部多组织党员志愿服务活动', category: 'partyBuilding', content: '退休党员有时间也有意愿参加志愿服务，希望支部每月固定组织一次，方便大家参加。', anonymous: true },
      at(2, '16:30'), { auditStatus: 0 },
    );
    history.push({ subjectType: 'publicOpinion', subjectId: waiting, transition: 'submit', fromState: null, toState: 0, actorUserId: (branchPeople[1] ?? opinionOwner).userId, actorOrganId: branch.id, remark: null, creationTime: at(2, '16:30') });
  }
  await insertChunked(db, 'workflowHistory', history);

  // 疫情防控: reports of three branches of the district (filed by their first member, the secretary), and the district's notice
  // one branch in each of the first three streets or towns, so the statistics have rows to compare
  const seen = new Set<string>();
  const streetOf = (path: string) => path.split('/').slice(0, 5).join('/');
  const reporters = people.filter(({ m }) => m.org.organLevel === 5 && !seen.has(streetOf(m.org.organPath)) && seen.add(streetOf(m.org.organPath))).slice(0, 3);
  for (const [k, reporter] of reporters.entries()) {
    for (const r of REPORTS) {
      const { daysAgo, ...data } = r;
      const scaled = { ...data, onDutyCount: data.onDutyCount - k * 3, joinCount: data.joinCount - k * 2, volunteerTimes: data.volunteerTimes - k * 5 };
      await record('epidemicReport', reporter, { reportDate: addDays(today, -daysAgo), ...scaled }, at(daysAgo, '17:30', k * 11));
    }
  }
  const districtAdmin = userIdByName.get('districtadmin') ?? null;
  await db
    .insertInto('records')
    .values({
      entity: 'epidemicNotice', organId: district.id, organPath: district.organPath, organLevel: district.organLevel, ownerUserId: districtAdmin, auditStatus: null,
      data: JSON.stringify({ title: '关于组织党员志愿者参与疫情防控工作的通知', level: 'urgent', content: '<p>各基层党组织：</p><p>请组织党员志愿者参与卡口值守、入户排查和物资配送，每日17时前在“疫情防控”中报告本组织党员参与情况。</p>' }),
      creatorUserId: districtAdmin, creationTime: at(4, '09:00'),
    })
    .execute();
}
