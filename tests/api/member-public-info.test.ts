/**
 * members' public information, forum and 民主评议 (docs/member-public-info.md): the study
 * report (学习心得) on an article — one per member and article, under a lock, editable, his alone —,
 * SetRead turning a list item read, the forum's sanitising and own deletes, and the democratic
 * appraisal: one per organisation and year, one rating per member, members of the branch only,
 * statistics equal to the SQL counts, 401 / 403 / 400 never 500.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { WENJIANG_BRANCH } from '../../src/server/db/seed/accounts';

let app: TestApp;
let province: string;
let district: string; // 温江区
let district2: string; // 郫都区
let branch: string; // 凤凰 branch administrator
let member: string; // 李明, 凤凰 branch
let classmate: string; // branchadmin as a member of the 凤凰 branch
let outsider: string; // district2admin as a member of 郫都区

const I = (a: string) => svc('PartyPublicInfoService', a);
const D = (a: string) => svc('DemocraticAppraisalService', a);
const F = (a: string) => svc('ForumService', a);
const call = (token: string | null, method: string, path: string, input: Record<string, unknown> = {}) =>
  method === 'GET' || method === 'DELETE' ? app.call(method, path, { token, query: input }) : app.call(method, path, { token, body: input });

beforeAll(async () => {
  app = await startTestApp();
  province = (await signInAsAdmin(app, 'admin')).token;
  district = (await signInAsAdmin(app, 'districtadmin')).token;
  district2 = (await signInAsAdmin(app, 'district2admin')).token;
  branch = (await signInAsAdmin(app, 'branchadmin')).token;
  member = await app.login('member');
  classmate = await app.login('branchadmin');
  outsider = await app.login('district2admin');
});
afterAll(() => app?.close());

describe('上级精神 and 学习心得', () => {
  let spirit: number;
  beforeAll(async () => {
    spirit = ok(await call(province, 'POST', I('SpiritCreate'), { title: '心得测试文章', content: '<p>全文</p>' })).id;
  });

  it('SetRead turns the list item read; the list shows title, organisation and date', async () => {
    const row = async () => ok(await call(member, 'POST', I('PartyMemberSuperiorSpirtPagedList'), { maxResultCount: 100 })).items.find((i: any) => i.id === spirit);
    expect(await row()).toMatchObject({ title: '心得测试文章', organName: '中共四川省委员会', isRead: false });
    expect(ok(await call(member, 'POST', I('SetRead'), { id: spirit }))).toBe(true);
    expect((await row()).isRead).toBe(true);
    // another member has not read it
    const other = ok(await call(classmate, 'POST', I('PartyMemberSuperiorSpirtPagedList'), { maxResultCount: 100 })).items.find((i: any) => i.id === spirit);
    expect(other.isRead).toBe(false);
  });

  it('one report per member and article, even when sent twice at once; editable; his alone', async () => {
    const sent = await Promise.all(
      ['甲', '乙', '丙'].map((x) => call(member, 'POST', I('CreateReport'), { parentId: spirit, title: `体会${x}`, content: `<p>内容${x}</p><script>alert(1)</script>` })),
    );
    const done = sent.filter((r) => r.status === 200);
    expect(done).toHaveLength(1);
    for (const r of sent.filter((x) => x.status !== 200)) expect(r).toMatchObject({ status: 400, body: { error: { message: '您已写过本文的学习心得，请修改原心得' } } });
    const report = done[0].body.result;
    expect(report.content).not.toContain('script');
    const n = await app.db.selectFrom('records').select(sql<number>`count(*)`.as('n')).where('entity', '=', 'publicInfoReport').where('parentId', '=', spirit).where('isDeleted', '=', false).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);

    // edit
    ok(await call(member, 'PUT', I('UpdateReport'), { id: report.id, title: '修改后的体会', content: '<p>新的内容</p>' }));
    const mine = ok(await call(member, 'GET', I('MyReportPageList'), { parentId: spirit }));
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ id: report.id, title: '修改后的体会', parentTitle: '心得测试文章' });

    // another member neither reads, lists, changes nor deletes it — but may write his own
    expect((await call(classmate, 'GET', I('GetReport'), { id: report.id })).status).toBe(404);
    expect(ok(await call(classmate, 'GET', I('MyReportPageList'), { parentId: spirit })).items).toHaveLength(0);
    expect((await call(classmate, 'PUT', I('UpdateReport'), { id: report.id, title: 'x', content: '<p>x</p>' })).status).toBe(404);
    expect((await call(classmate, 'DELETE', I('DeleteReport'), { id: report.id })).status).toBe(404);
    ok(await call(classmate, 'POST', I('CreateReport'), { parentId: spirit, title: '我的体会', content: '<p>好</p>' }));
    // a member of another district cannot reach the district's dynamics to write on them
    const dyn = ok(await call(district, 'POST', I('DynamicCreate'), { title: '温江动态', content: '<p>x</p>' })).id;
    expect((await call(outsider, 'POST', I('CreateReport'), { parentId: dyn, title: 't', content: '<p>c</p>' })).status).toBe(404);
  });

  it('401 without a token; 400 in Chinese on bad input', async () => {
    expect((await call(null, 'POST', I('CreateReport'), { parentId: spirit, title: 't', content: 'c' })).status).toBe(401);
    expect((await call(null, 'POST', I('SetRead'), { id: spirit })).status).toBe(401);
    const empty = await call(member, 'POST', I('CreateReport'), { parentId: spirit, title: '', content: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/请输入/);
    expect((await call(member, 'POST', I('CreateReport'), { parentId: 'abc', title: 't', content: 'c' })).status).toBe(400);
    expect((await call(member, 'GET', I('MyReportPageList'), { parentId: 'x' })).status).toBe(400);
    expect((await call(member, 'POST', I('SetRead'), { id: -1 })).status).toBe(400);
    // a sender may not name other fields of the report
    expect((await call(member, 'POST', I('CreateReport'), { parentId: spirit, title: 't2', content: 'c', ownerUserId: 1 })).status).not.toBe(500);
  });
});

describe('党务公开 and the forum (member side)', () => {
  it('the branch\'s party-affairs disclosure reaches its members only', async () => {
    const own = ok(await call(member, 'POST', I('PartyMemberPublicPagedList'), { category: 'affairs' }));
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((i: any) => i.category === 'affairs' && i.infoType === 'public')).toBe(true);
    const other = ok(await call(outsider, 'POST', I('PartyMemberPublicPagedList'), {}));
    expect(other.items.map((i: any) => i.id)).not.toContain(own.items[0].id);
  });

  it('a post is sanitised on the server; a member deletes his own post and reply, not another\'s', async () => {
    const post = ok(await call(member, 'POST', F('Create'), { title: '论坛测试帖', content: '<p onclick="x()">正文</p><script>alert(1)</script><img src="javascript:alert(1)">' }));
    expect(post.content).toBe('<p>正文</p><img />');
    const reply = ok(await call(classmate, 'POST', F('Reply'), { id: post.id, content: '回复<script>x</script>' }));
    expect(reply.content).toBe('回复');
    const list = ok(await call(member, 'GET', F('PageList'), { MaxResultCount: 50 }));
    expect(list.items.find((i: any) => i.id === post.id)).toMatchObject({ ownerName: '李明', replyCount: 1, organName: WENJIANG_BRANCH });
    expect((await call(member, 'DELETE', F('DeleteMyReply'), { id: reply.id })).status).toBe(404);
    expect((await call(classmate, 'DELETE', F('DeleteMyForum'), { id: post.id })).status).toBe(404);
    ok(await call(classmate, 'DELETE', F('DeleteMyReply'), { id: reply.id }));
    expect(ok(await call(member, 'GET', F('Get'), { id: post.id })).replyCount).toBe(0);
    // a like counts once per member
    ok(await call(classmate, 'POST', F('Like'), { id: post.id }));
    expect(ok(await call(classmate, 'POST', F('Like'), { id: post.id }))).toEqual({ likeCount: 1, isLiked: true });
    expect(ok(await call(classmate, 'POST', F('UnLike'), { id: post.id }))).toEqual({ likeCount: 0, isLiked: false });
    ok(await call(member, 'DELETE', F('DeleteMyForum'), { id: post.id }));
    expect((await call(member, 'GET', F('Get'), { id: post.id })).status).toBe(404);
    expect((await call(member, 'POST', F('Create'), { title: '', content: '' })).status).toBe(400);
  });
});

describe('民主评议', () => {
  let appraisal: number;
  let branchOrgan: { id: number; organPath: string };
  let memberIds: number[];

  beforeAll(async () => {
    branchOrgan = await app.db.selectFrom('organizations').select(['id', 'organPath']).where('organName', '=', WENJIANG_BRANCH).executeTakeFirstOrThrow();
    memberIds = (await app.db.selectFrom('partyMembers').select('id').where('organId', '=', branchOrgan.id).where('status', '=', 1).where('isDeleted', '=', false).orderBy('id').execute()).map((m) => m.id);
  });

  it('needs Pages.DemocraticAppraisal; a member gets 403, nobody 401', async () => {
    expect((await call(null, 'GET', D('PageList'))).status).toBe(401);
    expect((await call(member, 'GET', D('PageList'))).status).toBe(403);
    expect((await call(member, 'GET', D('RatingStatistics'))).status).toBe(403);
    const list = ok(await call(branch, 'GET', D('PageList'), { maxResultCount: 50 }));
    // the demo: last year's appraisal of the branch
    expect(list.items.some((i: any) => i.organId === branchOrgan.id)).toBe(true);
  });

  it('one appraisal per organisation and year; bad input is a Chinese 400', async () => {
    appraisal = ok(await call(branch, 'POST', D('Create'), { year: 2090, title: '2090年度民主评议', appraisalDate: '2090-12-01' })).id;
    const again = await call(branch, 'POST', D('Create'), { year: 2090, title: '再来一次' });
    expect(again).toMatchObject({ status: 400, body: { error: { message: '该党组织本年度已开展民主评议' } } });
    // the district may hold one for the branch, but not a second one for the year either
    expect((await call(district, 'POST', D('Create'), { organId: branchOrgan.id, year: 2090, title: '区里代登记' })).status).toBe(400);
    // an update onto a year already taken is refused too
    const other = ok(await call(branch, 'POST', D('Create'), { year: 2091, title: '2091年度' })).id;
    expect((await call(branch, 'PUT', D('Update'), { id: other, year: 2090, title: '2091年度' })).status).toBe(400);
    ok(await call(branch, 'PUT', D('Update'), { id: other, year: 2091, title: '2091年度（改）' }));
    // the edit form sends the record back with its own organisation: no change; another one is refused
    ok(await call(branch, 'PUT', D('Update'), { id: other, organId: branchOrgan.id, year: 2091, title: '2091年度（再改）' }));
    const moved = await call(district, 'PUT', D('Update'), { id: other, organId: branchOrgan.id + 1, year: 2091, title: 'x' });
    expect(moved.status).toBe(400);
    const bad = await call(branch, 'POST', D('Create'), { year: 'abc', title: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await call(branch, 'GET', D('Get'), { id: 'x' })).status).toBe(400);
    // another district's administrator does not reach it
    expect((await call(district2, 'GET', D('Get'), { id: appraisal })).status).toBe(404);
    expect((await call(district2, 'POST', D('CreateRating'), { parentId: appraisal, memberId: memberIds[0], rating: 'qualified' })).status).toBe(404);
  });

  it('one rating per member; only members of the branch; names kept on the rating', async () => {
    const first = ok(await call(branch, 'POST', D('CreateRating'), { parentId: appraisal, memberId: memberIds[0], rating: 'excellent', remark: '表现突出' }));
    expect(first).toMatchObject({ memberId: memberIds[0], rating: 'excellent', year: 2090, memberOrganName: WENJIANG_BRANCH });
    expect(first.memberName).toBeTruthy();
    const twice = await call(branch, 'POST', D('CreateRating'), { parentId: appraisal, memberId: memberIds[0], rating: 'qualified' });
    expect(twice).toMatchObject({ status: 400, body: { error: { message: '该党员在本次评议中已有评定结果' } } });
    // a member of another district is refused, as is an unknown id and a made-up name
    const far = await app.db.selectFrom('partyMembers').select('id').where('organPath', 'not like', `${branchOrgan.organPath}%`).where('status', '=', 1).executeTakeFirstOrThrow();
    const outside = await call(branch, 'POST', D('CreateRating'), { parentId: appraisal, memberId: far.id, rating: 'qualified' });
    expect(outside).toMatchObject({ status: 400, body: { error: { message: '该党员不存在或不属于本次评议的党组织' } } });
    expect((await call(branch, 'POST', D('CreateRating'), { parentId: appraisal, memberId: 99_999_999, rating: 'qualified' })).status).toBe(400);
    expect((await call(branch, 'POST', D('CreateRating'), { parentId: appraisal, memberId: memberIds[1], rating: 'qualified', memberName: '假名' })).status).toBe(400);
    expect((await call(branch, 'POST', D('CreateRating'), { parentId: appraisal, memberId: memberIds[1], rating: '很好' })).status).toBe(400);
    // the rating changes, the member does not
    ok(await call(branch, 'PUT', D('UpdateRating'), { id: first.id, rating: 'qualified', remark: '合格' }));
    expect((await call(branch, 'PUT', D('UpdateRating'), { id: first.id, memberId: memberIds[1], rating: 'qualified' })).status).toBe(400);
    for (const [i, r] of ['excellent', 'basicQualified', 'unqualified'].entries()) {
      if (memberIds[i + 1]) ok(await call(branch, 'POST', D('CreateRating'), { parentId: appraisal, memberId: memberIds[i + 1], rating: r }));
    }
    const page = ok(await call(branch, 'GET', D('RatingPageList'), { parentId: appraisal, maxResultCount: 50 }));
    expect(page.totalCount).toBe(Math.min(memberIds.length, 4));
  });

  it('statistics by organisation equal the SQL counts, per rating and year', async () => {
    const stats = ok(await call(district, 'GET', D('RatingStatistics'), {}));
    const counts = async (year?: number) => {
      let q = app.db
        .selectFrom('records')
        .select([sql<string>`data->>'rating'`.as('rating'), sql<number>`count(*)`.as('n')])
        .where('entity', '=', 'appraisalRating')
        .where('isDeleted', '=', false)
        .where('organPath', 'like', `${branchOrgan.organPath.split('/').slice(0, 4).join('/')}/%`);
      if (year) q = q.where(sql`data->>'year'`, '=', String(year));
      const rows = await q.groupBy(sql`1`).execute();
      return Object.fromEntries(rows.map((r) => [r.rating, Number(r.n)]));
    };
    // the district's rows: 温江区 is /1/x/y/, its streets the rows; 柳城街道 holds the branch
    const all = await counts();
    const total = Object.values(all).reduce((a, b) => a + b, 0);
    expect(stats.totals.count).toBe(total);
    for (const k of ['excellent', 'qualified', 'basicQualified', 'unqualified']) expect(stats.totals[k]).toBe(all[k] ?? 0);
    expect(stats.measures.map((m: any) => m.title)).toEqual(['评议人数', '优秀', '合格', '基本合格', '不合格']);
    const y = ok(await call(district, 'GET', D('RatingStatistics'), { year: 2090 }));
    const in2090 = await counts(2090);
    expect(y.totals.count).toBe(Object.values(in2090).reduce((a, b) => a + b, 0));
    expect(y.totals.excellent).toBe(in2090.excellent ?? 0);
    expect((await call(district, 'GET', D('RatingStatistics'), { year: 'x' })).status).toBe(400);
    // beyond the subtree: 403
    expect((await call(district2, 'GET', D('RatingStatistics'), { organPath: branchOrgan.organPath })).status).toBe(403);
  });

  it('deleting an appraisal deletes its ratings, which leave the statistics', async () => {
    const before = ok(await call(branch, 'GET', D('RatingStatistics'), { year: 2090 })).totals.count;
    expect(before).toBeGreaterThan(0);
    ok(await call(branch, 'DELETE', D('Delete'), { id: appraisal }));
    expect(ok(await call(branch, 'GET', D('RatingStatistics'), { year: 2090 })).totals.count).toBe(0);
  });
});
