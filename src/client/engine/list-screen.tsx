/**
 * List (and audit list): the list call through the one request wrapper with
 * SkipCount/MaxResultCount and the filters (query cleaning of core §5), the pager of core §9, the
 * page number kept in the query (num) for the back bar, toolbar and row actions, empty states; and
 * on every list the options of list-table.tsx (refresh with the same filters and page, density, column
 * settings remembered per screen and user), 导出 of the filtered rows, and bulk delete / audit of the selected
 * rows where the screen has those row actions (list-options.ts, bulk.tsx).
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { Key } from 'react';
import { Empty, Modal, Spin } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { PagedResult } from '../../contract/types';
import { cleanQuery } from '../utils/query';
import { PAGER_PAGE_SIZE, toSkip } from '../utils/paging';
import Pager from '../widgets/pager';
import { toastSuccess } from '../api/toast';
import { invoke } from './calls';
import { Value, resolveColumn } from './fields';
import { FilterBar, filterQuery } from './filter-bar';
import { ActionBar, navigateTarget, useActionRunner, usePermitted, useSessionScope, visibleActions } from './actions';
import { DEFAULT_SUCCESS } from './success';
import { resolveParams, resolveValue, type RefScope } from './refs';
import { editedFields, pickBody } from './entity-body';
import { useExport } from './export-import';
import type { TreePanelHandle } from './tree-panel';
import { bulkActions, columnsStorageKey, readColumnsState, recordName, removeColumnsState, shownColumns, withDefaultExport, writeColumnsState, type ColumnsState } from './list-options';
import { BulkButtons, selectAllTitle, useBulkRunner } from './bulk';
import { getKind, isKindRegistered } from './kinds';
import type { ActionDef, ScreenDef, TabDef, UiConfig } from './types';
import { ListTable } from './list-table';
import { BackBar } from './back-bar';
import { cursorOf, cursorParams, type PageCursor } from './cursor-paging';

// what opens over the list (the form with Formily, a detail, an audit) loads when first opened
const EntityForm = lazy(() => import('./entity-form').then((m) => ({ default: m.EntityForm })));
const DetailView = lazy(() => import('./detail').then((m) => ({ default: m.DetailView })));
const ContextDetail = lazy(() => import('./detail').then((m) => ({ default: m.ContextDetail })));
const AuditPanel = lazy(() => import('./audit').then((m) => ({ default: m.AuditPanel })));
// and what only some lists have: tabs, a hierarchy beside the list
const Tabs = lazy(() => import('antd/es/tabs'));
const Drawer = lazy(() => import('antd/es/drawer'));
const ListSummary = lazy(() => import('./list-summary').then((m) => ({ default: m.ListSummary })));
const TreePanel = lazy(() => import('./tree-panel').then((m) => ({ default: m.TreePanel })));

export { filterQuery };

/** A tab showing another screen (e.g. the statistics of the list's records) through the kind registry. */
function TabScreen({ screen, config, basePath }: { screen: ScreenDef; config: UiConfig; basePath: string }) {
  if (!isKindRegistered(screen.kind)) return <Empty description="无数据" />;
  const Kind = getKind(screen.kind);
  return (
    <Suspense
      fallback={
        <div className="dj-loading" role="status">
          <Spin />
        </div>
      }
    >
      <Kind screen={screen} config={config} basePath={basePath} />
    </Suspense>
  );
}

/** Tree rows (a class tree): a leaf's empty `children` would still show an expand button. */
export function pruneLeaves(items: Record<string, unknown>[]): Record<string, unknown>[] {
  return items.map((i) => {
    if (!Array.isArray(i.children)) return i;
    if (!i.children.length) {
      const { children: _c, ...rest } = i;
      return rest;
    }
    return { ...i, children: pruneLeaves(i.children as Record<string, unknown>[]) };
  });
}

type Overlay =
  | { type: 'form'; mode: 'create' | 'edit'; record?: Record<string, unknown>; initial?: Record<string, unknown>; action: ActionDef }
  | { type: 'detail'; record: Record<string, unknown>; action: ActionDef }
  | { type: 'audit'; record: Record<string, unknown>; action: ActionDef }
  | { type: 'screen'; screen: ScreenDef; context: Record<string, unknown>; action: ActionDef }
  | null;

/**
 * The form dialog's title says what it does: a create whose button names the screen's own thing
 * (发布通知公告 on 通知公告, of the shared entity 公开信息) takes the button's words; else 新增/编辑 + the entity.
 */
function formTitle(mode: 'create' | 'edit', action: ActionDef, screenTitle: string | undefined, entityTitle: string | undefined) {
  if (mode === 'create' && action.label && screenTitle && action.label.endsWith(screenTitle) && action.label !== screenTitle) return action.label;
  return `${mode === 'create' ? '新增' : '编辑'}${entityTitle ?? ''}`;
}

export interface ListScreenProps {
  screen: ScreenDef;
  config: UiConfig;
  /** the menu's path (permission child routes hang below it) */
  basePath: string;
  /** set when the list is inside a dialog or a detail: no page number in the query */
  context?: Record<string, unknown>;
  embedded?: boolean;
}

/** Without a tree a list renders as before (no extra elements); with one, tree and list side by side. */
const Wrap = ({ tree, main, children }: { tree: boolean; main?: boolean; children: React.ReactNode }) =>
  tree ? <div className={main ? 'dj-list-main' : 'dj-list-with-tree'}>{children}</div> : <>{children}</>;

export function ListScreen({ screen, config, basePath, context, embedded }: ListScreenProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const permitted = usePermitted();
  const session = useSessionScope();
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(location.search)), [location.search]);
  const tabs = (screen.tabs ?? []).filter((t) => permitted(t));
  const [tabKey, setTabKey] = useState<string | undefined>(() => (!embedded && query.tab && tabs.some((t) => t.key === query.tab) ? query.tab : tabs[0]?.key));
  const tab: TabDef | undefined = tabs.find((t) => t.key === tabKey);
  const tabScreen = tab?.screen ? config.screens[tab.screen] : undefined;
  const eff = {
    call: tab?.call ?? screen.calls?.list,
    params: { ...(screen.params ?? {}), ...(tab?.params ?? {}) },
    columns: tab?.columns ?? screen.columns ?? [],
    filters: tab?.filters ?? screen.filters ?? [],
    toolbar: tab?.toolbar ?? screen.toolbar ?? [],
    rowActions: tab?.rowActions ?? screen.rowActions ?? [],
    empty: tab?.empty ?? screen.empty ?? '无数据',
    // a tab without figures of its own shows the screen's (the 阅读情况 of both its tabs)
    summary: tab?.summary ?? screen.summary,
  };
  const entity = screen.entity ? config.entities[screen.entity] : undefined;
  const pageSize = screen.pageSize ?? PAGER_PAGE_SIZE;
  const [pageIndex, setPageIndex] = useState(() => (embedded ? 1 : Math.max(1, Number(query.num) || 1)));
  const [filterValues, setFilterValues] = useState<Record<string, unknown>>({});
  // the list answer's figures (eff.summary), of the tab that fetched them
  const [summary, setSummary] = useState<{ tab: string | undefined; value: Record<string, unknown> | null }>({ tab: undefined, value: null });
  const [total, setTotal] = useState(0);
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [rows, setRows] = useState<Record<string, unknown>[]>([]);
  const [loading, setLoading] = useState(false);
  // a reload asks for the same params again; an answer overtaken by a newer request is dropped
  const [reloads, setReloads] = useState(0);
  const requestSeq = useRef(0);
  // where the last page ended, for the cursor variant of paging (lists that answer lastId)
  const pageCursor = useRef<PageCursor | null>(null);
  const colsKey = columnsStorageKey(screen.tag, tabKey, session.userId);
  const [columnsState, setColumnsState] = useState<ColumnsState | undefined>(() => readColumnsState(colsKey));
  useEffect(() => setColumnsState(readColumnsState(colsKey)), [colsKey]);
  const [selected, setSelected] = useState<{ keys: Key[]; rows: Record<string, unknown>[] }>({ keys: [], rows: [] });
  const clearSelection = () => setSelected({ keys: [], rows: [] });
  const scope: RefScope = { session, query, context: context ?? null };

  // the page number lives in the query (num) so that the back bar of a detail returns to it
  useEffect(() => {
    if (embedded) return;
    const cur = search.get('num');
    if (String(pageIndex) === (cur ?? '1')) return;
    const next = new URLSearchParams(search);
    if (pageIndex > 1) next.set('num', String(pageIndex));
    else next.delete('num');
    setSearch(next, { replace: true });
  }, [pageIndex, embedded, search, setSearch]);

  const treeRef = useRef<TreePanelHandle>(null);
  const [treeNode, setTreeNode] = useState<Record<string, unknown> | null>(null);
  // one object per chosen node, so the table's params change only when the node does
  const treeParams = useMemo(() => (screen.tree && treeNode ? resolveParams(screen.tree.params, { ...scope, record: treeNode }) : {}), [screen.tree, treeNode]); // eslint-disable-line react-hooks/exhaustive-deps
  const reload = () => {
    clearSelection();
    setReloads((n) => n + 1);
    treeRef.current?.refresh();
  };
  const runExport = useExport();
  /** The list's own params now (the fixed ones, the tab's and the filters), without paging. */
  // a filter the user left empty does not clear what the chosen tree node sets (组织管理: organPath)
  const listParams = () => cleanQuery({ ...resolveParams(eff.params, scope), ...treeParams, ...cleanQuery(filterQuery(eff.filters, filterValues)) });
  const idOf = (a: ActionDef, r: Record<string, unknown>) => resolveValue(a.params?.id ?? '$record.id', { ...scope, record: r });

  const runner = useActionRunner(
    {
      deleteCall: screen.calls?.delete,
      // a create from a row (新增下级) starts from its params, resolved with that row
      create: (a, r) => setOverlay({ type: 'form', mode: 'create', action: a, initial: a.params ? cleanQuery(resolveParams(a.params, { ...scope, record: r ?? null })) : undefined }),
      edit: async (a, r) => {
        let rec = r;
        if (screen.calls?.get) {
          try {
            rec = await invoke<Record<string, unknown>>(screen.calls.get, 'get', { id: idOf(a, r) });
          } catch {
            return;
          }
        }
        setOverlay({ type: 'form', mode: 'edit', record: rec, action: a, initial: entity ? pickBody(entity, rec, editedFields(entity, screen.form)) : undefined });
      },
      detail: (a, r) => {
        if (a.route) {
          const q = new URLSearchParams({ id: String(idOf(a, r)), num: String(pageIndex) });
          if (tabKey && tabKey !== tabs[0]?.key) q.set('tab', tabKey);
          navigate(`${basePath}/${a.route}?${q}`);
        } else setOverlay({ type: 'detail', record: r, action: a });
      },
      audit: (a, r) => setOverlay({ type: 'audit', record: r, action: a }),
      screen: (a, r) => {
        const s = a.screen ? config.screens[a.screen] : undefined;
        if (s) setOverlay({ type: 'screen', screen: s, context: resolveParams(a.params ?? { id: '$record.id' }, { ...scope, record: r }), action: a });
      },
      navigate: (a, r) => navigate(navigateTarget(basePath, a, { ...scope, record: r })),
      // what the user sees: the filters of now (every page), the columns he shows, in his order; an
      // export's own params join the list's (导出（完整号码）: reveal)
      export: (a) => void runExport(a, { call: eff.call, columns: shownColumns(eff.columns.map((d) => resolveColumn(d, entity)), columnsState), title: screen.title, params: { ...listParams(), ...resolveParams(a.params, scope) } }),
      entity,
      changed: () => reload(),
    },
    scope,
  );

  const rowActionsVisible = visibleActions(eff.rowActions, permitted, scope).length > 0 || eff.rowActions.some((a) => permitted(a) && a.visibleWhen);
  const detailAction = eff.rowActions.find((a) => a.kind === 'detail' && permitted(a));

  const columns: ColumnsType<Record<string, unknown>> = eff.columns.map((def) => {
    const col = resolveColumn(def, entity);
    return {
      key: col.field,
      title: col.title,
      dataIndex: col.field,
      width: col.width,
      ellipsis: col.ellipsis,
      render: (_: unknown, r: Record<string, unknown>) => {
        const cell =
          col.link && detailAction ? (
            <a onClick={() => runner.run(detailAction, r)} className="dj-link">
              <Value col={col} record={r} inTable />
            </a>
          ) : (
            <Value col={col} record={r} inTable />
          );
        // the table is as wide as its content (it scrolls): a shortened column keeps its width only
        // when its content is held to it
        return col.ellipsis && col.width ? (
          <div className="dj-cell-ellipsis" style={{ maxWidth: col.width }}>
            {cell}
          </div>
        ) : (
          cell
        );
      },
    };
  });
  if (rowActionsVisible) {
    columns.push({
      key: '__actions',
      title: '操作',
      // a wide list scrolls under its actions, which stay in view
      fixed: 'right',
      width: Math.min(360, 40 + eff.rowActions.filter(permitted).reduce((n, a) => n + a.label.length * 14 + 16, 0)),
      render: (_: unknown, r: Record<string, unknown>) => (
        <ActionBar link size="small" actions={visibleActions(eff.rowActions, permitted, { ...scope, record: r })} record={r} onRun={runner.run} />
      ),
    });
  }
  const toolbar = visibleActions(withDefaultExport(eff.toolbar, { call: eff.call, noExport: screen.noExport, noPaging: screen.noPaging, columns: eff.columns.map((d) => resolveColumn(d, entity)) }), permitted, { ...scope, record: null });
  const bulk = screen.noBulk ? [] : bulkActions(eff.rowActions, screen.decision, permitted);
  const bulkRunner = useBulkRunner({ scope, columns: eff.columns, deleteCall: screen.calls?.delete, decision: screen.decision, entity, done: reload });
  const rowKey = tab?.rowKey ?? screen.rowKey ?? 'id';

  // the list call, again whenever its params change or a reload asks for it
  useEffect(() => {
    const seq = ++requestSeq.current;
    if (!eff.call) {
      setRows([]);
      setTotal(0);
      return;
    }
    const params = listParams();
    const cursorKey = JSON.stringify([tabKey, params]);
    const skip = toSkip(pageIndex, pageSize);
    const q = cleanQuery({
      ...params,
      ...(screen.noPaging ? {} : { SkipCount: skip, MaxResultCount: pageSize, ...cursorParams(pageCursor.current, cursorKey, skip, pageIndex) }),
    });
    setLoading(true);
    invoke<PagedResult<Record<string, unknown>> | Record<string, unknown>[]>(eff.call, 'list', q)
      .then((res) => {
        if (seq !== requestSeq.current) return;
        pageCursor.current = cursorOf(res, cursorKey, skip);
        const items = pruneLeaves(Array.isArray(res) ? res : res?.items ?? []);
        setRows(items);
        setTotal(Array.isArray(res) ? res.length : Number(res?.totalCount ?? items.length));
        // the figures above the table: a call of their own with the same filters (an aggregate
        // too slow to hold the list up), fetched with each first page
        if (eff.summary && pageIndex === 1) {
          const tab = tabKey;
          void invoke<Record<string, unknown> | null>(eff.summary.call, 'get', cleanQuery(listParams()), { silent: true })
            .then((v) => setSummary({ tab, value: v ?? null }))
            .catch(() => setSummary({ tab, value: null }));
        }
        // a selection is of the rows on show: another page or a reload starts afresh
        setSelected((s) => (s.keys.length ? { keys: [], rows: [] } : s));
      })
      .catch(() => {
        if (seq === requestSeq.current) setRows([]);
      })
      .finally(() => {
        if (seq === requestSeq.current) setLoading(false);
      });
  }, [pageIndex, filterValues, tabKey, treeParams, reloads]); // eslint-disable-line react-hooks/exhaustive-deps

  const closeOverlay = () => setOverlay(null);
  // the drawer (detail, audit) is drawn from its first opening on, so that it can close with its motion
  const drawerUsed = useRef(false);
  if (overlay?.type === 'detail' || overlay?.type === 'audit') drawerUsed.current = true;
  const formSubmit = async (values: Record<string, unknown>) => {
    if (!overlay || overlay.type !== 'form' || !entity) return;
    const fixed = resolveParams(screen.form?.values, { ...scope, record: overlay.record ?? null });
    if (overlay.mode === 'create') {
      await invoke(screen.calls!.create!, 'create', { ...fixed, ...values }, { silent: true });
    } else {
      const rec = overlay.record!;
      await invoke(screen.calls!.update!, 'update', { ...pickBody(entity, rec, editedFields(entity, screen.form)), ...fixed, ...values, id: idOf(overlay.action, rec) }, { silent: true });
    }
    void toastSuccess(overlay.action.success ?? DEFAULT_SUCCESS);
    closeOverlay();
    reload();
  };

  // a list of its own on a child route of the menu (培训班's 分配名额, ?id=): the way back to the menu's list
  const childRoute = !embedded && screen.tag.includes('/') && location.pathname.replace(/\/+$/, '').toLowerCase() !== basePath.toLowerCase();
  return (
    <div className="dj-screen dj-list" data-screen={screen.tag}>
      {childRoute ? <BackBar basePath={basePath} title={screen.title} /> : null}
      {tabs.length ? (
        <Suspense fallback={<div className="dj-tabs-placeholder" />}>
          <Tabs
            activeKey={tabKey}
            items={tabs.map((t) => ({ key: t.key, label: t.title }))}
            onChange={(k) => {
              setTabKey(k);
              setRows([]);
              setPageIndex(1);
              setFilterValues({});
              setTotal(0);
              clearSelection();
            }}
          />
        </Suspense>
      ) : null}
      {tabScreen ? <TabScreen key={`screen-${tabKey ?? ''}`} screen={tabScreen} config={config} basePath={basePath} /> : null}
      {tabScreen ? null : (
        <Wrap tree={!!screen.tree}>
          {screen.tree ? (
            <Suspense fallback={<div className="dj-tree-panel" />}>
              <TreePanel
                ref={treeRef}
                def={screen.tree}
                scope={scope}
                selected={treeNode}
                onSelect={(n) => {
                  setTreeNode(n);
                  setPageIndex(1);
                }}
              />
            </Suspense>
          ) : null}
          <Wrap tree={!!screen.tree} main>
          <FilterBar
            key={`filter-${tabKey ?? ''}`}
            filters={eff.filters}
            entity={entity}
            onSearch={(v) => {
              setFilterValues(v);
              setPageIndex(1);
              clearSelection();
            }}
          />
          {eff.summary ? (
            <Suspense fallback={null}>
              <ListSummary def={eff.summary} value={summary.tab === tabKey ? summary.value : null} />
            </Suspense>
          ) : null}
          <ListTable
            key={`table-${tabKey ?? ''}`}
            title={embedded ? undefined : tab?.title ?? screen.title}
            bordered={!embedded}
            rowKey={rowKey}
            columns={columns}
            rows={rows}
            loading={loading}
            onReload={reload}
            columnsState={columnsState}
            onColumnsState={(v) => {
              setColumnsState(v);
              if (v) writeColumnsState(colsKey, v);
              else removeColumnsState(colsKey);
            }}
            rowSelection={
              bulk.length
                ? {
                    selectedRowKeys: selected.keys,
                    columnTitle: selectAllTitle,
                    onChange: (keys, rows) => setSelected({ keys, rows: rows.filter(Boolean) }),
                    getCheckboxProps: (r: Record<string, unknown>) => ({ 'aria-label': `选择 ${recordName(r, eff.columns)}` }) as never,
                  }
                : undefined
            }
            selection={{ count: selected.keys.length, actions: <BulkButtons defs={bulk} busy={bulkRunner.busy} onRun={(d) => bulkRunner.start(d, selected.rows)} />, onClear: clearSelection }}
            empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={eff.empty} />}
            toolbar={toolbar.length ? <ActionBar actions={toolbar} record={null} onRun={runner.run} /> : null}
          />
          {screen.noPaging ? null : <Pager pageIndex={pageIndex} total={total} pageSize={pageSize} onChange={setPageIndex} />}
          </Wrap>
        </Wrap>
      )}

      <Modal
        open={overlay?.type === 'form'}
        title={overlay?.type === 'form' ? formTitle(overlay.mode, overlay.action, screen.title, entity?.title) : ''}
        width={screen.form?.width ?? 820}
        footer={null}
        destroyOnHidden
        onCancel={closeOverlay}
      >
        {overlay?.type === 'form' && entity ? (
          <Suspense fallback={<Spin />}>
          <EntityForm
            entity={entity}
            fields={screen.form?.fields}
            steps={screen.form?.steps}
            initialValues={overlay.initial}
            // an edit's reactions and widgets see the record edited ($context, useFormRecord), as a form screen's do
            scope={overlay.mode === 'edit' ? { ...scope, context: overlay.record ?? null } : undefined}
            submitText={overlay.mode === 'create' ? '提交' : '保存'}
            onSubmit={formSubmit}
            onCancel={closeOverlay}
          />
          </Suspense>
        ) : null}
      </Modal>
      {drawerUsed.current ? (
        <Suspense fallback={null}>
          <Drawer
            open={overlay?.type === 'detail' || overlay?.type === 'audit'}
            width={880}
            title={overlay?.type === 'audit' ? `${overlay.action.label}` : `${screen.detail?.title ?? `${entity?.title ?? screen.title}详情`}`}
            destroyOnHidden
            onClose={closeOverlay}
          >
            <Suspense fallback={<Spin />}>
            {overlay?.type === 'detail' ? <DetailView detail={screen.detail} entity={entity} record={overlay.record} /> : null}
            {overlay?.type === 'audit' && screen.decision ? (
              <AuditPanel
                decision={screen.decision}
                detail={screen.detail}
                entity={entity}
                record={overlay.record}
                onDone={() => {
                  closeOverlay();
                  reload();
                }}
              />
            ) : null}
            </Suspense>
          </Drawer>
        </Suspense>
      ) : null}
      <Modal open={overlay?.type === 'screen'} title={overlay?.type === 'screen' ? overlay.action.label : ''} width={900} footer={null} destroyOnHidden onCancel={closeOverlay}>
        {overlay?.type === 'screen' ? (
          overlay.screen.kind === 'detail' ? (
            <Suspense fallback={<Spin />}>
              <ContextDetail screen={overlay.screen} config={config} context={overlay.context} />
            </Suspense>
          ) : (
            <ListScreen screen={overlay.screen} config={config} basePath={basePath} context={overlay.context} embedded />
          )
        ) : null}
      </Modal>
      {runner.holder}
      {bulkRunner.holder}
    </div>
  );
}
