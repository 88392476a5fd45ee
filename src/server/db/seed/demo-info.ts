import { calendarDay } from '../../../contract/platform-time';
import { WENJIANG_BRANCH } from './accounts';
import type { OrgSeed } from './organisations';
import { json, type Db } from './util';

/**
 * Demo of the members' forum and of 民主评议: replies under the posts of the 凤凰社区 branch
 * (content.ts seeds the posts) and a post of another member with replies, and last year's appraisal
 * of the branch with a rating for each of its members but `member` (the API tests start him with none).
 * Deterministic: members in id order, fixed ratings.
 */
const REPLIES = ['说得很好，值得学习。', '结合岗位实际，我也谈一点体会：要把学习成果转化为服务群众的实际行动。', '赞同，支部可以组织一次专题交流。'];
const RATINGS = ['excellent', 'qualified', 'qualified', 'basicQualified', 'qualified', 'excellent'];

export async function seedInfo(db: Db, { orgs, userIdByName, now, timeZone }: { orgs: OrgSeed[]; userIdByName: Map<string, number>; now: Date; timeZone: string }) {
  const branch = orgs.find((o) => o.organName === WENJIANG_BRANCH);
  if (!branch) return;
  const memberUserId = userIdByName.get('member') ?? null;
  const adminUserId = userIdByName.get('branchadmin') ?? null;
  const people = await db
    .selectFrom('partyMembers')
    .select(['id', 'userId', 'name'])
    .where('organId', '=', branch.id)
    .where('isDeleted', '=', false)
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
  const others = people.filter((p) => p.userId && p.userId !== memberUserId && p.userId !== adminUserId);
  const at = { organId: branch.id, organPath: branch.organPath, organLevel: branch.organLevel, auditStatus: null };

  // a post of another member of the branch, and replies under every post of the branch
  if (others[0]) {
    await db
      .insertInto('records')
      .values({ ...at, entity: 'forumPost', ownerUserId: others[0].userId, creatorUserId: others[0].userId, data: json({ title: '社区志愿服务的一点收获', content: '<p>参加了本月的社区志愿服务，为独居老人上门服务，体会到党员身份的责任。</p>' }) })
      .execute();
  }
  const posts = await db.selectFrom('records').select('id').where('entity', '=', 'forumPost').where('organId', '=', branch.id).orderBy('id').execute();
  const repliers = others.length ? others : people.filter((p) => p.userId);
  for (const [i, post] of posts.entries()) {
    const n = (i % 2) + 1;
    for (let k = 0; k < n && repliers.length; k++) {
      const who = repliers[(i + k) % repliers.length];
      await db.insertInto('records').values({ ...at, entity: 'forumReply', parentId: post.id, ownerUserId: who.userId, creatorUserId: who.userId, data: json({ content: REPLIES[(i + k) % REPLIES.length] }) }).execute();
    }
    await db.updateTable('records').set({ replyCount: n }).where('id', '=', post.id).execute();
  }

  // last year's appraisal of the branch, rated by the branch administrator
  const year = Number(calendarDay(now, timeZone).slice(0, 4)) - 1;
  const appraisal = await db
    .insertInto('records')
    .values({
      ...at, entity: 'democraticAppraisal', ownerUserId: adminUserId, creatorUserId: adminUserId,
      data: json({ year, title: `凤凰社区党支部${year}年度民主评议党员`, appraisalDate: `${year}-12-20`, description: '按照区委组织部统一部署，采取个人自评、党员互评、民主测评和组织评定相结合的方式进行。' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, p] of people.filter((x) => x.userId !== memberUserId).entries()) {
    await db
      .insertInto('records')
      .values({
        ...at, entity: 'appraisalRating', parentId: appraisal.id, ownerUserId: adminUserId, creatorUserId: adminUserId,
        data: json({ memberId: p.id, rating: RATINGS[i % RATINGS.length], remark: null, memberName: p.name, userId: p.userId, memberOrganName: branch.organName, year }),
      })
      .execute();
  }
}
