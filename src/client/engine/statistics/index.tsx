/**
 * Kind statistics: a GET action answering {totals, rows, measures, groups?} (op statistics), shown as one
 * figure card per measure total, a chart of the chosen measure (widgets/chart: bars, or a line for a
 * trend; `groupCharts` draws a breakdown as a ring) and a table with a
 * 合计 row. Filters as on list screens (the organisation picker sends organPath); a row of an
 * organisation drills down — the next call asks for that row's organPath — and the trail above the
 * table goes back up. `groups`, when answered, are further breakdowns, one chart each.
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Breadcrumb, Button, Card, Col, Empty, Row, Segmented, Spin, Statistic, Table } from 'antd';
import { cleanQuery } from '../../utils/query';
import { invoke } from '../calls';
import { FilterBar, filterQuery } from '../filter-bar';
import { useSessionScope } from '../actions';
import { resolveParams } from '../refs';
import { Chart } from '../../widgets/chart';
import { formatNumber } from '../../utils/format-number';
import { formatFen } from '../../../contract/money';
import type { KindProps } from '../kinds';
import type { StatisticsAnswer } from '../types';
import './statistics.css';

type Row = StatisticsAnswer['rows'][number];

const num = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);
type Measure = StatisticsAnswer['measures'][number];
/** A measure's value as read: money in fen as 元 with two decimals, else a number. */
const shown = (m: Measure | undefined, v: unknown) => (m?.valueType === 'fen' ? formatFen(num(v)) : formatNumber(num(v)));

/** The measures shown: the screen's choice in its order, else all the answer names. */
export function shownMeasures(answer: StatisticsAnswer | null, only?: string[]) {
  const all = answer?.measures ?? [];
  if (!only?.length) return all;
  return only.map((k) => all.find((m) => m.key === k)).filter((m): m is Measure => !!m);
}

export default function StatisticsScreen({ screen, config }: KindProps) {
  const location = useLocation();
  const session = useSessionScope();
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(location.search)), [location.search]);
  const entity = screen.entity ? config.entities[screen.entity] : undefined;
  const filters = screen.filters ?? [];
  const organParam = filters.find((f) => f.type === 'organ')?.param ?? 'organPath';
  const labelTitle = screen.statistics?.labelTitle ?? '名称';
  const [filterValues, setFilterValues] = useState<Record<string, unknown>>({});
  // the organisations drilled into, outermost first
  const [trail, setTrail] = useState<{ organPath: string; label: string }[]>([]);
  const [answer, setAnswer] = useState<StatisticsAnswer | null>(null);
  const [loading, setLoading] = useState(true);
  const [measureKey, setMeasureKey] = useState<string | undefined>();

  const base = filterQuery(filters, filterValues);
  const current = trail.length ? trail[trail.length - 1].organPath : (base[organParam] as string | undefined);
  const params = cleanQuery({ ...resolveParams(screen.params, { session, query }), ...base, ...(trail.length ? { [organParam]: current } : {}) });
  const key = JSON.stringify(params);

  useEffect(() => {
    if (!screen.calls?.statistics) return;
    let live = true;
    setLoading(true);
    invoke<StatisticsAnswer>(screen.calls.statistics, 'get', params).then(
      (r) => live && setAnswer(r ?? null),
      () => live && setAnswer(null),
    ).finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // the params' content decides, not their identity
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, screen.calls?.statistics]);

  const measures = shownMeasures(answer, screen.statistics?.measures);
  const measure = measures.find((m) => m.key === measureKey) ?? measures[0];
  const rows = answer?.rows ?? [];
  const groups = answer?.groups ?? [];
  const drillable = (r: Row) => !!r.organPath && r.organPath !== current;
  const open = (r: Row) => setTrail((t) => [...t, { organPath: r.organPath!, label: r.label }]);

  return (
    <div className="dj-screen dj-statistics" data-screen={screen.tag}>
      <FilterBar
        filters={filters}
        entity={entity}
        onSearch={(v) => {
          setFilterValues(v);
          setTrail([]);
        }}
      />
      <Card
        title={screen.title}
        extra={
          trail.length ? (
            <Breadcrumb
              className="dj-statistics__trail"
              items={[
                { title: <a onClick={() => setTrail([])}>全部</a> },
                ...trail.map((t, i) => ({ title: i === trail.length - 1 ? <span aria-current="page">{t.label}</span> : <a onClick={() => setTrail((all) => all.slice(0, i + 1))}>{t.label}</a> })),
              ]}
            />
          ) : undefined
        }
      >
        <Spin spinning={loading}>
          {screen.description ? <p className="dj-statistics__note">{screen.description}</p> : null}
          <Row gutter={[16, 16]} className="dj-statistics__cards">
            {measures.map((m) => (
              <Col key={m.key} xs={12} md={8} xl={6}>
                <Card size="small" data-measure={m.key}>
                  <Statistic title={m.title} value={num(answer?.totals?.[m.key])} formatter={m.valueType === 'fen' ? () => shown(m, answer?.totals?.[m.key]) : undefined} />
                </Card>
              </Col>
            ))}
          </Row>
          {!rows.length || !measure ? (
            groups.length ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={screen.empty ?? '无数据'} />
          ) : (
            <>
              {measures.length > 1 ? (
                <Segmented className="dj-statistics__measure" aria-label="统计指标" value={measure.key} options={measures.map((m) => ({ label: m.title, value: m.key }))} onChange={(v) => setMeasureKey(String(v))} />
              ) : null}
              <Chart
                kind={screen.statistics?.chart ?? 'bar'}
                title={`${measure.title}（按${labelTitle}）`}
                labelTitle={labelTitle}
                valueTitle={measure.title}
                format={(n) => shown(measure, n)}
                points={rows.map((r) => ({ key: String(r.key), label: r.label, value: num(r[measure.key]), onOpen: drillable(r) ? () => open(r) : undefined }))}
              />
              <Table<Row>
                className="dj-statistics__table"
                size="middle"
                rowKey={(r) => String(r.key)}
                dataSource={rows}
                pagination={false}
                scroll={{ x: 'max-content' }}
                columns={[
                  {
                    key: 'label',
                    title: labelTitle,
                    render: (_: unknown, r: Row) =>
                      drillable(r) ? (
                        <Button type="link" size="small" className="dj-statistics__drill" aria-label={`${r.label}，查看下级`} onClick={() => open(r)}>
                          {r.label}
                        </Button>
                      ) : (
                        <span>{r.label}</span>
                      ),
                  },
                  ...measures.map((m) => ({ key: m.key, title: m.title, align: 'right' as const, render: (_: unknown, r: Row) => shown(m, r[m.key]) })),
                ]}
                summary={() => (
                  <Table.Summary.Row className="dj-statistics__total">
                    <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                    {measures.map((m, i) => (
                      <Table.Summary.Cell key={m.key} index={i + 1} align="right">
                        {shown(m, answer?.totals?.[m.key])}
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                )}
              />
            </>
          )}
          {groups.length ? (
            <Row gutter={[16, 16]} className="dj-statistics__groups">
              {groups.map((g) => (
                <Col key={g.key} xs={24} xl={12}>
                  <Card size="small" title={g.title} data-group={g.key}>
                    {g.rows.length ? (
                      <Chart
                        kind={screen.statistics?.groupCharts?.[g.key] ?? 'bar'}
                        title={`${measures[0]?.title ?? '数量'}（按${g.title}）`}
                        labelTitle={g.title}
                        valueTitle={measures[0]?.title ?? '数量'}
                        points={g.rows.map((r) => ({ key: String(r.key), label: r.label, value: num(r.count) }))}
                      />
                    ) : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无数据" />}
                  </Card>
                </Col>
              ))}
            </Row>
          ) : null}
        </Spin>
      </Card>
    </div>
  );
}
