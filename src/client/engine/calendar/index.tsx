/**
 * Kind calendar: a month of records on antd's Calendar (直播日历). The list call is asked for one month
 * at a time with the month's first and last day (`calendar.startParam` / `endParam`, default
 * startTime / endTime, plus the screen's params); each day shows its records' time and title, coloured
 * by their state (`statusField` of `statusList`). A record opens the menu's `route` child (info) with
 * its id, or, without a route, a popover of its `fields`. Today and the first month are the platform's
 * (utils/platform-time), not the browser's.
 */
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert, Badge, Calendar, Card, Popover, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { invoke } from '../calls';
import { useSessionScope } from '../actions';
import { resolveParams } from '../refs';
import { ApiError } from '../../api/request';
import { platformToday } from '../../utils/platform-time';
import { statusOf } from '../../components/status-tag';
import type { KindProps } from '../kinds';
import type { CalendarDef } from '../types';
import { itemsOfDay, monthSpan, timeOf } from './month';
import './calendar.css';

type Item = Record<string, unknown> & { id?: number | string };

const BADGE: Record<string, 'success' | 'processing' | 'default' | 'error' | 'warning'> = { green: 'success', blue: 'processing', red: 'error', orange: 'warning', gold: 'warning' };

export default function CalendarScreen({ screen, basePath }: KindProps) {
  const def: CalendarDef = screen.calendar ?? { dateField: 'startTime', titleField: 'title' };
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSessionScope();
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(location.search)), [location.search]);
  const [month, setMonth] = useState(() => platformToday().slice(0, 7));
  const [items, setItems] = useState<Item[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!screen.calls?.list) return;
    const { first, last } = monthSpan(month);
    let live = true;
    setLoading(true);
    setError(null);
    const params = { ...resolveParams(screen.params ?? {}, { query, session }), [def.startParam ?? 'startTime']: first, [def.endParam ?? 'endTime']: last };
    invoke<{ items?: Item[] } | Item[]>(screen.calls.list, 'list', params, { silent: true })
      .then((r) => live && setItems(Array.isArray(r) ? r : r?.items ?? []))
      .catch((e) => live && setError(e instanceof ApiError ? e.message : '加载失败'))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [month, screen, query, session, def.startParam, def.endParam]);

  const open = (x: Item) => navigate(`${basePath}/${def.route}?id=${x.id}`);
  const entry = (x: Item) => {
    const s = def.statusList ? statusOf(def.statusList, x[def.statusField ?? 'auditStatus']) : null;
    const label = (
      <Badge status={s ? BADGE[s.color] ?? 'default' : 'default'} text={`${timeOf(x[def.dateField])} ${String(x[def.titleField] ?? '')}`.trim()} />
    );
    if (def.route)
      return (
        <button type="button" className="dj-calendar__item" onClick={() => open(x)} title={String(x[def.titleField] ?? '')}>
          {label}
        </button>
      );
    const content = (
      <dl className="dj-calendar__pop">
        {(def.fields ?? []).map((f) => (
          <div key={f.field}>
            <dt>{f.title}</dt>
            <dd>{f.statusList ? statusOf(f.statusList, x[f.field])?.label ?? '-' : String(x[f.field] ?? '-').replace('T', ' ')}</dd>
          </div>
        ))}
      </dl>
    );
    return (
      <Popover content={content} title={String(x[def.titleField] ?? '')} trigger="click">
        <button type="button" className="dj-calendar__item" title={String(x[def.titleField] ?? '')}>
          {label}
        </button>
      </Popover>
    );
  };

  return (
    <Card title={screen.title} data-screen={screen.tag} className="dj-calendar">
      {screen.description ? <p className="dj-calendar__desc">{screen.description}</p> : null}
      {error ? <Alert type="error" showIcon message={error} /> : null}
      <Spin spinning={loading}>
        <Calendar
          mode="month"
          defaultValue={dayjs(platformToday())}
          onPanelChange={(d: Dayjs) => setMonth(d.format('YYYY-MM'))}
          onSelect={(d: Dayjs, info) => info?.source !== 'date' && setMonth(d.format('YYYY-MM'))}
          cellRender={(d: Dayjs, info) => {
            if (info.type !== 'date' || d.format('YYYY-MM') !== month) return null;
            const day = itemsOfDay(items, def.dateField, d.format('YYYY-MM-DD'));
            return day.length ? <ul className="dj-calendar__day" data-day={d.format('YYYY-MM-DD')}>{day.map((x) => <li key={String(x.id)}>{entry(x)}</li>)}</ul> : null;
          }}
        />
      </Spin>
    </Card>
  );
}
