/**
 * Exams a member sees coming: a site message (考试通知) to the members a paper is assigned to when it
 * is published and on the day it opens (the platform day, Asia/Shanghai), sent by the shared job
 * queue once per paper and day — a second run, or two processes running it at once, send nothing
 * more. The server's clock is held (in the future, so the queue's periodic row made at start is due).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { WENJIANG_BRANCH } from '../../src/server/db/seed/accounts';
import { noticeOpensToday, noticePublished } from '../../src/server/domains/exam/exam-notices';
import { assignedCount } from '../../src/server/domains/exam';

let app: TestApp;
let district: string;
let member: string; // 李明, of the demo branch
let outsider: string; // the teacher: a member of another branch
let branchId: number;
let questionIds: number[];

// 10:00 on 15 June 2030 in Shanghai (02:00 UTC)
const NOW = new Date('2030-06-15T02:00:00Z');
const HOUR = 3_600_000;
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

let made = 0;
async function publish(name: string, beginMs: number, endMs: number) {
  const body = { paperName: name, description: `第${++made}份`, beginTitme: at(beginMs), endTime: at(endMs), testTime: 30, testCount: 1, passScore: 1, singleChoiceScore: 2, teachTarget: String(branchId), questionList: questionIds };
  return ok<{ id: number }>(await app.call('POST', svc('ExamPaperService', 'CreateOrdinaryExamPaper'), { token: district, body })).id;
}

/** The member-space messages of a paper a user received. */
async function noticesOf(token: string, paperName: string) {
  const r = ok(await app.call('POST', svc('SiteMessageService', 'MyReceiveMessagePagedList'), { token, body: { skipCount: 0, maxResultCount: 100, source: 2 } }));
  return (r.items as { title: string; messageType: string; messageId: number; kind: string }[]).filter((m) => m.kind === 'message' && m.title.includes(`《${paperName}》`));
}

beforeAll(async () => {
  app = await startTestApp();
  app.freeze(NOW);
  district = (await signInAsAdmin(app, 'districtadmin')).token;
  member = await app.login('member');
  outsider = await app.login('teacher');
  branchId = (await app.db.selectFrom('organizations').select('id').where('organName', '=', WENJIANG_BRANCH).executeTakeFirstOrThrow()).id;
  const bank = await app.db.selectFrom('examLibraries').select('id').where('libaryName', '=', '党章党规与党史知识题库').executeTakeFirstOrThrow();
  questionIds = (await app.db.selectFrom('examQuestions').select('id').where('libaryId', '=', bank.id).where('type', '=', 1).where('isDeleted', '=', false).orderBy('id').limit(2).execute()).map((q) => q.id);
});
afterAll(async () => app?.close());
beforeEach(() => app.freeze(NOW));

describe('exam notices', () => {
  it('published: the members assigned it get 考试通知 with its times on the platform clock, others nothing', async () => {
    // tomorrow 09:00 to 18:00 in Shanghai
    await publish('党史知识竞赛', 23 * HOUR, 32 * HOUR);
    await expect.poll(async () => (await noticesOf(member, '党史知识竞赛')).length, { timeout: 20_000 }).toBe(1);
    const [m] = await noticesOf(member, '党史知识竞赛');
    expect(m).toMatchObject({ title: '考试通知：《党史知识竞赛》已发布', messageType: '7' });
    const info = ok(await app.call('GET', svc('SiteMessageService', 'GetMessageInfo'), { token: member, query: { id: m.messageId } }));
    expect(info.content).toContain('考试时间2030-06-16 09:00至2030-06-16 18:00');
    expect(info.linkUrl).toMatch(/^\/partyMember\/iStudy\/subject\/info\/exam\?paperId=\d+$/);
    expect(await noticesOf(outsider, '党史知识竞赛')).toEqual([]);
  });

  it('the day it opens (the platform day, from midnight in Shanghai): 今天开考, once however often the job runs', async () => {
    const id = await publish('党章学习测试', 24 * HOUR, 30 * HOUR); // tomorrow 10:00 to 16:00
    await expect.poll(async () => (await noticesOf(member, '党章学习测试')).length, { timeout: 20_000 }).toBe(1);
    // today's sweep has nothing of tomorrow's
    expect(await noticeOpensToday(app.ctx)).toBe(0);

    // 00:05 tomorrow in Shanghai — still 16:05 today in UTC: the platform's day counts, not the machine's
    app.freeze(new Date(NOW.getTime() + 14 * HOUR + 5 * 60_000));
    await app.ctx.jobs.nudge();
    await expect.poll(async () => (await noticesOf(member, '党章学习测试')).map((n) => n.title), { timeout: 20_000 }).toContain('考试提醒：《党章学习测试》今天开考');
    const today = (await noticesOf(member, '党章学习测试')).find((n) => n.title.includes('今天开考'))!;
    const info = ok(await app.call('GET', svc('SiteMessageService', 'GetMessageInfo'), { token: member, query: { id: today.messageId } }));
    expect(info.content).toContain('今天10:00开考，2030-06-16 16:00截止');

    // the sweep again, twice at once (two processes): nothing more; nor the publish job run again
    expect(await Promise.all([noticeOpensToday(app.ctx), noticeOpensToday(app.ctx)])).toEqual([0, 0]);
    expect(await noticePublished(app.ctx, id)).toBeNull();
    expect((await noticesOf(member, '党章学习测试')).length).toBe(2);
    const notices = await app.db.selectFrom('examPaperNotices').select(['kind', 'day', 'receivers']).where('paperId', '=', id).orderBy('kind').execute();
    expect(notices.map((n) => n.kind)).toEqual([1, 2]);
    expect(notices[1]).toMatchObject({ day: '2030-06-16' });
    // every member assigned the paper, each once
    expect(notices.map((n) => n.receivers)).toEqual([await assignedCount(app.db, id), await assignedCount(app.db, id)]);
    expect(notices[1].receivers).toBeGreaterThan(1);
  });

  it('published on the day it opens: one notice that says so; a deleted or ended paper none', async () => {
    const id = await publish('当天开考的测验', 2 * HOUR, 5 * HOUR); // 12:00 to 15:00 today
    await expect.poll(async () => (await noticesOf(member, '当天开考的测验')).map((n) => n.title), { timeout: 20_000 }).toEqual(['考试提醒：《当天开考的测验》今天开考']);
    expect(await noticeOpensToday(app.ctx)).toBe(0);
    expect((await noticesOf(member, '当天开考的测验')).length).toBe(1);

    const gone = await publish('已删除的测验', 20 * HOUR, 22 * HOUR); // tomorrow 06:00 to 08:00
    await expect.poll(async () => (await noticesOf(member, '已删除的测验')).length, { timeout: 20_000 }).toBe(1);
    ok(await app.call('DELETE', svc('ExamPaperService', 'Delete'), { token: district, query: { id: gone } }));
    app.freeze(new Date(NOW.getTime() + 21 * HOUR));
    expect(await noticeOpensToday(app.ctx)).toBe(0);
    expect((await noticesOf(member, '已删除的测验')).length).toBe(1);
    // a paper over by now is not announced
    app.freeze(new Date(NOW.getTime() + 6 * HOUR));
    expect(await noticePublished(app.ctx, id)).toBeNull();
  });
});
