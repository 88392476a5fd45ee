/**
 * 组织生活 (PartyMeetingService, schemas/party-meeting.json) on the record store: the contract's
 * input names (meetingId, userLists, MeetingId/UserIds), the meeting's phase by the server's clock
 * (editable and deletable only before the start, minutes and photos after), sign-in inside the
 * window, leave with a reason and its approval, attendance, scope, quarterly counts and the
 * branches without a 支部党员大会. The clock is frozen in 2031, far from the demo's meetings
 * (seeded around the real day), so nothing depends on when the suite runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';

const M = (action: string) => svc('PartyMeetingService', action);

let app: TestApp;
let member: string;
let memberId: number;
let other: { userId: number; token: string };
let branch: { token: string; organId: number; organPath: string };
let district: { token: string; organId: number; organPath: string };
let district2: { token: string; organId: number; organPath: string };

const meeting = (extra: Record<string, unknown> = {}) => ({
  title: '第二季度支部党员大会',
  meetingType: 1,
  meetingClass: 1,
  beginTime: '2031-04-03 14:00',
  endTime: '2031-04-03 16:00',
  meetingAddress: '凤凰社区党群服务中心会议室',
  hostName: '赵丽华',
  agendaContents: '一、学习传达上级精神\n二、讨论发展党员事宜',
  meetingSignType: 1,
  ...extra,
});

beforeAll(async () => {
  app = await startTestApp({ config: { tokenTtlSeconds: 30 * 86400 } });
  app.freeze('2031-04-01T02:00:00Z'); // 10:00 on 1 April 2031 in China
  member = await app.login('member');
  branch = await signInAsAdmin(app, 'branchadmin');
  district = await signInAsAdmin(app, 'districtadmin');
  district2 = await signInAsAdmin(app, 'district2admin');
  memberId = (await app.db.selectFrom('users').select('id').where('userName', '=', 'member').executeTakeFirstOrThrow()).id;
  // another member of the branch with an account, who asks for leave
  const u = await app.db
    .selectFrom('users as u')
    .innerJoin('partyMembers as m', 'm.userId', 'u.id')
    .select(['u.id', 'u.userName'])
    .where('u.organId', '=', branch.organId)
    .where('u.userType', '=', 0)
    .where('u.id', '!=', memberId)
    .where('m.status', '=', 1)
    .orderBy('u.id')
    .executeTakeFirstOrThrow();
  await app.db.updateTable('users').set({ needChangePassword: false }).where('id', '=', u.id).execute();
  other = { userId: u.id, token: await app.login(u.userName) };
});
afterAll(() => app?.close());

describe('organisational life: a branch holds a meeting, members sign in or ask for leave', () => {
  let id: number;

  it('401 without a token, 403 without the menu permission', async () => {
    expect((await app.call('GET', M('GetPagedBsPartyLifeMeetingList'))).status).toBe(401);
    expect((await app.call('GET', M('GetMyPagedPartyLifeMeetingList'))).status).toBe(401);
    expect((await app.call('GET', M('GetPagedBsPartyLifeMeetingList'), { token: member })).status).toBe(403);
    expect((await app.call('POST', M('CreatePartyMeetingInfo'), { token: member, body: meeting() })).status).toBe(403);
    expect((await app.call('GET', M('GetMeetingStatistics'), { token: member })).status).toBe(403);
  });

  it('bad input is a 400 with a Chinese message, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [meeting({ title: '' }), '请输入会议主题'],
      [meeting({ meetingType: 99 }), '会议类型取值无效'],
      [meeting({ endTime: '2031-04-03 13:00' }), '结束时间不能早于开始时间'],
      [meeting({ beginTime: '明天下午' }), '开始时间格式不正确'],
    ];
    for (const [body, message] of cases) {
      const r = await app.call('POST', M('CreatePartyMeetingInfo'), { token: branch.token, body });
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(message);
    }
    expect((await app.call('GET', M('GetBsMeetingInfoById'), { token: branch.token, query: { id: 'abc' } })).status).toBe(400);
    expect((await app.call('POST', M('AddPartyMeetingUser'), { token: branch.token, body: { meetingId: 1, userLists: 'x' } })).status).toBe(400);
    expect((await app.call('GET', M('GetMeetingStatistics'), { token: branch.token, query: { beginTimeQuarter: '2031-Q5' } })).status).toBe(400);
  });

  it('creates a meeting and adds attendees by the original client\'s names (userLists of {userId, name})', async () => {
    const created = ok(await app.call('POST', M('CreatePartyMeetingInfo'), { token: branch.token, body: meeting() }));
    id = created.id;
    expect(created).toMatchObject({ meetingStatus: 0, organId: branch.organId, participantCount: 0 });
    const added = ok(await app.call('POST', M('AddPartyMeetingUser'), { token: branch.token, body: { meetingId: id, userLists: [{ userId: memberId, name: '李明' }, { userId: other.userId, name: '' }] } }));
    expect(added).toEqual({ participantCount: 2 });
    // a member beyond the branch is refused as a whole, named by the contract's field
    const outsider = await app.db.selectFrom('users').select('id').where('organId', '=', district2.organId).executeTakeFirst();
    const far = await app.db.selectFrom('users as u').innerJoin('organizations as o', 'o.id', 'u.organId').select('u.id').where('o.organPath', 'like', `${district2.organPath}%`).executeTakeFirstOrThrow();
    const refused = await app.call('POST', M('AddPartyMeetingUser'), { token: branch.token, body: { meetingId: id, userLists: [far.id ?? outsider?.id] } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.validationErrors[0].members).toEqual(['userLists']);
  });

  it('members see the meetings they attend, with the state; others are not reachable', async () => {
    const mine = ok(await app.call('GET', M('GetMyPagedPartyLifeMeetingList'), { token: member, query: { MaxResultCount: 100 } }));
    const row = mine.items.find((x: any) => x.id === id);
    expect(row).toMatchObject({ isJoined: true, isSigned: false, meetingStatus: 0, offWorkStatus: null });
    expect(ok(await app.call('GET', M('GetBsMeetingInfoById'), { token: member, query: { id } })).title).toBe('第二季度支部党员大会');
    const notMine = ok(await app.call('POST', M('CreatePartyMeetingInfo'), { token: branch.token, body: meeting({ title: '支部委员会', meetingType: 2, beginTime: '2031-04-10 09:00', endTime: '2031-04-10 10:00' }) }));
    expect((await app.call('GET', M('GetBsMeetingInfoById'), { token: member, query: { id: notMine.id } })).status).toBe(404);
    // not started: deletable
    ok(await app.call('DELETE', M('DeleteMeetingInfoById'), { token: branch.token, query: { id: notMine.id } }));
    expect((await app.call('GET', M('GetBsMeetingInfoById'), { token: branch.token, query: { id: notMine.id } })).status).toBe(404);
  });

  it('scope: another district can neither read nor change a 温江 meeting by id; the district above reads but does not edit', async () => {
    for (const [method, action, input] of [
      ['GET', 'GetBsMeetingInfoById', { id }],
      ['POST', 'ModifyPartyMeetingInfo', { ...meeting(), id, title: '改' }],
      ['DELETE', 'DeleteMeetingInfoById', { id }],
      ['POST', 'AddPartyMeetingUser', { meetingId: id, userLists: [memberId] }],
      ['GET', 'GetPagedMeetingUsers', { meetingId: id }],
      ['GET', 'GetMeetingSignCode', { id }],
      ['POST', 'AddVideoMeetingBs', { id, videoUrl: 'https://example.org/v.mp4' }],
    ] as const) {
      const r = await app.call(method, M(action), { token: district2.token, ...(method === 'GET' || method === 'DELETE' ? { query: input } : { body: input }) });
      expect([action, r.status]).toEqual([action, 404]);
    }
    const list = ok(await app.call('GET', M('GetPagedBsPartyLifeMeetingList'), { token: district2.token, query: { MaxResultCount: 1000 } }));
    expect(list.items.map((x: any) => x.id)).not.toContain(id);
    expect(ok(await app.call('GET', M('GetBsMeetingInfoById'), { token: district.token, query: { id } })).id).toBe(id);
    expect((await app.call('POST', M('ModifyPartyMeetingInfo'), { token: district.token, body: { ...meeting(), id, title: '改' } })).status).toBe(403);
  });

  it('a member asks for leave with a reason before the start; the branch approves it', async () => {
    const none = await app.call('POST', M('ApplyMeetingOffWork'), { token: other.token, body: { id, reason: '  ' } });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('请输入请假事由');
    expect(ok(await app.call('POST', M('ApplyMeetingOffWork'), { token: other.token, body: { id, reason: '外出参加区里的业务培训' } }))).toEqual({ offWorkStatus: 0 });
    expect((await app.call('POST', M('ApplyMeetingOffWork'), { token: other.token, body: { id, reason: '再请一次' } })).body.error.message).toBe('您已请假，请勿重复提交');
    expect(ok(await app.call('GET', M('GetBsMeetingInfoById'), { token: other.token, query: { id } }))).toMatchObject({ offWorkStatus: 0, leaveReason: '外出参加区里的业务培训' });
    const pending = ok(await app.call('GET', M('GetPagedMeetingUsers'), { token: branch.token, query: { MeetingId: id, offWorkStatus: 0 } }));
    expect(pending.items.map((p: any) => [p.userId, p.attendance, p.leaveReason])).toEqual([[other.userId, 4, '外出参加区里的业务培训']]);
    expect(ok(await app.call('POST', M('AuditMeetingOffWork'), { token: branch.token, body: { meetingId: id, userId: other.userId, approved: true } }))).toEqual({ offWorkStatus: 1 });
    expect((await app.call('POST', M('AuditMeetingOffWork'), { token: branch.token, body: { meetingId: id, userId: other.userId, approved: false } })).body.error.message).toBe('该请假已审批');
    expect((await app.call('POST', M('AuditMeetingOffWork'), { token: branch.token, body: { meetingId: id, userId: memberId, approved: true } })).body.error.message).toBe('该党员未请假');
    expect((await app.call('POST', M('AuditMeetingOffWork'), { token: member, body: { meetingId: id, userId: other.userId, approved: true } })).status).toBe(403);
  });

  it('sign-in: refused outside the window, accepted once inside it with the code', async () => {
    const code = ok(await app.call('GET', M('GetMeetingSignCode'), { token: branch.token, query: { id } }));
    expect(code.code).toMatch(/^\d{6}$/);
    expect(code.signUrl).toMatch(new RegExp(`^/partyMember/iBranch/organizationallife/info\\?id=${id}&token=[\\w%.-]+$`));
    expect(code.signUrl).not.toContain(code.code);
    app.freeze('2031-04-03T05:00:00Z'); // 13:00, before the window opens at 13:30
    const early = await app.call('POST', M('MeetingSignIn'), { token: member, body: { id, code: code.code } });
    expect(early.status).toBe(400);
    expect(early.body.error.message).toBe('不在签到时间内');
    app.freeze('2031-04-03T05:45:00Z'); // 13:45
    expect((await app.call('POST', M('MeetingSignIn'), { token: member, body: { id, code: '000000' === code.code ? '111111' : '000000' } })).body.error.message).toBe('签到码错误');
    expect(ok(await app.call('POST', M('MeetingSignIn'), { token: member, body: { id, code: code.code } })).signInTime).toBeTruthy();
    expect((await app.call('POST', M('MeetingSignIn'), { token: member, body: { id, code: code.code } })).body.error.message).toBe('您已签到');
    expect((await app.call('POST', M('ApplyMeetingOffWork'), { token: member, body: { id, reason: '有事' } })).body.error.message).toBe('您已签到，无需请假');
    app.freeze('2031-04-03T08:30:00Z'); // 16:30, ended
    expect((await app.call('POST', M('MeetingSignIn'), { token: other.token, body: { id, code: code.code } })).body.error.message).toBe('不在签到时间内');
  });

  it('after the start only minutes and photos change, and it cannot be deleted; attendance shows 已签到 / 请假 / 缺席', async () => {
    app.freeze('2031-04-03T06:30:00Z'); // 14:30, running
    expect(ok(await app.call('GET', M('GetBsMeetingInfoById'), { token: branch.token, query: { id } })).meetingStatus).toBe(1);
    const renamed = await app.call('POST', M('ModifyPartyMeetingInfo'), { token: branch.token, body: { ...meeting(), id, title: '改名' } });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error.message).toBe('会议已开始，只能补充会议记录和照片');
    expect((await app.call('POST', M('ApplyMeetingOffWork'), { token: other.token, body: { id, reason: '迟到' } })).body.error.message).toBe('已开始，不能再请假');
    const edited = ok(await app.call('POST', M('ModifyPartyMeetingInfo'), { token: branch.token, body: { ...meeting(), id, meetingRecord: '会议由赵丽华主持，应到2人，实到1人，1人请假。' } }));
    expect(edited.meetingRecord).toContain('实到1人');
    expect((await app.call('DELETE', M('DeleteMeetingInfoById'), { token: branch.token, query: { id } })).body.error.message).toBe('会议已开始，不能删除');

    // a third attendee who neither signs nor asks: absent once it has ended
    const third = await app.db.selectFrom('users').select('id').where('organId', '=', branch.organId).where('userType', '=', 0).where('id', 'not in', [memberId, other.userId]).orderBy('id').executeTakeFirstOrThrow();
    ok(await app.call('POST', M('AddPartyMeetingUser'), { token: branch.token, body: { meetingId: id, userLists: [third.id] } }));
    app.freeze('2031-04-03T08:30:00Z'); // 16:30, ended
    const users = ok(await app.call('GET', M('GetPagedMeetingUsers'), { token: branch.token, query: { MeetingId: id } }));
    const byUser = Object.fromEntries(users.items.map((p: any) => [p.userId, p.attendance]));
    expect(byUser).toEqual({ [memberId]: 1, [other.userId]: 2, [third.id]: 3 });
    // 补签 by the organiser
    ok(await app.call('POST', M('PartyMeetingSupplementSign'), { token: branch.token, body: { meetingId: id, userId: third.id } }));
    const ended = ok(await app.call('GET', M('GetPagedBsPartyLifeMeetingList'), { token: branch.token, query: { meetingStatus: 2, MaxResultCount: 1000 } }));
    expect(ended.items.find((x: any) => x.id === id)?.meetingStatus).toBe(2);
    const coming = ok(await app.call('GET', M('GetPagedBsPartyLifeMeetingList'), { token: branch.token, query: { meetingStatus: 0, MaxResultCount: 1000 } }));
    expect(coming.items.map((x: any) => x.id)).not.toContain(id);

    // several attendees out at once by the original client's query names
    ok(await app.call('DELETE', M('DeletePartyMeetingUser'), { token: branch.token, query: { MeetingId: id, UserIds: [third.id] } }));
    expect(ok(await app.call('GET', M('GetBsMeetingInfoById'), { token: branch.token, query: { id } })).participantCount).toBe(2);
  });

  it('AddVideoMeetingBs stores the recording on the meeting and flags it for the big screen', async () => {
    const missing = await app.call('POST', M('AddVideoMeetingBs'), { token: branch.token, body: { id } });
    expect(missing.status).toBe(400);
    ok(await app.call('POST', M('AddVideoMeetingBs'), { token: branch.token, body: { id, videoUrl: 'https://example.org/meeting.mp4' } }));
    const flagged = ok(await app.call('GET', M('GetPagedBsPartyLifeMeetingList'), { token: branch.token, query: { isBigScreen: true, MaxResultCount: 1000 } }));
    expect(flagged.items.find((x: any) => x.id === id)).toMatchObject({ isBigScreen: true, videoUrl: 'https://example.org/meeting.mp4' });
  });

  it('quarterly counts per branch equal a direct count in SQL', async () => {
    // one more, of another type, at a neighbouring branch of the district's and in another quarter
    ok(await app.call('POST', M('CreatePartyMeetingInfo'), { token: branch.token, body: meeting({ title: '主题党日', meetingType: 5, beginTime: '2031-05-10 09:00', endTime: '2031-05-10 11:00' }) }));
    ok(await app.call('POST', M('CreatePartyMeetingInfo'), { token: branch.token, body: meeting({ title: '下季度党课', meetingType: 4, beginTime: '2031-07-10 09:00', endTime: '2031-07-10 11:00' }) }));
    const stats = ok(await app.call('GET', M('GetMeetingStatistics'), { token: district.token, query: { beginTimeQuarter: '2031-Q2' } }));
    const count = async (extra: string) =>
      Number(
        (
          await sql<{ n: string }>`select count(*) as n from records where entity = 'partyMeeting' and not is_deleted and organ_path like ${`${district.organPath}%`}
            and data->>'beginTime' >= '2031-04-01' and data->>'beginTime' < '2031-07-01' ${sql.raw(extra)}`.execute(app.db)
        ).rows[0].n,
      );
    expect(stats.totals.count).toBe(await count(''));
    expect(stats.totals.general).toBe(await count(`and data->>'meetingType' = '1'`));
    expect(stats.totals.themeDay).toBe(await count(`and data->>'meetingType' = '5'`));
    expect(stats.totals.count).toBe(2);
    const byType = ok(await app.call('GET', M('GetMeetingTypeStatistics'), { token: branch.token, query: { beginTimeQuarter: '2031-Q2' } }));
    expect(byType.rows.map((r: any) => [r.label, r.count])).toEqual([['支部党员大会', 1], ['主题党日', 1]]);
  });

  it('lists the branches that held no 支部党员大会 in a quarter', async () => {
    const all = async (token: string, query: Record<string, unknown>) => ok(await app.call('GET', M('GetNoGeneralMeetingOrgans'), { token, query: { MaxResultCount: 1000, ...query } }));
    const q2 = await all(district.token, { beginTimeQuarter: '2031-Q2' });
    expect(q2.period).toEqual({ quarter: '2031-Q2' });
    const ids = q2.items.map((x: any) => x.organId);
    expect(ids).not.toContain(branch.organId);
    const branches = await app.db.selectFrom('organizations').select('id').where('organPath', 'like', `${district.organPath}%`).where('organType', '=', '5').where('isDeleted', '=', false).where('auditStatus', '=', 1).execute();
    expect(ids.sort()).toEqual(branches.map((b) => b.id).filter((b) => b !== branch.organId).sort());
    expect(q2.totalCount).toBe(branches.length - 1);
    // in the next quarter it held none yet: listed; the default is the platform's current quarter (2031-Q2)
    expect((await all(district.token, { beginTimeQuarter: '2031-Q3' })).items.map((x: any) => x.organId)).toContain(branch.organId);
    expect((await all(district.token, {})).period).toEqual({ quarter: '2031-Q2' });
    // another district's subtree is refused
    expect((await app.call('GET', M('GetNoGeneralMeetingOrgans'), { token: district2.token, query: { organPath: district.organPath } })).status).toBe(403);
    expect((await all(district2.token, { beginTimeQuarter: '2031-Q2' })).items.map((x: any) => x.organId)).not.toContain(branch.organId);
  });
});
