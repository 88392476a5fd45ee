/**
 * party-space services: the member's notices (SetAllRead, a named extension) and the
 * secretary of his branch (GetUserSecretaryInfo) on the real server and the demo seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, startTestApp, svc, type TestApp } from './harness';
import { sendSiteMessage } from '../../src/server/services/site-message';
import { WENJIANG_BRANCH } from '../../src/server/db/seed/accounts';

let app: TestApp;
let member: string;
beforeAll(async () => {
  app = await startTestApp();
  member = await app.login('member');
});
afterAll(() => app?.close());

const userId = async (userName: string) => (await app.db.selectFrom('users').select('id').where('userName', '=', userName).executeTakeFirstOrThrow()).id;
const branch = async () => app.db.selectFrom('organizations').select(['id', 'organName', 'contactPhone']).where('organName', '=', WENJIANG_BRANCH).executeTakeFirstOrThrow();
const secretaryOf = (token: string | null) => app.call('GET', svc('PartyMemberService', 'GetUserSecretaryInfo'), { token });

describe('PartyMemberService/GetUserSecretaryInfo', () => {
  it('refuses a caller without a token', async () => {
    const r = await secretaryOf(null);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, unAuthorizedRequest: true });
  });

  it('answers the secretary of the member’s own branch, his mobile masked, the office number not', async () => {
    const b = await branch();
    const team = await app.db
      .selectFrom('organTeamMembers as t')
      .innerJoin('partyMembers as m', 'm.id', 't.memberId')
      .select(['t.name', 'm.phoneNumber'])
      .where('t.organId', '=', b.id)
      .where('t.dutyCode', '=', '1')
      .executeTakeFirstOrThrow();
    const s = ok(await secretaryOf(member));
    expect(s).toEqual({
      organId: b.id,
      organName: WENJIANG_BRANCH,
      dutyName: '书记',
      name: team.name,
      phoneNumber: `${team.phoneNumber!.slice(0, 3)}****${team.phoneNumber!.slice(7)}`,
      contactPhone: b.contactPhone ?? '',
    });
    expect(s.phoneNumber).toMatch(/^1\d{2}\*{4}\d{4}$/);
    // another branch's member gets his own branch's secretary
    const other = ok(await secretaryOf(await app.login('teacher')));
    expect(other.organName).toBe('省委党校党建教研部党支部');
    expect(other.name).not.toBe('');
  });

  it('skips a secretary out of office, falls back to the deputy, then to the office number, then null', async () => {
    const b = await branch();
    const secretary = await app.db.selectFrom('organTeamMembers').select(['id', 'name']).where('organId', '=', b.id).where('dutyCode', '=', '1').executeTakeFirstOrThrow();
    // the secretary left office yesterday; a deputy without a member record (no phone) is in office
    await app.db.updateTable('organTeamMembers').set({ endDate: '2020-01-01' }).where('id', '=', secretary.id).execute();
    const deputy = await app.db
      .insertInto('organTeamMembers')
      .values({ organId: b.id, name: '副书记甲', dutyCode: '2', dutyName: '副书记', startDate: '2021-01-01', sort: 9 })
      .returning('id')
      .executeTakeFirstOrThrow();
    // one who takes office only in the future is not the secretary yet
    const future = await app.db
      .insertInto('organTeamMembers')
      .values({ organId: b.id, name: '未到任书记', dutyCode: '1', dutyName: '书记', startDate: '2999-01-01', sort: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const s = ok(await secretaryOf(member));
    expect(s).toMatchObject({ dutyName: '副书记', name: '副书记甲', phoneNumber: '' });

    await app.db.deleteFrom('organTeamMembers').where('id', 'in', [deputy.id, future.id]).execute();
    await app.db.updateTable('organizations').set({ contactPhone: '028-82601234' }).where('id', '=', b.id).execute();
    expect(ok(await secretaryOf(member))).toEqual({ organId: b.id, organName: WENJIANG_BRANCH, dutyName: '', name: '', phoneNumber: '', contactPhone: '028-82601234' });

    await app.db.updateTable('organizations').set({ contactPhone: null }).where('id', '=', b.id).execute();
    const none = await secretaryOf(member);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ success: true, result: null });

    // restore the demo branch for the other tests of this file
    await app.db.updateTable('organTeamMembers').set({ endDate: null }).where('id', '=', secretary.id).execute();
    await app.db.updateTable('organizations').set({ contactPhone: b.contactPhone }).where('id', '=', b.id).execute();
    expect(ok(await secretaryOf(member)).name).toBe(secretary.name);
  });
});

describe('SiteMessageService/SetAllRead', () => {
  const unread = async (token: string, source: number) => ok<number>(await app.call('GET', svc('SiteMessageService', 'GetUserUnReadMessageCount'), { token, query: { source } }));
  const setAllRead = (token: string | null, body: unknown) => app.call('POST', svc('SiteMessageService', 'SetAllRead'), { token, body });

  it('marks only the caller’s messages of the given source', async () => {
    const memberId = await userId('member');
    const otherId = await userId('branchadmin');
    for (let i = 0; i < 3; i++) {
      await sendSiteMessage(app.db, { title: `全部已读测试${i}`, content: '内容', messageType: '1', organName: '测试党委', userIds: [memberId, otherId], source: 2 });
    }
    await sendSiteMessage(app.db, { title: '管理端消息', content: '内容', messageType: '1', organName: '测试党委', userIds: [memberId], source: 1 });
    const other = await app.login('branchadmin');
    const otherBefore = await unread(other, 2);
    const adminSideBefore = await unread(member, 1);
    const before = await unread(member, 2);
    expect(before).toBeGreaterThanOrEqual(3);
    expect(adminSideBefore).toBeGreaterThanOrEqual(1);

    expect(ok(await setAllRead(member, { source: 2 }))).toBe(before);
    expect(await unread(member, 2)).toBe(0);
    // the back-office's messages and another user's stay unread
    expect(await unread(member, 1)).toBe(adminSideBefore);
    expect(await unread(other, 2)).toBe(otherBefore);
    const list = ok(await app.call('POST', svc('SiteMessageService', 'MyReceiveMessagePagedList'), { token: member, body: { skipCount: 0, maxResultCount: 100, source: 2, isRead: false } }));
    expect(list.totalCount).toBe(0);
    // nothing left: a second call marks none
    expect(ok(await setAllRead(member, { source: 2 }))).toBe(0);
  });

  it('needs a token and a valid source', async () => {
    expect((await setAllRead(null, { source: 2 })).status).toBe(401);
    const missing = await setAllRead(member, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await setAllRead(member, { source: 3 })).status).toBe(400);
  });
});
