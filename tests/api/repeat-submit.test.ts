import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, svc, type TestApp } from './harness';
import { REPEAT_SUBMIT_MSG } from '../../src/server/http/repeat-submit';

/** The repeat-submit guard (http/repeat-submit.ts): the same create by the same user within the window is refused. */
let app: TestApp;
let member: string;
let teacher: string;
const declare = (token: string, body: Record<string, unknown>) => app.call('POST', svc('OfflinePeriodService', 'CreateOfflineReport'), { token, body });
const body = { title: '参加支部主题党日', studyDate: '2026-11-01', hours: 2, content: '学习全会精神' };

beforeAll(async () => {
  app = await startTestApp();
  app.freeze('2026-11-20T10:00:00+08:00');
  member = await app.login('member');
  teacher = await app.login('teacher');
});
afterAll(() => app?.close());

describe('repeat-submit guard', () => {
  it('refuses an identical create within the window with a Chinese message, accepts a different body, and the same one after the window', async () => {
    expect((await declare(member, body)).status).toBe(200);
    const again = await declare(member, { ...body });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ success: false, error: { message: REPEAT_SUBMIT_MSG } });
    expect(REPEAT_SUBMIT_MSG).toBe('请勿重复提交，请稍后再试');
    // the same fields in another order (and another letter case of the names) are the same submit
    const reordered = await declare(member, { Content: body.content, hours: 2, studyDate: body.studyDate, title: body.title });
    expect(reordered.status).toBe(429);
    expect((await declare(member, { ...body, hours: 3 })).status).toBe(200);
    app.advance(9_000);
    expect((await declare(member, body)).status).toBe(429);
    app.advance(2_000);
    expect((await declare(member, body)).status).toBe(200);
    const mine = (await app.call('GET', svc('OfflinePeriodService', 'GetMyOffineReportPageList'), { token: member, query: { MaxResultCount: 50 } })).body.result;
    expect(mine.items.filter((r: any) => r.title === body.title)).toHaveLength(3);
  });

  it('does not touch another user sending the same body', async () => {
    app.advance(60_000);
    expect((await declare(member, { ...body, title: '同一内容' })).status).toBe(200);
    expect((await declare(teacher, { ...body, title: '同一内容' })).status).toBe(200);
    expect((await declare(teacher, { ...body, title: '同一内容' })).status).toBe(429);
  });

  it('a refused create does not count: the corrected or resent body goes through', async () => {
    const future = { ...body, title: '日期写错', studyDate: '2099-01-01' };
    expect((await declare(member, future)).status).toBe(400);
    expect((await declare(member, future)).body.error.message).toBe('学习日期不能晚于今天');
  });

  it('guards the configured creates of the record store too (one rule for the whole route table)', async () => {
    const token = member;
    expect(app.ctx.config.repeatSubmitSeconds).toBe(10); // REPEAT_SUBMIT_SECONDS' default
    const forum = { title: '重复提交测试', content: '<p>内容</p>' };
    const first = await app.call('POST', svc('ForumService', 'Create'), { token, body: forum });
    expect(first.status).toBe(200);
    const second = await app.call('POST', svc('ForumService', 'Create'), { token, body: forum });
    expect(second.status).toBe(429);
    expect(second.body.error.message).toBe(REPEAT_SUBMIT_MSG);
  });

  it('leaves reads, updates and the study report alone', async () => {
    const q = { token: member, query: { MaxResultCount: 5 } };
    expect((await app.call('GET', svc('OfflinePeriodService', 'GetMyOffineReportPageList'), q)).status).toBe(200);
    expect((await app.call('GET', svc('OfflinePeriodService', 'GetMyOffineReportPageList'), q)).status).toBe(200);
    const res = (await app.call('GET', svc('ResourceLibaryService', 'GetOrganResourceList'), q)).body.result.items[0];
    const report = () => app.call('POST', svc('ResourceLibaryService', 'ResrouceStudy'), { token: member, body: { periodSource: 1, resouceId: res.id } });
    expect((await report()).status).toBe(200);
    expect((await report()).status).toBe(200);
  });
});

describe('REPEAT_SUBMIT_SECONDS=0', () => {
  it('turns the guard off (the window is read at each call)', async () => {
    const window = app.ctx.config.repeatSubmitSeconds;
    app.ctx.config.repeatSubmitSeconds = 0;
    try {
      const off = { ...body, title: '关闭防重复提交' };
      expect((await declare(member, off)).status).toBe(200);
      expect((await declare(member, off)).status).toBe(200);
    } finally {
      app.ctx.config.repeatSubmitSeconds = window;
    }
  });
});
