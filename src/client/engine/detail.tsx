/** Detail: the record read-only in sections (read-pretty widgets), and the detail screen of a route. */
import { useEffect, useState } from 'react';
import { Card, Descriptions, Empty, Space, Spin, Table } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { Value, fieldSchema, resolveColumn } from './fields';
import { HistoryTimeline } from './timeline';
import { BackBar } from './back-bar';
import { invoke } from './calls';
import { ActionBar, navigateTarget, useActionRunner, usePermitted, useSessionScope, visibleActions } from './actions';
import { allHold, resolveParams } from './refs';
import type { ColumnDef, DetailDef, DetailSection, EntityDef, FieldSchema, ScreenDef, UiConfig } from './types';

const WIDE = new Set(['html', 'widget']);

const typeOf = (fs?: FieldSchema) => (Array.isArray(fs?.type) ? fs!.type.find((t) => t !== 'null') : fs?.type);
/** The nested shape of a field (a group of fields, or rows of them), if it has one. */
const nestedOf = (fs?: FieldSchema) => (!fs || fs['x-component'] ? null : typeOf(fs) === 'object' && fs.properties ? 'object' : typeOf(fs) === 'array' && fs.items?.properties ? 'rows' : null);
const asEntity = (properties: Record<string, FieldSchema>): EntityDef => ({ name: '', title: '', schema: { type: 'object', properties } });

/** An object field's fields, or an array of objects as a small table, read-only. */
function NestedValue({ fs, value }: { fs: FieldSchema; value: unknown }) {
  if (nestedOf(fs) === 'object') {
    const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    const sub = asEntity(fs.properties!);
    return (
      <Descriptions size="small" column={1} colon={false}>
        {Object.keys(fs.properties!).map((k) => {
          const c = resolveColumn(k, sub);
          return (
            <Descriptions.Item key={k} label={c.title}>
              <Value col={c} record={v} />
            </Descriptions.Item>
          );
        })}
      </Descriptions>
    );
  }
  const rows = (Array.isArray(value) ? value : []) as Record<string, unknown>[];
  if (!rows.length) return <span className="dj-empty-value">-</span>;
  const sub = asEntity(fs.items!.properties!);
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="__row"
      dataSource={rows.map((r, i) => ({ ...r, __row: i }))}
      scroll={{ x: 'max-content' }}
      columns={Object.keys(fs.items!.properties!).map((k) => {
        const c = resolveColumn(k, sub);
        return { key: k, title: c.title, render: (_: unknown, r: Record<string, unknown>) => <Value col={c} record={r} inTable /> };
      })}
    />
  );
}

/** Sections of a detail: the screen's, else every entity field plus the organisation and time. */
export function detailSections(detail: DetailDef | undefined, entity: EntityDef | undefined): DetailSection[] {
  if (detail?.sections?.length) return detail.sections;
  const fields: string[] = [...Object.keys(entity?.schema.properties ?? {}), 'organName', 'creationTime'];
  return [{ title: undefined, fields }];
}

export function DetailView({ detail, entity, record }: { detail?: DetailDef; entity?: EntityDef; record: Record<string, unknown> }) {
  return (
    <div className="dj-detail" data-testid="detail">
      {detailSections(detail, entity).map((s, i) => {
        if (s.kind === 'timeline')
          return (
            <section key={i} className="dj-detail-timeline" aria-label={s.title ?? '办理记录'}>
              <div className="dj-section-title">{s.title ?? '办理记录'}</div>
              <HistoryTimeline items={record[s.field ?? 'history']} statusList={s.statusList} empty={s.empty} />
            </section>
          );
        const cols: ColumnDef[] = (s.fields ?? []).map((f) => resolveColumn(f, entity)).filter((c) => allHold(c.visibleWhen, { record }));
        if (!cols.length) return null;
        return (
          <Descriptions key={i} title={s.title} bordered size="middle" column={2} style={{ marginBottom: 16 }} labelStyle={{ width: 140 }}>
            {cols.map((c, j) => (
              c.valueType !== 'widget' && nestedOf(fieldSchema(entity, c.field)) ? (
                <Descriptions.Item key={`${c.field}-${j}`} label={c.title} span={2}>
                  <NestedValue fs={fieldSchema(entity, c.field)!} value={record[c.field]} />
                </Descriptions.Item>
              ) : (
                <Descriptions.Item key={`${c.field}-${j}`} label={c.title} span={WIDE.has(c.valueType ?? '') && c.widget !== 'CodeSelect' && c.widget !== 'OrganCascader' ? 2 : 1}>
                  <Value col={c} record={record} />
                </Descriptions.Item>
              )
            ))}
          </Descriptions>
        );
      })}
    </div>
  );
}

/**
 * The detail route (permission child `info`, query id): the record from the get call, the detail's
 * actions, and its related lists (e.g. the replies of a post) with the record as their context.
 */
export function DetailScreen({ screen, config, basePath, renderList }: { screen: ScreenDef; config: UiConfig; basePath: string; renderList: (s: ScreenDef, context: Record<string, unknown>) => React.ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const query = Object.fromEntries(new URLSearchParams(location.search));
  const id = query.id;
  const entity = screen.entity ? config.entities[screen.entity] : undefined;
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const permitted = usePermitted();
  const session = useSessionScope();
  const detail = screen.detail;

  useEffect(() => {
    let live = true;
    if (!id || !screen.calls?.get) {
      setFailed(true);
      return;
    }
    invoke<Record<string, unknown>>(screen.calls.get, 'get', { ...resolveParams(screen.params, { session, query }), id }).then(
      (r) => live && setRecord(r),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [id, screen.calls?.get, version]);

  const back = () => navigate(`${basePath}${query.num ? `?num=${encodeURIComponent(query.num)}` : ''}`);
  const runner = useActionRunner(
    {
      deleteCall: screen.calls?.delete,
      entity,
      // another child route of the menu (培训班's 编辑 and 分配名额 from its detail)
      navigate: (a, r) => navigate(navigateTarget(basePath, a, { session, query, record: r })),
      changed: (a) => (a.back || a.kind === 'delete' ? back() : setVersion((v) => v + 1)),
    },
    { session, query },
  );
  const title = detail?.title ?? `${entity?.title ?? screen.title}详情`;
  const actions = record ? visibleActions(detail?.actions, permitted, { session, query, record }) : [];

  return (
    <div className="dj-screen" data-screen={`${screen.tag}/info`}>
      <BackBar basePath={basePath} title={title} />
      <Card extra={actions.length ? <ActionBar actions={actions} record={record} onRun={runner.run} /> : undefined}>
        {record ? <DetailView detail={detail} entity={entity} record={record} /> : failed ? <Empty description="无数据" /> : <Spin />}
      </Card>
      {record
        ? (detail?.related ?? []).map((rel) => {
            const s = config.screens[rel.screen];
            if (!s) return null;
            const ctx = resolveParams(rel.params ?? { id: '$record.id' }, { record, session, query });
            return (
              <Card key={rel.screen} title={rel.title} style={{ marginTop: 16 }} data-related={rel.screen}>
                {renderList(s, ctx)}
              </Card>
            );
          })
        : null}
      {runner.holder}
    </div>
  );
}

/**
 * A detail opened from another screen in a dialog (a paper's 成绩统计): its get call with the
 * screen's params resolved with the context the action gave, shown read-only.
 */
export function ContextDetail({ screen, config, context }: { screen: ScreenDef; config: UiConfig; context: Record<string, unknown> }) {
  const session = useSessionScope();
  const entity = screen.entity ? config.entities[screen.entity] : undefined;
  const [record, setRecord] = useState<Record<string, unknown> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    invoke<Record<string, unknown>>(screen.calls!.get!, 'get', resolveParams(screen.params ?? { id: '$context.id' }, { session, context })).then(
      (r) => live && setRecord(r),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [screen, JSON.stringify(context)]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="dj-screen" data-screen={screen.tag}>
      {record ? <DetailView detail={screen.detail} entity={entity} record={record} /> : failed ? <Empty description="无数据" /> : <Spin />}
    </div>
  );
}

export function Toolbar({ children }: { children: React.ReactNode }) {
  return <Space>{children}</Space>;
}

export { BackBar };
