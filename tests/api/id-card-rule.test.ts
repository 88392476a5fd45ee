/**
 * The ID card does the typing: an 18-digit number's birthday and sex (contract/validators.ts
 * idCardFacts) must agree with 性别 and 出生日期 — on 新增党员, on an administrator's edit, on the
 * member's own profile and in an import; a contradiction is refused in Chinese, naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';

let app: TestApp;
let district: { token: string; organId: number; organPath: string };
const S = (a: string) => svc('PartyMemberService', a);
const ID = '510115199205061239'; // 1992-05-06, 男 (digit 17: 3)
const stamp = Date.now() % 10_000;

beforeAll(async () => {
  app = await startTestApp();
  district = await signInAsAdmin(app, 'districtadmin');
});
afterAll(async () => app?.close());

const branchOf = async () =>
  (await app.db.selectFrom('organizations').select('id').where('organPath', 'like', `${district.organPath}_%`).where('organLevel', '=', 5).where('isDeleted', '=', false).where('auditStatus', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
const profile = (organId: number, addition: Record<string, unknown>) => ({
  name: '身份证校验', organId, phoneNumber: `1395555${String(stamp).padStart(4, '0')}`,
  addition: { idCard: ID, nation: '01', ...addition }, partyMember: { joinPartyDate: '2015-07-01', partyMemeberType: 1 },
});

describe('身份证号 against 性别 and 出生日期', () => {
  it('refuses 新增党员 whose sex or birthday contradicts the number, in Chinese, naming the field', async () => {
    const organId = await branchOf();
    const wrongSex = await app.call('POST', S('Create'), { token: district.token, body: profile(organId, { sex: 2, birthday: '1992-05-06' }) });
    expect(wrongSex.status).toBe(400);
    expect(wrongSex.body.error.message).toBe('性别与身份证号不符：身份证号显示为男');
    const wrongDay = await app.call('POST', S('Create'), { token: district.token, body: profile(organId, { sex: 1, birthday: '1992-06-05' }) });
    expect(wrongDay.status).toBe(400);
    expect(wrongDay.body.error.message).toBe('出生日期与身份证号不符：身份证号显示为1992-05-06');
    expect(await app.db.selectFrom('partyMembers').select('id').where('idCard', '=', ID).executeTakeFirst()).toBeUndefined();
    // agreeing (or left empty): accepted
    const made = ok(await app.call('POST', S('Create'), { token: district.token, body: profile(organId, { sex: 1, birthday: '1992-05-06' }) }));
    expect(made.id).toBeGreaterThan(0);
    // an administrator's later edit that contradicts the stored number: refused too
    const got = ok(await app.call('GET', S('Get'), { token: district.token, query: { id: made.id } }));
    const edit = await app.call('PUT', S('UpdatePartyMemberInfo'), { token: district.token, body: { ...got, addition: { ...got.addition, birthday: '1990-01-01' } } });
    expect(edit.status).toBe(400);
    expect(edit.body.error.validationErrors[0]).toEqual({ message: '出生日期与身份证号不符：身份证号显示为1992-05-06', members: ['addition.birthday'] });
  });

  it('refuses the member\'s own profile with a birthday the number contradicts', async () => {
    const token = await app.login('member');
    const me = ok(await app.call('GET', S('GetCurrentPartyMemberInfo'), { token }));
    const stored = await app.db.selectFrom('partyMembers').select('idCard').where('id', '=', me.id).executeTakeFirstOrThrow();
    const born = `${stored.idCard!.slice(6, 10)}-${stored.idCard!.slice(10, 12)}-${stored.idCard!.slice(12, 14)}`;
    const other = born.endsWith('-01') ? `${born.slice(0, 8)}02` : `${born.slice(0, 8)}01`;
    const echoed = { ...me, addition: { ...me.addition, birthday: other } };
    const r = await app.call('PUT', S('UpdatePartyMemberInfo'), { token, body: echoed });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(`出生日期与身份证号不符：身份证号显示为${born}`);
  });
});
