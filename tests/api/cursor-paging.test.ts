/**
 * The spec's cursor paging (core §3: PreSkipCount, LastId, PageIndex → `lastId`) on the lists the
 * original client pages by cursor: the same pages as offset paging, in the same order, complete,
 * with the same totals; a cursor from outside the caller's subtree or from another filter falls back
 * to offset paging and reveals nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readXlsxRows } from '../../src/server/xlsx/xlsx';
import { EXPORT_PAGE } from '../../src/server/services/export';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';

let app: TestApp;
let province: string;
let district: { token: string; organPath: string };
beforeAll(async () => {
  app = await startTestApp();
  province = (await signInAsAdmin(app, 'admin')).token;
  district = await signInAsAdmin(app, 'districtadmin');
});
afterAll(() => app?.close());

type PageAnswer = { totalCount: number; lastId: number | null; items: { id: number }[] };
const list = (call: string, token: string, query: Record<string, unknown>) => app.call('GET', call, { token, query }).then((r) => ok<PageAnswer>(r));

describe.each([
  // pages small enough for the demo province to fill several (it has a handful of administrators)
  ['PartyMemberService/PageList', svc('PartyMemberService', 'PageList'), 7],
  ['PartyMemberService/SearchPageList', svc('PartyMemberService', 'SearchPageList'), 7],
  ['UserService/AdminPageList', svc('UserService', 'AdminPageList'), 1],
])('%s by cursor', (_name, call, size) => {
  it('walks the whole list page by page as offset paging does, answering each page\'s lastId', async () => {
    const byOffset: number[] = [];
    const byCursor: number[] = [];
    let prev: { skip: number; lastId: number | null } | null = null;
    for (let page = 1; page <= 40; page++) {
      const skip = (page - 1) * size;
      const offset = await list(call, province, { SkipCount: skip, MaxResultCount: size });
      const cursor = await list(call, province, { MaxResultCount: size, PageIndex: page, ...(prev?.lastId ? { PreSkipCount: prev.skip, LastId: prev.lastId } : {}) });
      expect(cursor.items.map((i) => i.id)).toEqual(offset.items.map((i) => i.id));
      expect(cursor.totalCount).toBe(offset.totalCount);
      expect(cursor.lastId).toBe(offset.items.at(-1)?.id ?? null);
      byOffset.push(...offset.items.map((i) => i.id));
      byCursor.push(...cursor.items.map((i) => i.id));
      if (offset.items.length < size) break;
      prev = { skip, lastId: cursor.lastId };
    }
    expect(byCursor).toEqual(byOffset);
    expect(new Set(byCursor).size).toBe(byCursor.length);
    expect(byCursor.length).toBeGreaterThan(size);
  });

  it('jumps ahead from a cursor (page 2 → page 4) to what offset paging answers', async () => {
    const two = await list(call, province, { SkipCount: size, MaxResultCount: size });
    const four = await list(call, province, { SkipCount: 3 * size, MaxResultCount: size });
    const jumped = await list(call, province, { SkipCount: 3 * size, MaxResultCount: size, PreSkipCount: size, LastId: two.lastId });
    expect(jumped.items.map((i) => i.id)).toEqual(four.items.map((i) => i.id));
    expect(jumped.totalCount).toBe(four.totalCount);
    // a cursor behind the page asked for (going back) is not used: offset paging answers
    const back = await list(call, province, { SkipCount: 0, MaxResultCount: size, PreSkipCount: 3 * size, LastId: four.lastId });
    expect(back.items.map((i) => i.id)).toEqual((await list(call, province, { SkipCount: 0, MaxResultCount: size })).items.map((i) => i.id));
  });
});

describe('a cursor cannot reach beyond the caller', () => {
  it("a district administrator's cursor naming a member outside his subtree falls back to offset paging inside it", async () => {
    const call = svc('PartyMemberService', 'PageList');
    const all = await list(call, province, { SkipCount: 0, MaxResultCount: 1000 });
    const mine = await list(call, district.token, { SkipCount: 0, MaxResultCount: 1000 });
    const mineIds = new Set(mine.items.map((i) => i.id));
    const outsider = all.items.find((i) => !mineIds.has(i.id))!;
    expect(outsider).toBeTruthy();
    const page = await list(call, district.token, { SkipCount: 5, MaxResultCount: 5, PreSkipCount: 0, LastId: outsider.id });
    expect(page.items.map((i) => i.id)).toEqual(mine.items.slice(5, 10).map((i) => i.id));
    for (const i of page.items) expect(mineIds.has(i.id)).toBe(true);
  });

  it('bad cursors are refused in Chinese, never a 500', async () => {
    const r = await app.call('GET', svc('PartyMemberService', 'PageList'), { token: province, query: { LastId: 'x', PreSkipCount: -1, MaxResultCount: 5 } });
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await app.call('GET', svc('PartyMemberService', 'PageList'), { query: { LastId: 1, PreSkipCount: 0 } })).status).toBe(401);
  });
});

describe('the export reads a cursor list on from each page\'s last row', () => {
  it('every member once, in the list\'s order, across several export pages', async () => {
    // enough members for three export pages: copies of a branch member, no numbers (unique ones), in one
    // statement (the kept subtree counts and figures follow it once per statement, migration 046)
    await sql`INSERT INTO party_members (organ_id, organ_path, name, sex, status)
      SELECT m.organ_id, m.organ_path, '导出成员' || g, 1, 1
      FROM (SELECT organ_id, organ_path FROM party_members WHERE status = 1 AND NOT is_deleted ORDER BY id LIMIT 1) m, generate_series(1, ${2 * EXPORT_PAGE + 300}) g`.execute(app.db);
    const call = svc('PartyMemberService', 'PageList');
    const ids: number[] = [];
    for (let skip = 0; ; skip += 1000) {
      const page = await list(call, province, { SkipCount: skip, MaxResultCount: 1000 });
      ids.push(...page.items.map((i) => i.id));
      if (page.items.length < 1000) break;
    }
    expect(ids.length).toBeGreaterThan(2 * EXPORT_PAGE);
    const r = await app.call('GET', svc('ExportService', 'Export'), { token: province, query: { call: 'PartyMemberService/PageList', columns: JSON.stringify([{ field: 'id', title: '编号' }, { field: 'name', title: '姓名' }]) } });
    expect(r.status).toBe(200);
    const rows = readXlsxRows(r.raw).slice(1);
    expect(rows.map((row) => Number(row[0]))).toEqual(ids);
  });
});
