/**
 * Kind dashboard (工作台, issue 34): one GET (`calls.dashboard`) whose answer the screen's parts read
 * by path — what waits for the caller, each count linking to the list that decides it (target.ts);
 * figures; charts (widgets/chart, loaded with the first chart); short lists of today; quick links to
 * the role's menus. The engine knows parts, never what a transfer is: the screen names the paths.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Badge, Card, Col, Empty, List, Row, Spin, Statistic } from 'antd';
import { invoke } from '../calls';
import { useAppState } from '../../state/store';
import { buildAdminRoutes } from '../../routing/admin-routes';
import { Chart } from '../../widgets/chart';
import { formatNumber } from '../../utils/format-number';
import { pendingTarget, valueAt } from './target';
import type { KindProps } from '../kinds';
import './dashboard.css';

interface Pending {
  call: string;
  title: string;
  count: number;
  capped: boolean;
}

const countText = (n: number, capped: boolean) => (capped ? `${Math.max(0, n - 1)}+` : formatNumber(n));

export default function DashboardScreen({ screen, config }: KindProps) {
  const def = screen.dashboard ?? {};
  const menus = useAppState((s) => s.permissionMenus);
  const [answer, setAnswer] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!screen.calls?.dashboard) return;
    let live = true;
    invoke<unknown>(screen.calls.dashboard, 'get', {}).then(
      (r) => live && setAnswer(r ?? null),
      () => live && setFailed(true),
    ).finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [screen.calls?.dashboard]);

  const routes = useMemo(() => buildAdminRoutes(menus ?? [], config.screens), [menus, config.screens]);
  const menuRoute = (tag?: string) => (tag ? routes.find((r) => r.tag === tag && !r.sub) : undefined);
  const pending = ((def.pending ? valueAt(answer, def.pending) : null) ?? []) as Pending[];
  const waiting = pending.filter((p) => p.count > 0);
  const total = waiting.reduce((s, p) => s + p.count, 0);

  return (
    <div className="dj-screen dj-dashboard" data-screen={screen.tag}>
      <Spin spinning={loading}>
        {failed ? <Alert type="error" showIcon message="工作台加载失败，请刷新重试" /> : null}
        {def.pending ? (
          <Card title={<h2 className="dj-dashboard__h">待我办理</h2>} extra={answer ? <span data-testid="pending-total">共 {countText(total, waiting.some((p) => p.capped))} 件</span> : null} className="dj-dashboard__pending">
            {answer && !pending.length ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无需要您办理的事项" /> : null}
            <ul className="dj-dashboard__todo" aria-label="待我办理">
              {pending.map((p) => {
                const to = pendingTarget(p.call, config.screens, menus ?? []);
                const body = (
                  <>
                    <span className="dj-dashboard__todo-title">{p.title}</span>
                    <Badge count={countText(p.count, p.capped)} showZero color={p.count ? '#c8161d' : '#595959'} className="dj-dashboard__todo-count" />
                  </>
                );
                return (
                  <li key={p.call} data-pending={p.call} data-count={p.count}>
                    {to ? (
                      <Link to={to} aria-label={`${p.title}：待办${countText(p.count, p.capped)}件`}>
                        {body}
                      </Link>
                    ) : (
                      <span aria-label={`${p.title}：待办${countText(p.count, p.capped)}件`}>{body}</span>
                    )}
                  </li>
                );
              })}
            </ul>
          </Card>
        ) : null}
        {def.figures?.length ? (
          <Row gutter={[16, 16]} className="dj-dashboard__figures">
            {def.figures.map((f) => {
              const raw = valueAt(answer, f.field);
              const none = !!answer && raw === null && !!f.empty;
              const v = Number(raw ?? 0) || 0;
              const capped = !!valueAt(answer, f.capped);
              const route = menuRoute(f.menu);
              const stat = <Statistic title={f.title} value={!answer ? '—' : none ? f.empty : countText(v, capped)} suffix={answer && !none ? f.unit : undefined} />;
              return (
                <Col key={f.field} flex="1 1 180px">
                  <Card size="small" data-figure={f.field}>
                    {route ? <Link to={route.path}>{stat}</Link> : stat}
                  </Card>
                </Col>
              );
            })}
          </Row>
        ) : null}
        <Row gutter={[16, 16]} className="dj-dashboard__body">
          {(def.charts ?? []).map((c) => {
            const rows = (valueAt(answer, c.field) ?? []) as Record<string, unknown>[];
            return (
              <Col key={c.field} xs={24} xl={12}>
                <Card size="small" title={<h2 className="dj-dashboard__h">{c.title}</h2>}>
                  {rows.length ? (
                    <Chart kind={c.kind} title={c.title} caption={false} unit={c.unit} labelTitle={c.labelTitle} points={rows.map((r, i) => ({ key: String(r[c.label] ?? i), label: String(r[c.label] ?? ''), value: Number(r[c.value]) || 0 }))} />
                  ) : (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无数据" />
                  )}
                </Card>
              </Col>
            );
          })}
          {(def.lists ?? []).map((l) => {
            const rows = (valueAt(answer, l.field) ?? []) as Record<string, unknown>[];
            const route = menuRoute(l.menu);
            return (
              <Col key={l.field} xs={24} md={12} xl={6}>
                <Card size="small" title={<h2 className="dj-dashboard__h">{l.title}</h2>} extra={route ? <Link to={route.path}>更多</Link> : null} data-list={l.field}>
                  <List
                    size="small"
                    dataSource={rows}
                    locale={{ emptyText: l.empty ?? '无' }}
                    renderItem={(r) => (
                      <List.Item>
                        <span className="dj-dashboard__row">
                          {l.columns.map((c, i) => (
                            <span key={c.field} className={i === 0 ? 'dj-dashboard__cell dj-dashboard__cell--first' : 'dj-dashboard__cell'} title={c.title}>
                              {String(r[c.field] ?? '')}
                            </span>
                          ))}
                        </span>
                      </List.Item>
                    )}
                  />
                </Card>
              </Col>
            );
          })}
        </Row>
        {def.links?.length ? (
          <Card size="small" title={<h2 className="dj-dashboard__h">快捷入口</h2>} className="dj-dashboard__links">
            <nav aria-label="快捷入口">
              {def.links
                .map((tag) => menuRoute(tag))
                .filter((r): r is NonNullable<typeof r> => !!r)
                .map((r) => (
                  <Link key={r.path} to={r.path} className="dj-dashboard__link">
                    {r.title}
                  </Link>
                ))}
            </nav>
          </Card>
        ) : null}
      </Spin>
    </div>
  );
}
