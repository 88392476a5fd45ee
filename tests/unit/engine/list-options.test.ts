import { describe, expect, it } from 'vitest';
import {
  BULK_MSG,
  DEFAULT_EXPORT,
  bulkActionFor,
  bulkActions,
  bulkReport,
  columnsStorageKey,
  defaultExportable,
  moveColumn,
  settingsOrder,
  toggleColumn,
  readColumnsState,
  recordName,
  shownColumns,
  withDefaultExport,
  writeColumnsState,
} from '../../../src/client/engine/list-options';
import type { ActionDef, ColumnDef } from '../../../src/client/engine/types';
import { readConfigDir } from './config-dirs';

const cols: ColumnDef[] = [{ field: 'title', link: true }, { field: 'year' }, { field: 'planType' }];
const all = () => true;

class MemoryStorage {
  m = new Map<string, string>();
  getItem = (k: string) => this.m.get(k) ?? null;
  setItem = (k: string, v: string) => void this.m.set(k, v);
}

describe('column settings, remembered per screen and user', () => {
  it('keys the settings by screen, tab and user', () => {
    expect(columnsStorageKey('teachPlan', undefined, 12)).toBe('dj.columns.teachPlan.u12');
    expect(columnsStorageKey('teachPlan', 'issued', 12)).not.toBe(columnsStorageKey('teachPlan', undefined, 12));
    expect(columnsStorageKey('teachPlan', undefined, 12)).not.toBe(columnsStorageKey('teachPlan', undefined, 13));
  });
  it('reads back what it wrote; a damaged or foreign entry is none', () => {
    const s = new MemoryStorage();
    writeColumnsState('k', { year: { show: false } }, s);
    expect(readColumnsState('k', s)).toEqual({ year: { show: false } });
    s.setItem('bad', '{not json');
    expect(readColumnsState('bad', s)).toBeUndefined();
    s.setItem('arr', '[1]');
    expect(readColumnsState('arr', s)).toBeUndefined();
    expect(readColumnsState('none', s)).toBeUndefined();
  });
  it('the shown columns, in the user’s order, are what an export writes', () => {
    expect(shownColumns(cols, undefined).map((c) => c.field)).toEqual(['title', 'year', 'planType']);
    expect(shownColumns(cols, { year: { show: false } }).map((c) => c.field)).toEqual(['title', 'planType']);
    expect(shownColumns(cols, { title: { order: 2 }, year: { order: 0 }, planType: { order: 1 } }).map((c) => c.field)).toEqual(['year', 'planType', 'title']);
  });
  it('列设置 hides and moves columns; a hidden column keeps its place, an end stays an end', () => {
    const fields = cols.map((c) => c.field);
    const hidden = toggleColumn(fields, undefined, 'year', false);
    expect(shownColumns(cols, hidden).map((c) => c.field)).toEqual(['title', 'planType']);
    expect(settingsOrder(cols, hidden).map((c) => c.field)).toEqual(['title', 'year', 'planType']);
    const moved = moveColumn(fields, hidden, 'title', 1);
    expect(settingsOrder(cols, moved).map((c) => c.field)).toEqual(['year', 'title', 'planType']);
    expect(shownColumns(cols, moved).map((c) => c.field)).toEqual(['title', 'planType']);
    expect(moveColumn(fields, moved, 'year', -1)).toEqual(moved);
    expect(shownColumns(cols, toggleColumn(fields, moved, 'year', true)).map((c) => c.field)).toEqual(['year', 'title', 'planType']);
    // a column the screen gained since the settings were saved shows, after the saved ones
    expect(settingsOrder([...cols, { field: 'added' }], moved).map((c) => c.field)).toEqual(['year', 'title', 'planType', 'added']);
  });
});

describe('export by default', () => {
  it('adds 导出 to a paged GET list with a writable column, unless the screen opts out', () => {
    expect(withDefaultExport([], { call: 'X/PageList', columns: cols })).toEqual([DEFAULT_EXPORT]);
    expect(withDefaultExport([], { call: 'X/PageList', columns: cols, noExport: true })).toEqual([]);
    const own: ActionDef = { key: 'out', label: '导出计划', kind: 'export', fileName: '计划' };
    expect(withDefaultExport([own], { call: 'X/PageList', columns: cols })).toEqual([own]);
    expect(withDefaultExport([own], { call: 'X/PageList', columns: cols, noExport: true })).toEqual([]);
  });
  it('not for what the export service cannot re-run: no call, a POST list, an unpaged list, only widget columns', () => {
    expect(defaultExportable({ columns: cols })).toBe(false);
    expect(defaultExportable({ call: 'POST X/PageList', columns: cols })).toBe(false);
    expect(defaultExportable({ call: 'GET X/PageList', columns: cols })).toBe(true);
    expect(defaultExportable({ call: 'X/List', noPaging: true, columns: cols })).toBe(false);
    expect(defaultExportable({ call: 'X/PageList', columns: [{ field: 'cover', valueType: 'widget', widget: 'Image' }] })).toBe(false);
  });
});

describe('bulk actions', () => {
  const del: ActionDef = { key: 'delete', label: '删除', kind: 'delete', permission: 'P.Delete', visibleWhen: [{ field: 'organId', equals: '$session.organId' }] };
  const audit: ActionDef = { key: 'audit', label: '审核', kind: 'audit' };
  const step: ActionDef = { key: 'out', label: '转出审核', kind: 'transition', call: 'S/Audit', decision: true, visibleWhen: [{ field: 'stage', equals: 1 }] };
  const stepToo: ActionDef = { ...step, key: 'outToo', visibleWhen: [{ field: 'stage', equals: 2 }] };
  const withFields: ActionDef = { key: 'end', label: '结束流动', kind: 'transition', call: 'S/End', fields: ['endReason'] };
  const edit: ActionDef = { key: 'edit', label: '编辑', kind: 'edit' };

  it('a delete gives 批量删除, an audit (with the screen’s decision) or a decision step 批量审核', () => {
    expect(bulkActions([edit, del], undefined, all).map((b) => [b.label, b.type])).toEqual([['批量删除', 'delete']]);
    expect(bulkActions([audit], { call: 'S/Audit' }, all).map((b) => [b.label, b.type])).toEqual([['批量审核', 'decision']]);
    expect(bulkActions([audit], undefined, all)).toEqual([]);
    expect(bulkActions([withFields, edit], undefined, all)).toEqual([]);
  });
  it('is hidden when the role lacks the button permission', () => {
    expect(bulkActions([del], undefined, (a) => a.permission !== 'P.Delete')).toEqual([]);
  });
  it('one step offered under different conditions is one bulk action; each record takes the one that applies', () => {
    const [b] = bulkActions([step, stepToo], undefined, all);
    expect(b.label).toBe('批量转出审核');
    expect(bulkActionFor(b, { record: { stage: 2 } })?.key).toBe('outToo');
    expect(bulkActionFor(b, { record: { stage: 3 } })).toBeUndefined();
    const [d] = bulkActions([del], undefined, all);
    expect(bulkActionFor(d, { record: { organId: 5 }, session: { organId: 5 } })?.key).toBe('delete');
    expect(bulkActionFor(d, { record: { organId: 6 }, session: { organId: 5 } })).toBeUndefined();
  });
  it('names a record by its link column, else its first, else its id', () => {
    expect(recordName({ title: '计划甲', year: 2026 }, cols)).toBe('计划甲');
    expect(recordName({ ownerName: '李明', villageName: '凤凰社区' }, [{ field: 'ownerName' }, { field: 'villageName', link: true }])).toBe('凤凰社区');
    expect(recordName({ id: 9, title: ' ' }, cols)).toBe('ID 9');
  });
  it('reports in Chinese, naming every failed record and why', () => {
    expect(bulkReport([{ name: 'a' }, { name: 'b' }])).toEqual({ ok: true, text: '2 条成功' });
    expect(bulkReport([{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: '计划丁', error: '记录不存在' }])).toEqual({ ok: false, text: '3 条成功，1 条失败：计划丁：记录不存在' });
    expect(bulkReport([{ name: 'x', error: 'e1' }, { name: 'y', error: 'e2' }]).text).toBe('0 条成功，2 条失败：x：e1；y：e2');
    expect(BULK_MSG.confirmDelete(2)).toBe('确认删除选中的 2 条记录？删除后不可恢复。');
  });
  it('every configured screen: bulk actions only from delete and decision row actions', () => {
    for (const { json } of readConfigDir('screens')) {
      for (const rows of [json.rowActions ?? [], ...(json.tabs ?? []).map((t: { rowActions?: ActionDef[] }) => t.rowActions ?? [])]) {
        for (const b of bulkActions(rows, json.decision, all)) for (const a of b.actions) expect(['delete', 'audit', 'transition']).toContain(a.kind);
      }
    }
  });
});
