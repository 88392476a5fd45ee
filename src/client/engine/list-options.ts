/**
 * The conveniences every engine list has (screens/README.md, "List conveniences"), as pure rules:
 * the column settings remembered per screen and user, the default 导出 of a list with a list call,
 * which row actions become bulk actions, and the Chinese report of a bulk run.
 */
import { allHold, type RefScope } from './refs';
import type { ActionDef, ColumnDef, DecisionDef } from './types';

/** The state of one column in 列设置: shown or not, its place (the shape ProTable kept, so settings users saved before still apply). */
export interface ColumnState {
  show?: boolean;
  order?: number;
  fixed?: 'left' | 'right' | undefined;
  disable?: boolean | { checkbox: boolean };
}
export type ColumnsState = Record<string, ColumnState>;

/** One user's column settings of one screen (and tab): another user of the same browser has his own. */
export function columnsStorageKey(tag: string, tabKey: string | undefined, userId: unknown): string {
  return `dj.columns.${tag}${tabKey ? `#${tabKey}` : ''}.u${userId ?? 0}`;
}

export function readColumnsState(key: string, storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ColumnsState | undefined {
  try {
    const v = JSON.parse(storage?.getItem(key) ?? 'null');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as ColumnsState) : undefined;
  } catch {
    return undefined; // a damaged entry is as good as none
  }
}

export function writeColumnsState(key: string, state: ColumnsState, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage) {
  try {
    storage?.setItem(key, JSON.stringify(state));
  } catch {
    /* storage full or disabled: the settings last until the page is left */
  }
}

/** The columns the user sees, in the order he set: an export writes these. */
export function shownColumns<T extends { field: string }>(columns: T[], state: ColumnsState | undefined): T[] {
  if (!state) return columns;
  const place = (c: T, i: number) => state[c.field]?.order ?? i;
  return columns
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => state[c.field]?.show !== false)
    .sort((a, b) => place(a.c, a.i) - place(b.c, b.i) || a.i - b.i)
    .map(({ c }) => c);
}

export const DEFAULT_EXPORT: ActionDef = { key: 'export', label: '导出', kind: 'export' };

/**
 * The toolbar with 导出 added where the screen has none: any list with a list call and a column the
 * server can write exports its filtered rows, unless the screen says `noExport`.
 */
export function withDefaultExport(toolbar: ActionDef[], list: { call?: string; noExport?: boolean; noPaging?: boolean; columns: ColumnDef[] }): ActionDef[] {
  if (list.noExport) return toolbar.filter((a) => a.kind !== 'export');
  if (!defaultExportable(list)) return toolbar;
  return toolbar.some((a) => a.kind === 'export') ? toolbar : [...toolbar, DEFAULT_EXPORT];
}

/**
 * Whether a list exports by default: the export service re-runs GET paged lists only, so not a
 * POST list nor an unpaged one (a plain array; such a screen may still declare its own 导出).
 */
export function defaultExportable(list: { call?: string; noPaging?: boolean; columns: ColumnDef[] }): boolean {
  if (!list.call || list.noPaging) return false;
  if (/^(POST|PUT|DELETE) /.test(list.call.trim())) return false;
  return list.columns.some((c) => c.valueType !== 'widget');
}

/**
 * A bulk action of the selection bar: 批量删除 from a delete, 批量审核 from an audit (the screen's
 * decision) or a workflow decision step. Row actions of the same label (one step offered under
 * different conditions, 转出审核) make one bulk action: each record takes the first that applies.
 */
export interface BulkDef {
  key: string;
  label: string;
  /** delete: confirm then delete; decision: 通过/不通过 and a remark for all, then the step per record */
  type: 'delete' | 'decision';
  actions: ActionDef[];
}

const isDecision = (a: ActionDef, decision?: DecisionDef) =>
  (a.kind === 'audit' && !!decision) || (a.kind === 'transition' && !!a.decision && !a.fields?.length && !!a.call);

export function bulkActions(rowActions: ActionDef[], decision: DecisionDef | undefined, permitted: (a: ActionDef) => boolean): BulkDef[] {
  const out: BulkDef[] = [];
  for (const a of rowActions) {
    if (!permitted(a)) continue;
    const type = a.kind === 'delete' ? 'delete' : isDecision(a, decision) ? 'decision' : null;
    if (!type) continue;
    const label = type === 'delete' ? '批量删除' : `批量${a.label}`;
    const same = out.find((b) => b.label === label);
    if (same) same.actions.push(a);
    else out.push({ key: `bulk-${a.key}`, label, type, actions: [a] });
  }
  return out;
}

/** The action of a bulk def that applies to this record (its conditions hold), if any. */
export const bulkActionFor = (b: BulkDef, scope: RefScope): ActionDef | undefined => b.actions.find((a) => allHold(a.visibleWhen, scope));

/** How a record is named in a report and its checkbox: the text of the column that opens it (else the first), else its id. */
export function recordName(record: Record<string, unknown>, columns: ColumnDef[]): string {
  const c = columns.find((x) => x.link) ?? columns[0];
  const v = c ? record[c.field] : undefined;
  if ((typeof v === 'string' && v.trim()) || typeof v === 'number') return String(v);
  return `ID ${String(record.id ?? '')}`;
}

export interface BulkOutcome {
  name: string;
  /** the server's (or the rule's) message; absent when the record succeeded */
  error?: string;
}

/** 3 条成功，1 条失败：计划甲：该记录不存在 */
export function bulkReport(outcomes: BulkOutcome[]): { ok: boolean; text: string } {
  const failed = outcomes.filter((o) => o.error);
  const good = outcomes.length - failed.length;
  if (!failed.length) return { ok: true, text: `${good} 条成功` };
  return { ok: false, text: `${good} 条成功，${failed.length} 条失败：${failed.map((f) => `${f.name}：${f.error}`).join('；')}` };
}

export const BULK_MSG = {
  confirmDelete: (n: number) => `确认删除选中的 ${n} 条记录？删除后不可恢复。`,
  decisionTitle: (label: string, n: number) => `${label}（已选 ${n} 条）`,
  notApplicable: (b: BulkDef) => (b.type === 'delete' ? '该记录不可删除' : '该记录当前不可审核'),
} as const;

/** Every column in the user's order, shown or not: the list of the 列设置 panel. */
export function settingsOrder<T extends { field: string }>(columns: T[], state: ColumnsState | undefined): T[] {
  if (!state) return columns;
  const place = (c: T, i: number) => state[c.field]?.order ?? i;
  return columns
    .map((c, i) => ({ c, i }))
    .sort((a, b) => place(a.c, a.i) - place(b.c, b.i) || a.i - b.i)
    .map(({ c }) => c);
}

/** The state with one column shown or hidden; the order as it stands is written with it. */
export function toggleColumn(fields: string[], state: ColumnsState | undefined, field: string, show: boolean): ColumnsState {
  const order = settingsOrder(fields.map((f) => ({ field: f })), state).map((c) => c.field);
  const next: ColumnsState = {};
  order.forEach((f, i) => (next[f] = { ...state?.[f], order: i, show: f === field ? show : state?.[f]?.show !== false }));
  return next;
}

/** The state with one column moved up (-1) or down (+1) in the order; at an end it stays. */
export function moveColumn(fields: string[], state: ColumnsState | undefined, field: string, delta: -1 | 1): ColumnsState {
  const order = settingsOrder(fields.map((f) => ({ field: f })), state).map((c) => c.field);
  const from = order.indexOf(field);
  const to = from + delta;
  if (from >= 0 && to >= 0 && to < order.length) [order[from], order[to]] = [order[to], order[from]];
  const next: ColumnsState = {};
  order.forEach((f, i) => (next[f] = { ...state?.[f], order: i, show: state?.[f]?.show !== false }));
  return next;
}

/** 重置 of 列设置: the screen's own columns again. */
export function removeColumnsState(key: string, storage: Pick<Storage, 'removeItem'> | undefined = globalThis.localStorage) {
  try {
    storage?.removeItem(key);
  } catch {
    /* storage disabled */
  }
}
