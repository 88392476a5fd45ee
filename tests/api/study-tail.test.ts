import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, svc, type TestApp } from './harness';

/**
 * The tail of a clip: the player reports every 60 s of play and once more, for the play
 * since, when the clip ends or the page is hidden or closed. The server credits at most the wall
 * time since the previous report (to the second), and at most what the player claims.
 */
let app: TestApp;
let member: string;
let video: any;
let audio: any;
const study = (id: number, seconds?: number) =>
  app.call('POST', svc('ResourceLibaryService', 'ResrouceStudy'), { token: member, body: { periodSource: 1, resouceId: id, ...(seconds === undefined ? {} : { seconds }) } }).then((r) => {
    expect(r.status).toBe(200);
    return r.body.result;
  });
const open = (id: number) => app.call('GET', svc('ResourceLibaryService', 'GetByIdAutoIncr'), { token: member, query: { id } }).then((r) => r.body.result);

beforeAll(async () => {
  app = await startTestApp();
  app.freeze('2026-11-20T10:00:00+08:00');
  member = await app.login('member');
  const list = (await app.call('GET', svc('ResourceLibaryService', 'GetOrganResourceList'), { token: member, query: { MaxResultCount: 50 } })).body.result;
  video = list.items.find((r: any) => r.resourceType === 1 && r.durationSeconds === 75);
  audio = list.items.find((r: any) => r.resourceType === 3 && r.durationSeconds === 90);
  expect([video.durationSeconds, audio.durationSeconds]).toEqual([75, 90]);
});
afterAll(() => app?.close());

describe('the tail report', () => {
  it('a 60 s report, then the 15 s tail when the clip ends: 75 s credited, complete, 100% only then', async () => {
    expect((await open(video.id)).percent).toBe(0);
    app.advance(62_400); // page load and the first minute of play
    const first = await study(video.id, 60);
    expect(first).toMatchObject({ studyState: 1, credited: 60, seconds: 60, durationSeconds: 75, percent: 80 });
    expect(first.period).toBe(0.02); // hours are rounded for display; the percent is not taken from them
    app.advance(14_950); // the clip ends a little before the 15th wall second after the report
    const tail = await study(video.id, 15);
    expect(tail).toMatchObject({ studyState: 2, credited: 15, seconds: 75, percent: 100, message: '恭喜，本资源学习已完成，学时已记录' });
    const r = await open(video.id);
    expect(r).toMatchObject({ studiedSeconds: 75, completed: true, percent: 100 });
  });

  it('a tail claiming more than the wall time is capped at the wall time; a pause is not credited', async () => {
    await open(audio.id);
    app.advance(61_000);
    expect(await study(audio.id, 60)).toMatchObject({ credited: 60, percent: 66.66 });
    app.advance(10_000);
    expect(await study(audio.id, 15)).toMatchObject({ studyState: 1, credited: 10, seconds: 70 }); // claims 15, 10 s passed
    expect(await study(audio.id, 15)).toMatchObject({ credited: 0 }); // at once again: nothing passed
    app.advance(5 * 60_000); // paused five minutes, then 3 s of play before the page is hidden
    expect(await study(audio.id, 3)).toMatchObject({ credited: 3, seconds: 73 });
  });

  it('rounding the wall time up never adds up to more than the wall time plus one second', async () => {
    const before = (await open(audio.id)).studiedSeconds;
    await study(audio.id, 0); // the session's clock starts here
    let credited = 0;
    for (let i = 0; i < 10; i++) {
      app.advance(300); // a report every 0.3 s, each claiming a whole second
      credited += (await study(audio.id, 1)).credited;
    }
    expect(credited).toBeLessThanOrEqual(4); // 3 s of wall time, plus at most the one second credited ahead
    expect((await open(audio.id)).studiedSeconds).toBe(before + credited);
  });
});
