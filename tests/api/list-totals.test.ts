/**
 * The totals of paged lists (core §4): counted only as far as the client shows them — 101
 * past the page's start, or the page and one more — never the whole table; an export counts to its
 * limit and one more. The demo province has 628 members.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCap, TOTAL_CAP } from '../../src/server/http/paging';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';

let app: TestApp;
let token: string;
let members: number;

beforeAll(async () => {
  app = await startTestApp();
  token = (await signInAsAdmin(app, 'admin')).token;
  members = Number((await app.db.selectFrom('partyMembers').select((eb) => eb.fn.countAll<number>().as('n')).where('isDeleted', '=', false).executeTakeFirstOrThrow()).n);
});
afterAll(async () => {
  await app?.close();
});

const page = (query: Record<string, unknown>) => app.call('GET', svc('PartyMemberService', 'PageList'), { token, query });

describe('paged list totals', () => {
  it('stop at 101 past the page start, grow as pages advance, and are exact below the cap', async () => {
    expect(members).toBeGreaterThan(300);
    const first = ok(await page({ skipCount: 0, maxResultCount: 10 }));
    expect(first.totalCount).toBe(TOTAL_CAP);
    expect(first.items).toHaveLength(10);
    const third = ok(await page({ skipCount: 200, maxResultCount: 10 }));
    expect(third.totalCount).toBe(200 + TOTAL_CAP);
    // a page near the end: the real number
    const last = ok(await page({ skipCount: members - 5, maxResultCount: 10 }));
    expect(last.totalCount).toBe(members);
    expect(last.items).toHaveLength(5);
    // at and past the end: the exact total and no rows (the page is not walked to)
    for (const skipCount of [members, members + 2000]) expect(ok(await page({ skipCount, maxResultCount: 10 }))).toMatchObject({ totalCount: members, items: [] });
    // a page bigger than the cap counts itself and one more
    expect(ok(await page({ skipCount: 0, maxResultCount: 1000 })).totalCount).toBe(members);
    // a filter with few rows: exact
    const few = ok(await page({ name: '王建国', skipCount: 0, maxResultCount: 10 }));
    expect(few.totalCount).toBe(few.items.length);
  });

  it('the cap as a rule', () => {
    expect(countCap({ skipCount: 0, maxResultCount: 10 })).toBe(101);
    expect(countCap({ skipCount: 90, maxResultCount: 10 })).toBe(191);
    expect(countCap({ skipCount: 0, maxResultCount: 500 })).toBe(501);
  });

  it('学时核查 counts the same way', async () => {
    const district = (await signInAsAdmin(app, 'admin')).token;
    const r = ok(await app.call('GET', svc('PeriodManageService', 'PeriodCheckPageList'), { token: district, query: { skipCount: 0, maxResultCount: 10 } }));
    expect(r.totalCount).toBe(TOTAL_CAP);
  });
});
