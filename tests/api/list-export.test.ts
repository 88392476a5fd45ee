/**
 * 导出 on every engine list (the list kind adds it by default): ExportService/Export re-runs the
 * screen's own list call, so it answers for every configured list, and never more than the list
 * call would — refused without the list's permission, limited to the caller's subtree.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readXlsxRows } from '../../src/server/xlsx/xlsx';
import { defaultExportable } from '../../src/client/engine/list-options';
import { exportQuery } from '../../src/client/engine/export-import';
import { resolveParams, isRef } from '../../src/client/engine/refs';
import type { ColumnDef, ScreenDef } from '../../src/client/engine/types';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';

const dataDir = mkdtempSync(join(tmpdir(), 'party-list-export-'));
let app: TestApp;
let province: { token: string; organId: number; organPath: string };
let district: { token: string; organId: number; organPath: string };
let district2: { token: string; organId: number; organPath: string };
const EXPORT = svc('ExportService', 'Export');
const T = (a: string) => svc('TeachingPlanService', a);

beforeAll(async () => {
  app = await startTestApp({ config: { dataDir } });
  province = await signInAsAdmin(app, 'admin');
  district = await signInAsAdmin(app, 'districtadmin');
  district2 = await signInAsAdmin(app, 'district2admin');
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every list of the configured screens (a screen's own and its tabs' with their own call), as the list kind sees it. */
function configuredLists() {
  const out: { name: string; call: string; columns: ColumnDef[]; params: Record<string, unknown> }[] = [];
  for (const f of readdirSync(join(process.cwd(), 'screens')).filter((x) => x.endsWith('.json'))) {
    const s = JSON.parse(readFileSync(join(process.cwd(), 'screens', f), 'utf8')) as ScreenDef;
    if (s.kind !== 'list' && s.kind !== 'audit') continue;
    const lists = [{ key: '', call: s.calls?.list, columns: s.columns ?? [], params: s.params ?? {} }];
    for (const t of s.tabs ?? []) if (!t.screen) lists.push({ key: t.key, call: t.call ?? s.calls?.list, columns: t.columns ?? s.columns ?? [], params: { ...(s.params ?? {}), ...(t.params ?? {}) } });
    for (const l of lists) {
      if (s.noExport || !defaultExportable({ call: l.call, noPaging: s.noPaging, columns: l.columns })) continue;
      out.push({ name: `${f}${l.key ? `#${l.key}` : ''}`, call: l.call!, columns: l.columns, params: l.params });
    }
  }
  return out;
}

describe('export of every configured list', () => {
  it('answers a workbook with the list’s columns for every list the list kind offers 导出 on', async () => {
    const lists = configuredLists();
    expect(lists.length).toBeGreaterThan(30);
    const problems: string[] = [];
    // 三员分立: roles are the 安全管理员's, the security log the 审计管理员's — exported by them
    const holders: Record<string, { token: string; organId: number }> = {
      'role.json': await signInAsAdmin(app, 'secadmin'),
      'security-log.json': await signInAsAdmin(app, 'auditadmin'),
    };
    for (const l of lists) {
      const as = holders[l.name.split('#')[0]] ?? province;
      // a list opened from a row (its params name the row or the query) is exported from there, with them
      if (Object.values(l.params).some((v) => isRef(v) && !String(v).startsWith('$session.'))) continue;
      const params = resolveParams(l.params, { session: { organId: as.organId } });
      const cols = l.columns.filter((c) => c.valueType !== 'widget').map((c) => ({ ...c, title: c.title ?? c.field }));
      const r = await app.call('GET', EXPORT, { token: as.token, query: exportQuery({ call: l.call, columns: cols, fileName: l.name, params }) as Record<string, string> });
      if (r.status !== 200) problems.push(`${l.name}: ${r.status} ${JSON.stringify(r.body?.error?.message ?? '')}`);
      else if (JSON.stringify(readXlsxRows(r.raw)[0]) !== JSON.stringify(cols.map((c) => c.title))) problems.push(`${l.name}: header`);
    }
    expect(problems).toEqual([]);
  });
});

describe('export never gives more than the list call would', () => {
  const columns = JSON.stringify([{ field: 'title', title: '计划名称' }]);
  it('without a token 401; without the list’s permission 403, as the list call itself', async () => {
    expect((await app.call('GET', EXPORT, { query: { call: 'TeachingPlanService/PageList', columns } })).status).toBe(401);
    const member = await app.login('member');
    expect((await app.call('GET', T('PageList'), { token: member })).status).toBe(403);
    const r = await app.call('GET', EXPORT, { token: member, query: { call: 'TeachingPlanService/PageList', columns } });
    expect(r.status).toBe(403);
    expect(r.body.error.message).toContain('Pages.TeachPlan');
  });
  it('the filters of the screen, every page, only the caller’s subtree', async () => {
    const tag = `导出范围${Date.now() % 100000}`;
    for (let i = 0; i < 3; i++) ok(await app.call('POST', T('Create'), { token: district.token, body: { title: `${tag}-温江-${i}`, year: 2031 + (i % 2), planType: 'annual', startDate: '2031-01-01', endDate: '2031-12-31', content: '内容' } }));
    ok(await app.call('POST', T('Create'), { token: district2.token, body: { title: `${tag}-郫都`, year: 2031, planType: 'annual', startDate: '2031-01-01', endDate: '2031-12-31', content: '内容' } }));
    const titles = async (token: string, extra: Record<string, string>) =>
      readXlsxRows((await app.call('GET', EXPORT, { token, query: { call: 'TeachingPlanService/PageList', columns, title: tag, ...extra } })).raw)
        .slice(1)
        .map((r) => r[0])
        .sort();
    expect(await titles(district.token, { year: '2031' })).toEqual([`${tag}-温江-0`, `${tag}-温江-2`]);
    expect(await titles(district2.token, {})).toEqual([`${tag}-郫都`]);
    expect(await titles(province.token, { year: '2031' })).toEqual([`${tag}-温江-0`, `${tag}-温江-2`, `${tag}-郫都`]);
    // paging params of the screen are ignored: every page comes
    expect(await titles(province.token, { skipCount: '2', maxResultCount: '1' })).toHaveLength(4);
  });
});
