/**
 * 党费 (PartyDuesService): a base set by the branch, payment with an idempotency key — paid once
 * under ten simultaneous identical submissions, and once under ten different keys for one month —,
 * the branch's confirmation and return, the arrears list, expenditure; 401 / 403 / subtree; bad
 * input answered 400. The clock is held in March of the year after the seed's, so the demo's
 * payments (of the seed's year) never meet these.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { entityFile } from '../../src/server/records/entity-input';
import { DUES_MSG } from '../../src/server/domains/dues/party-dues';

const D = (action: string) => svc('PartyDuesService', action);
const YEAR = new Date().getUTCFullYear() + 1;

let app: TestApp;
let member: string;
let memberId: number;
let branch: { token: string; organId: number; organPath: string };
let district2: { token: string; organId: number; organPath: string };

const pay = (token: string, body: Record<string, unknown>) => app.call('POST', D('PayPartyBues'), { token, body });

beforeAll(async () => {
  app = await startTestApp({ config: { tokenTtlSeconds: 30 * 86400 } });
  // 10:00 on 15 March in China
  app.freeze(`${YEAR}-03-15T02:00:00Z`);
  member = await app.login('member');
  branch = await signInAsAdmin(app, 'branchadmin');
  district2 = await signInAsAdmin(app, 'district2admin');
  const m = await app.db
    .selectFrom('partyMembers as m')
    .innerJoin('users as u', 'u.id', 'm.userId')
    .select('m.id')
    .where('u.userName', '=', 'member')
    .executeTakeFirstOrThrow();
  memberId = m.id;
});
afterAll(() => app?.close());

describe('access', () => {
  it('401 without a token, 403 without Pages.PartyDues, 404 for a member beyond the subtree', async () => {
    expect((await app.call('GET', D('GetMyPayBase'))).status).toBe(401);
    expect((await app.call('POST', D('PayPartyBues'), { body: { idempotencyKey: randomUUID(), months: [1] } })).status).toBe(401);
    expect((await app.call('GET', D('PayDuesPageList'), { token: member })).status).toBe(403);
    expect((await app.call('POST', D('SetPayBase'), { token: member, body: { memberId, category: 'job', baseIncome: 100 } })).status).toBe(403);
    expect((await app.call('GET', D('ArrearsPageList'), { token: member })).status).toBe(403);
    // 郫都区's administrator does not reach 凤凰社区's member, by id either
    const far = await app.call('POST', D('SetPayBase'), { token: district2.token, body: { memberId, year: YEAR, category: 'job', baseIncome: 400_000 } });
    expect(far.status).toBe(404);
    expect((await app.call('GET', D('GetPayBase'), { token: district2.token, query: { memberId } })).status).toBe(404);
    // and may not name 凤凰社区 as the organisation of a list
    expect((await app.call('GET', D('PayBasePageList'), { token: district2.token, query: { organPath: branch.organPath } })).status).toBe(403);
  });
});

describe('a member pays his dues', () => {
  it('without a base he is told the branch has not set it', async () => {
    const base = ok(await app.call('GET', D('GetMyPayBase'), { token: member }));
    expect(base).toMatchObject({ year: YEAR, hasBase: false, online: false });
    expect(base.payNotice).toContain('尚未接入线上支付');
    const r = await pay(member, { idempotencyKey: randomUUID(), months: [1] });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(`党支部尚未核定您${YEAR}年的党费缴纳基数，暂不能缴纳，请联系所在党支部`);
  });

  it('the branch sets his base from the bands; every change is recorded', async () => {
    const first = ok(await app.call('POST', D('SetPayBase'), { token: branch.token, body: { memberId, year: YEAR, category: 'job', baseIncome: 300_000 } }));
    expect(first).toMatchObject({ band: 'job1', monthlyAmount: 1500 });
    // 4,567.89 元 → 1%: 45.6789 → 45.68 元
    const second = ok(await app.call('POST', D('SetPayBase'), { token: branch.token, body: { memberId, year: YEAR, category: 'job', baseIncome: 456_789, remark: '工资调整' } }));
    expect(second).toMatchObject({ band: 'job2', monthlyAmount: 4568 });
    const changes = ok(await app.call('GET', D('UserPayBaseChangeRecordPageList'), { token: branch.token, query: { memberId } }));
    expect(changes.items.slice(0, 2).map((c: any) => [c.oldMonthlyAmount, c.newMonthlyAmount])).toEqual([[1500, 4568], [null, 1500]]);
    const mine = ok(await app.call('GET', D('GetMyPayBase'), { token: member }));
    expect(mine).toMatchObject({ hasBase: true, category: 'job', baseIncome: 456_789, band: 'job2', monthlyAmount: 4568 });
    const list = ok(await app.call('GET', D('PayBasePageList'), { token: branch.token, query: { year: YEAR, name: '李明' } }));
    expect(list.items.find((x: any) => x.memberId === memberId)).toMatchObject({ hasBase: true, monthlyAmount: 4568 });
  });

  it('bad base input answers 400 in Chinese, never 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ memberId, category: 'fixed', fixedAmount: 10 }, '学生、下岗失业、依靠抚恤或救济生活的党员和农民党员每月缴纳0.20元至1.00元'],
      [{ memberId, category: 'fixed' }, '请输入每月缴纳额（0.20至1.00元）'],
      [{ memberId, category: 'job' }, '请输入税后月收入（元）'],
      [{ memberId, category: 'boss', baseIncome: 1 }, '请选择党员类别'],
      [{ memberId, category: 'job', baseIncome: 12.5 }, '税后月收入须在0至1000000元之间'],
      [{ memberId, category: 'job', baseIncome: 'abc' }, '税后月收入须在0至1000000元之间'],
    ];
    for (const [body, message] of cases) {
      const r = await app.call('POST', D('SetPayBase'), { token: branch.token, body: { year: YEAR, ...body } });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toContain(message);
    }
  });

  it('ten simultaneous submissions of one attempt pay once, with ten equal answers', async () => {
    const idempotencyKey = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(member, { idempotencyKey, year: YEAR, months: [1] })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const results = answers.map((a) => a.body.result);
    for (const r of results) expect(r).toEqual(results[0]);
    expect(results[0]).toMatchObject({ months: [1], amount: 4568, status: 0, statusText: '待确认', channel: 'offline' });
    expect(results[0].message).toContain('支部确认收款后');
    const rows = await app.db.selectFrom('partyDuesPayments').select('id').where('idempotencyKey', '=', idempotencyKey).execute();
    expect(rows).toHaveLength(1);
    // a retry later gets the same answer again
    expect(ok(await pay(member, { idempotencyKey, year: YEAR, months: [1] }))).toEqual(results[0]);
    // the same key with other months is refused
    const other = await pay(member, { idempotencyKey, year: YEAR, months: [2] });
    expect(other.status).toBe(400);
    expect(other.body.error.message).toBe('该缴费请求编号已用于另一笔缴费，请刷新页面后重试');
  });

  it('ten tabs paying one month with their own keys: exactly one succeeds', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(member, { idempotencyKey: randomUUID(), year: YEAR, months: [2, 3] })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => a.status)).toEqual(Array(9).fill(400));
    for (const r of refused) expect(r.body.error.message).toBe('2、3月的党费已缴纳或正待支部确认，请勿重复缴纳');
    const held = await app.db.selectFrom('partyDuesPaymentMonths').select(['month', 'paymentId']).where('memberId', '=', memberId).where('year', '=', YEAR).execute();
    expect(held.map((h) => h.month).sort()).toEqual([1, 2, 3]);
    // the database itself holds a month once (the race the check above cannot see): a second row is refused
    const twin = held.find((h) => h.month === 2)!;
    const other = held.find((h) => h.paymentId !== twin.paymentId)!;
    await expect(app.db.insertInto('partyDuesPaymentMonths').values({ paymentId: other.paymentId, memberId, year: YEAR, month: 2, amount: 1, status: 0 }).execute()).rejects.toMatchObject({ code: '23505' });
    // a month already held, a later month, a later year, bad keys and months: 400 each
    const bad: [Record<string, unknown>, string][] = [
      [{ idempotencyKey: randomUUID(), year: YEAR, months: [1] }, '1月的党费已缴纳或正待支部确认，请勿重复缴纳'],
      [{ idempotencyKey: randomUUID(), year: YEAR, months: [4] }, '只能缴纳本月及以前月份的党费'],
      [{ idempotencyKey: randomUUID(), year: YEAR + 1, months: [1] }, '不能缴纳以后年度的党费'],
      [{ idempotencyKey: 'x', months: [1] }, '缴费请求编号无效，请刷新页面后重试'],
      [{ idempotencyKey: randomUUID(), months: [] }, '请选择要缴纳的月份'],
      [{ idempotencyKey: randomUUID(), months: [13] }, '月份须为1至12'],
      [{ idempotencyKey: randomUUID(), months: 'all' }, '月份须为1至12'],
      [{ idempotencyKey: randomUUID() }, '请选择要缴纳的月份'],
    ];
    for (const [body, message] of bad) {
      const r = await pay(member, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toContain(message);
    }
  });

  it('his months by state, the branch confirms one payment and returns the other', async () => {
    let rec = ok(await app.call('GET', D('MyPayRecord'), { token: member }));
    expect(rec.months.map((m: any) => m.stateText)).toEqual(['待确认', '待确认', '待确认']);
    expect(rec).toMatchObject({ currentMonth: 3, unpaidCount: 0, paidAmount: 0 });
    const pending = ok(await app.call('GET', D('PayDuesPageList'), { token: branch.token, query: { status: 0, year: YEAR } }));
    const [single, pair] = [pending.items.find((p: any) => p.months.length === 1), pending.items.find((p: any) => p.months.length === 2)];
    expect(pair.amount).toBe(9136);
    // beyond the subtree: missing
    expect((await app.call('POST', D('ConfirmPay'), { token: district2.token, body: { id: single.id } })).status).toBe(404);
    expect(ok(await app.call('POST', D('ConfirmPay'), { token: branch.token, body: { id: single.id } })).statusText).toBe('已缴');
    const twice = await app.call('POST', D('ConfirmPay'), { token: branch.token, body: { id: single.id } });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe('该笔缴费已处理');
    const noRemark = await app.call('POST', D('RejectPay'), { token: branch.token, body: { id: pair.id, remark: ' ' } });
    expect(noRemark.body.error.message).toBe('请输入退回原因');
    ok(await app.call('POST', D('RejectPay'), { token: branch.token, body: { id: pair.id, remark: '未收到款项' } }));
    rec = ok(await app.call('GET', D('MyPayRecord'), { token: member }));
    expect(rec.months.map((m: any) => m.stateText)).toEqual(['已缴', '未缴', '未缴']);
    expect(rec).toMatchObject({ paidAmount: 4568, unpaidCount: 2, owedAmount: 9136 });
    // the returned months can be paid again
    ok(await pay(member, { idempotencyKey: randomUUID(), months: [2] }));
  });

  it('the arrears list shows him with the months and the amount still owed', async () => {
    const list = ok(await app.call('GET', D('ArrearsPageList'), { token: branch.token, query: { year: YEAR, name: '李明' } }));
    expect(list.items.find((x: any) => x.memberId === memberId)).toMatchObject({ unpaidCount: 1, owedAmount: 4568, unpaidMonths: '3月', dueMonths: 3 });
    const far = ok(await app.call('GET', D('ArrearsPageList'), { token: district2.token, query: { year: YEAR } }));
    expect(far.items.some((x: any) => x.memberId === memberId)).toBe(false);
  });

  it('the arrears by organisation: the district row holds the branch member, the branch counts him as its own', async () => {
    const district = await signInAsAdmin(app, 'districtadmin');
    const byOrgan = ok(await app.call('GET', D('ArrearsStatistics'), { token: district.token, query: { year: YEAR } }));
    expect(byOrgan.measures.map((m: any) => m.key)).toEqual(['members', 'months', 'owed']);
    // only 李明 has a base in that year: one member, one month, 45.68 元, under the street's row
    expect(byOrgan.totals).toEqual({ members: 1, months: 1, owed: 4568 });
    expect(byOrgan.rows).toHaveLength(1);
    expect(branch.organPath.startsWith(byOrgan.rows[0].organPath)).toBe(true);
    const own = ok(await app.call('GET', D('ArrearsStatistics'), { token: branch.token, query: { year: YEAR } }));
    expect(own.rows).toEqual([{ key: '本级', label: '本级', members: 1, months: 1, owed: 4568 }]);
    expect((await app.call('GET', D('ArrearsStatistics'), { token: district2.token, query: { organPath: branch.organPath } })).status).toBe(403);
  });
});

describe('the payment gateway', () => {
  it('a gateway that settles at once is stored as it answers; without one, payments are offline', async () => {
    app.ctx.duesGateway = { channel: 'testbank', start: async () => ({ status: 1, channel: 'testbank', message: '' }) };
    try {
      const paid = ok(await pay(member, { idempotencyKey: randomUUID(), months: [3] }));
      expect(paid).toMatchObject({ months: [3], status: 1, statusText: '已缴', channel: 'testbank', message: '' });
      expect(ok(await app.call('GET', D('GetMyPayBase'), { token: member }))).toMatchObject({ online: true, payNotice: '' });
    } finally {
      app.ctx.duesGateway = undefined;
    }
    const rec = ok(await app.call('GET', D('MyPayRecord'), { token: member }));
    expect(rec.months.map((m: any) => m.stateText)).toEqual(['已缴', '待确认', '已缴']);
    expect(ok(await app.call('GET', D('GetMyPayBase'), { token: member })).online).toBe(false);
  });
});

describe('expenditure', () => {
  it('the branch records an expenditure of its organisation; others do not see it', async () => {
    const bad = await app.call('POST', D('AddPayOutRecord'), { token: branch.token, body: { payDate: `${YEAR}-03-16`, amount: 100, purpose: '慰问', handler: '赵丽华' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('支出日期不能晚于今天');
    const zero = await app.call('POST', D('AddPayOutRecord'), { token: branch.token, body: { payDate: `${YEAR}-03-10`, amount: 0, purpose: '慰问', handler: '赵丽华' } });
    expect(zero.body.error.message).toBe('金额须大于0元');
    const { id } = ok(await app.call('POST', D('AddPayOutRecord'), { token: branch.token, body: { payDate: `${YEAR}-03-10`, amount: 50_000, purpose: '慰问困难党员', handler: '赵丽华' } }));
    const list = ok(await app.call('GET', D('PayOutPageList'), { token: branch.token, query: { payDateStart: `${YEAR}-03-01`, payDateEnd: `${YEAR}-03-31` } }));
    expect(list.items[0]).toMatchObject({ id, payDate: `${YEAR}-03-10`, amount: 50_000, purpose: '慰问困难党员' });
    const far = ok(await app.call('GET', D('PayOutPageList'), { token: district2.token }));
    expect(far.items.some((x: any) => x.id === id)).toBe(false);
  });

  it('bad input of an expenditure answers the messages of the spec (limits of schemas/party-dues-payout.json)', async () => {
    const base = { payDate: `${YEAR}-03-10`, amount: 100, purpose: '慰问', handler: '赵丽华' };
    const cases: [Record<string, unknown>, string][] = [
      [{ payDate: `${YEAR}/03/10` }, DUES_MSG.payDate],
      [{ payDate: `${YEAR}-02-30` }, DUES_MSG.payDate],
      [{ payDate: `${YEAR}-03-10T00:00:00` }, DUES_MSG.payDate],
      [{ payDate: '' }, DUES_MSG.payDate],
      [{ amount: 100_000_001 }, '金额须大于0元'],
      [{ purpose: '' }, DUES_MSG.purpose],
      [{ handler: 'x'.repeat(51) }, '经办人不能超过50个字符'],
    ];
    for (const [body, message] of cases) {
      const r = await app.call('POST', D('AddPayOutRecord'), { token: branch.token, body: { ...base, ...body } });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message, JSON.stringify(body)).toContain(message);
    }
  });

  it('the entity files carry the messages of the spec the server answers', () => {
    const base = entityFile('partyDuesBase').schema.properties as Record<string, Record<string, unknown>>;
    expect(base.category['x-message']).toBe(DUES_MSG.category);
    expect(base.baseIncome['x-message']).toBe(DUES_MSG.incomeRange);
    expect(base.fixedAmount['x-message']).toBe(DUES_MSG.fixedRange);
    const payout = entityFile('partyDuesPayout').schema.properties as Record<string, Record<string, unknown>>;
    expect(payout.payDate['x-message']).toBe(DUES_MSG.payDate);
    expect(payout.amount['x-required-message']).toBe(DUES_MSG.amount);
  });

  it('the scale lists the bands of the code table', async () => {
    const scale = ok(await app.call('GET', D('GetPayScle'), { token: branch.token }));
    const codes = await app.db.selectFrom('baseCodes').select(['value']).where('typeName', '=', 'PartyDuesScale').orderBy('sort').orderBy('id').execute();
    expect(codes.map((c) => c.value)).toEqual(scale.items.map((b: any) => b.value));
  });
});
