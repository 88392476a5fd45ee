/**
 * 通知公告 reach the members (issue 33): what an administrator publishes in 消息 → 通知公告 is listed
 * in the member's 通知公告 (SiteMessageService, source 2) beside his site messages, counted in the
 * header's unread count, read by id with a receipt, within the publisher's subtree and the chosen
 * 发布范围 — by id too; the publisher sees who read it (AnnounceReadService, a named extension).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { calendarDay } from '../../src/contract/platform-time';
import { demoAnnouncementTitle } from '../../src/server/db/seed/content';

let app: TestApp;
let member: string;
beforeAll(async () => {
  app = await startTestApp();
  member = await app.login('member');
});
afterAll(() => app?.close());

// the seeded announcement names the year the demo was seeded in
const seededTitle = () => demoAnnouncementTitle(calendarDay(app.ctx.now(), app.ctx.config.platformTz));
const list = async (token: string, extra: Record<string, unknown> = {}) =>
  ok<{ totalCount: number; items: { messageId: number; kind?: string; title: string; isRead: boolean; organName: string }[] }>(
    await app.call('POST', svc('SiteMessageService', 'MyReceiveMessagePagedList'), { token, body: { skipCount: 0, maxResultCount: 100, source: 2, ...extra } }),
  );
const unread = async (token: string) => ok<number>(await app.call('GET', svc('SiteMessageService', 'GetUserUnReadMessageCount'), { token, query: { source: 2 } }));
const info = (token: string, id: number) => app.call('GET', svc('SiteMessageService', 'GetMessageInfo'), { token, query: { id, source: 2, kind: 'announce' } });
const publish = async (token: string, body: Record<string, unknown>) =>
  ok<{ id: number }>(await app.call('POST', svc('PartyPublicInfoService', 'AnnounceCreate'), { token, body: { content: '<p>正文</p>', ...body } })).id;
const stats = (token: string | null, id: number) => app.call('GET', svc('AnnounceReadService', 'GetReadStats'), { token, query: { id } });
const readers = (token: string | null, id: number, isRead?: boolean) =>
  app.call('GET', svc('AnnounceReadService', 'UnreadPageList'), { token, query: { id, skipCount: 0, maxResultCount: 1000, ...(isRead === undefined ? {} : { isRead }) } });
const announcements = async (token: string) => (await list(token)).items.filter((i) => i.kind === 'announce');

describe('announcements in the member space', () => {
  it('lists the seeded province announcement, unread, and counts it; reading it drops the count by one', async () => {
    const seeded = (await announcements(member)).find((i) => i.title === seededTitle());
    expect(seeded).toMatchObject({ isRead: false, organName: '中共四川省委员会' });
    const before = await unread(member);
    const r = ok(await info(member, seeded!.messageId));
    expect(r).toMatchObject({ kind: 'announce', title: seededTitle(), isRead: true });
    expect(r.content).toContain('<p>');
    expect(await unread(member)).toBe(before - 1);
    // reading it again changes nothing
    ok(await info(member, seeded!.messageId));
    expect(await unread(member)).toBe(before - 1);
    expect((await announcements(member)).find((i) => i.messageId === seeded!.messageId)?.isRead).toBe(true);
    // the unread filter leaves it out
    expect((await list(member, { isRead: false })).items.some((i) => i.kind === 'announce' && i.messageId === seeded!.messageId)).toBe(false);
  });

  it('follows the publisher’s organisation and the chosen range, by id too', async () => {
    const province = await signInAsAdmin(app, 'admin');
    const sibling = await signInAsAdmin(app, 'district2admin');
    const district = await signInAsAdmin(app, 'districtadmin');
    const wide = await publish(province.token, { title: '全省通知（范围测试）' });
    const ownOnly = await publish(province.token, { title: '仅省委本级通知（范围测试）', publishRange: 'own' });
    const elsewhere = await publish(sibling.token, { title: '郫都区通知（范围测试）' });
    const ownDistrict = await publish(district.token, { title: '温江区通知（范围测试）' });
    const seen = (await announcements(member)).map((i) => i.messageId);
    expect(seen).toEqual(expect.arrayContaining([wide, ownDistrict]));
    expect(seen).not.toContain(ownOnly);
    expect(seen).not.toContain(elsewhere);
    for (const id of [ownOnly, elsewhere]) {
      const r = await info(member, id);
      expect(r.status).toBe(404);
      expect(r.body.error.message).toBe('通知公告不存在或已删除');
      // the record store's detail answers the same
      expect((await app.call('GET', svc('PartyPublicInfoService', 'GetPublicInfoInfo'), { token: member, query: { id } })).status).toBe(404);
    }
    // a site message's id is no announcement's: kind decides which is read
    expect((await app.call('GET', svc('SiteMessageService', 'GetMessageInfo'), { token: member, query: { id: wide, source: 2, kind: 'x' } })).status).toBe(400);
    // the sibling district's member sees his own district's, not Wenjiang's
    const siblingMember = await app.login('district2admin');
    const his = (await announcements(siblingMember)).map((i) => i.messageId);
    expect(his).toContain(elsewhere);
    expect(his).toContain(wide);
    expect(his).not.toContain(ownDistrict);
    // a deleted announcement leaves the list
    ok(await app.call('DELETE', svc('PartyPublicInfoService', 'AnnounceDelete'), { token: district.token, query: { id: ownDistrict } }));
    expect((await announcements(member)).map((i) => i.messageId)).not.toContain(ownDistrict);
  });

  it('全部标为已读 marks the announcements too', async () => {
    const province = await signInAsAdmin(app, 'admin');
    await publish(province.token, { title: '全部已读（通知公告）' });
    const token = await app.login('branchadmin');
    expect((await announcements(token)).some((i) => !i.isRead)).toBe(true);
    ok(await app.call('POST', svc('SiteMessageService', 'SetAllRead'), { token, body: { source: 2 } }));
    expect(await unread(token)).toBe(0);
    expect((await announcements(token)).every((i) => i.isRead)).toBe(true);
  });
});

describe('AnnounceReadService (the publisher’s read figures)', () => {
  it('counts the audience and who read it; lists who has not', async () => {
    const district = await signInAsAdmin(app, 'districtadmin');
    const id = await publish(district.token, { title: '阅读统计测试' });
    const audience = Number(
      (
        await app.db
          .selectFrom('users as u')
          .innerJoin('organizations as o', 'o.id', 'u.organId')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('o.organPath', 'like', `${district.organPath}%`)
          .where('u.isDeleted', '=', false)
          .where('u.isActive', '=', true)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(audience).toBeGreaterThan(1);
    expect(ok(await stats(district.token, id))).toEqual({ id, totalCount: audience, readCount: 0, unreadCount: audience });
    const memberId = (await app.db.selectFrom('users').select('id').where('userName', '=', 'member').executeTakeFirstOrThrow()).id;
    expect(ok(await readers(district.token, id)).items.map((r: { userId: number }) => r.userId)).toContain(memberId);

    ok(await info(member, id));
    expect(ok(await stats(district.token, id))).toEqual({ id, totalCount: audience, readCount: 1, unreadCount: audience - 1 });
    const notRead = ok(await readers(district.token, id, false));
    expect(notRead.items.map((r: { userId: number }) => r.userId)).not.toContain(memberId);
    const read = ok(await readers(district.token, id, true));
    expect(read.items).toEqual([expect.objectContaining({ userId: memberId, name: '李明', organName: expect.any(String), readTime: expect.any(String) })]);
  });

  it('needs a token and 通知公告; answers an announcement beyond the caller’s subtree as missing', async () => {
    const district = await signInAsAdmin(app, 'districtadmin');
    const id = await publish(district.token, { title: '范围外统计测试' });
    expect((await stats(null, id)).status).toBe(401);
    expect((await readers(null, id)).status).toBe(401);
    const m = await stats(member, id);
    expect(m.status).toBe(403);
    expect(m.body.error.message).toMatch(/[\u4e00-\u9fa5]/);
    const sibling = await signInAsAdmin(app, 'district2admin');
    for (const r of [await stats(sibling.token, id), await readers(sibling.token, id)]) {
      expect(r.status).toBe(404);
      expect(r.body.error.message).toBe('通知公告不存在或已删除');
    }
    // not an announcement (a site message's or another record's id) and bad input
    expect((await stats(district.token, 99999999)).status).toBe(404);
    const bad = await app.call('GET', svc('AnnounceReadService', 'GetReadStats'), { token: district.token, query: { id: 'abc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/[\u4e00-\u9fa5]/);
  });
});
