/**
 * The 工作台's 培训班报名 and 简答题阅卷 counts: each is the total of its own list (报名审核 across the
 * classes, 待阅卷 across the papers) for the same user — his subtree only, his own case left out —
 * and the lists answer 401 without a token, 403 without the permission that decides them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, startTestApp, svc, type TestApp } from './harness';

const WB = svc('WorkbenchService', 'Get');
const APPLICATIONS = 'TrainClassService/ApplicationPageList';
const MARKING = 'ExamPaperService/MarkingPageList';

let app: TestApp;
let province: string;
let district: string;
let district2: string;

async function adminToken(userName: string, organName?: string) {
  const token = await app.login(userName);
  const roles = ok<any[]>(await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token }));
  const role = organName ? roles.find((r) => r.organName === organName) : roles[0];
  ok(await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: role.roleId, organId: role.organId } }));
  return token;
}
const count = async (token: string, call: string) => ok<any>(await app.call('GET', WB, { token })).pending.find((p: any) => p.call === call)?.count;
const list = async (token: string, call: string, query: Record<string, unknown> = {}) => {
  const [service, action] = call.split('/');
  return ok<any>(await app.call('GET', svc(service, action), { token, query: { SkipCount: 0, MaxResultCount: 100, ...query } }));
};
const userOf = async (userName: string) => (await app.db.selectFrom('users').select('id').where('userName', '=', userName).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  app = await startTestApp();
  province = await adminToken('admin', '中共四川省委员会');
  district = await adminToken('districtadmin');
  district2 = await adminToken('district2admin');
});
afterAll(async () => app?.close());

describe('the lists behind the new counts', () => {
  it('401 without a token, 403 without the permission that decides them', async () => {
    for (const call of [APPLICATIONS, MARKING]) {
      const [service, action] = call.split('/');
      expect((await app.call('GET', svc(service, action))).status).toBe(401);
      expect((await app.call('GET', svc(service, action), { token: await app.login('member') })).status).toBe(403);
      expect((await app.call('GET', svc(service, action), { token: await adminToken('sysadmin') })).status).toBe(403);
    }
    expect((await app.call('GET', svc('TrainClassService', 'ApplicationPageList'), { token: district, query: { status: 'x' } })).status).toBe(400);
  });
});

describe('培训班报名', () => {
  it('is the total of 报名审核 for the same user; another district does not count it; his own application waits for those above', async () => {
    const [d, o] = [await count(district, APPLICATIONS), await count(district2, APPLICATIONS)];
    expect(d).toBe((await list(district, APPLICATIONS)).totalCount);
    expect(o).toBe((await list(district2, APPLICATIONS)).totalCount);
    // the demo's 温江 class has an application waiting: the district's, not 郫都's
    const waiting = (await list(district, APPLICATIONS)).items;
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((x: any) => x.status === 0 && x.className)).toBe(true);
    expect((await list(district2, APPLICATIONS)).items.map((x: any) => x.id)).not.toContain(waiting[0].id);

    // districtadmin (a member of a 温江 branch too) applies to his own district's class
    const cls = await app.db.selectFrom('trainClasses').select(['id', 'organPath']).where('id', '=', waiting[0].trainClassId).executeTakeFirstOrThrow();
    const me = await app.db.selectFrom('partyMembers').select(['userId', 'name', 'organId', 'organPath']).where('userId', '=', await userOf('districtadmin')).executeTakeFirstOrThrow();
    const own = await app.db
      .insertInto('trainClassStudents')
      .values({ trainClassId: cls.id, userId: me.userId!, memberName: me.name, organId: me.organId, organPath: me.organPath, status: 0, source: 1, creationTime: new Date() })
      .onConflict((oc) => oc.columns(['trainClassId', 'userId']).doUpdateSet({ status: 0 }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const cityBefore = ok<any>(await app.call('GET', WB, { token: province })).pending.find((p: any) => p.call === APPLICATIONS).count;
    expect(await count(district, APPLICATIONS)).toBe(d);
    expect((await list(district, APPLICATIONS)).items.map((x: any) => x.id)).not.toContain(own.id);
    expect((await list(province, APPLICATIONS)).items.map((x: any) => x.id)).toContain(own.id);
    expect(cityBefore).toBe((await list(province, APPLICATIONS)).totalCount);

    // deciding one drops the count by one
    ok(await app.call('POST', svc('TrainClassService', 'Audit'), { token: district, body: { id: waiting[0].id, approved: true } }));
    expect(await count(district, APPLICATIONS)).toBe(d - 1);
    expect((await list(district, APPLICATIONS, { status: 1 })).items.map((x: any) => x.id)).toContain(waiting[0].id);
  });
});

describe('简答题阅卷', () => {
  it("is the total of 待阅卷 for the same user; a province paper's sheet waits for the province, not for a district; nobody marks his own", async () => {
    const paper = await app.db.selectFrom('examPapers').select(['id', 'organPath']).where('isDeleted', '=', false).orderBy('id').executeTakeFirstOrThrow();
    const sheet = async (userName: string) => {
      const m = await app.db.selectFrom('partyMembers').select(['userId', 'name', 'organId', 'organPath']).where('userId', '=', await userOf(userName)).executeTakeFirstOrThrow();
      const now = new Date();
      return (
        await app.db
          .insertInto('examResults')
          .values({ paperId: paper.id, userId: m.userId!, memberName: m.name, organId: m.organId, organPath: m.organPath, attemptNo: 9, startTime: now, deadline: now, submitTime: now, status: 2, closedBy: 1 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    const before = { province: await count(province, MARKING), district: await count(district, MARKING) };
    const theirs = await sheet('member');
    const mine = await sheet('admin');
    expect(await count(province, MARKING)).toBe(before.province + 1);
    expect(await count(province, MARKING)).toBe((await list(province, MARKING)).totalCount);
    const ids = (await list(province, MARKING)).items.map((x: any) => x.id);
    expect(ids).toContain(theirs);
    expect(ids).not.toContain(mine);
    // the paper is the province's: not in the district's subtree
    expect(await count(district, MARKING)).toBe(before.district);
    expect((await list(district, MARKING)).items.map((x: any) => x.id)).not.toContain(theirs);
    expect(await count(district, MARKING)).toBe((await list(district, MARKING)).totalCount);
  });
});

describe('本年学时达标率', () => {
  it('is null without a member rule, a percentage once one applies', async () => {
    const wb = ok<any>(await app.call('GET', WB, { token: district }));
    expect(wb.figures.studyPassRate).toBeNull();
    expect(typeof wb.figures.studyPassedMembers).toBe('number');
    ok(await app.call('POST', svc('ExaminationService', 'SetUserExRuleForCurrentYear'), { token: province, body: { onlinePassPeriodForYear: 0.01, offlinePassPeriodForYear: 0 } }));
    const after = ok<any>(await app.call('GET', WB, { token: district }));
    expect(after.figures.studyPassRate).toBeGreaterThanOrEqual(0);
    expect(after.figures.studyPassRate).toBeLessThanOrEqual(100);
    expect(after.figures.studyPassedMembers).toBeLessThanOrEqual(after.figures.memberCount);
  });
});
