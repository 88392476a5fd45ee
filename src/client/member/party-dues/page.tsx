/**
 * 党费缴纳 (/partyMember/iBranch/partyDues): the member's base for a year (category, band, income
 * and monthly amount, set by his branch), the months of the year with their state, the unpaid ones
 * to choose and pay, and his payment records. No online payment is connected: the page says so, and
 * a payment is recorded offline until the branch confirms the money received.
 *
 * One attempt, one idempotency key: the key is made when the chosen months change and kept until that
 * attempt succeeds, so a double click, a retry after a lost answer or a second tab paying the same
 * months never pays twice (the server answers the first payment again). Amounts are integer fen,
 * shown with formatFen.
 */
import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Select, Spin } from 'antd';
import { useRequest } from 'ahooks';
import { useSearchParams } from 'react-router-dom';
import { duesService, newIdempotencyKey } from '../../api/party-dues';
import type { DuesPayment } from '../../../contract/party-dues';
import { formatFen } from '../../../contract/money';
import { formatPlatform, MINUTE_FORMAT, platformToday } from '../../utils/platform-time';
import { MemberPage, StatusTag, useAction } from '../kit';
import './party-dues.css';

const yuan = (fen: number | null | undefined) => (fen === null || fen === undefined ? '-' : `${formatFen(fen)} 元`);

export default function PartyDuesPage() {
  const thisYear = Number(platformToday().slice(0, 4));
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('year'));
  const year = asked >= thisYear - 5 && asked <= thisYear ? asked : thisYear;
  const [chosen, setChosen] = useState<number[]>([]);
  const [last, setLast] = useState<DuesPayment | null>(null);
  const attempt = useRef<{ sig: string; key: string } | null>(null);

  const data = useRequest(async () => Promise.all([duesService.myBase(year), duesService.myRecord(year)]), { refreshDeps: [year] });
  const [base, record] = data.data ?? [];

  const payable = useMemo(() => new Set((record?.months ?? []).filter((m) => m.due && m.state === 0).map((m) => m.month)), [record]);
  const months = chosen.filter((m) => payable.has(m)).sort((a, b) => a - b);
  const total = base?.monthlyAmount != null ? base.monthlyAmount * months.length : 0;

  const pay = useAction(
    (body: { idempotencyKey: string; year: number; months: number[] }) => duesService.pay(body),
    {
      // the months and the amount, before anything is registered
      confirm: (body) => `确认登记缴纳${body.year}年${body.months.map((m) => `${m}月`).join('、')}党费，共 ${body.months.length} 个月，合计 ${formatFen(total)} 元？`,
      success: '缴费已登记，待支部确认收款',
      onSuccess: (result) => {
        attempt.current = null;
        setChosen([]);
        setLast(result);
        data.refresh();
      },
    },
  );

  // one confirmation at a time: a double click asks once
  const asking = useRef(false);
  const submit = () => {
    if (!months.length || pay.loading || asking.current) return;
    const sig = `${year}:${months.join(',')}`;
    // a retry of the same months is the same attempt: same key
    if (attempt.current?.sig !== sig) attempt.current = { sig, key: newIdempotencyKey() };
    asking.current = true;
    void pay.run({ idempotencyKey: attempt.current.key, year, months }).finally(() => (asking.current = false));
  };

  const toggle = (month: number, on: boolean) => setChosen((c) => (on ? [...c.filter((m) => m !== month), month] : c.filter((m) => m !== month)));

  return (
    <MemberPage
      title="党费缴纳"
      className="dj-dues"
      extra={
        <Select
          aria-label="年度"
          value={year}
          style={{ width: 110 }}
          options={Array.from({ length: 3 }, (_, i) => ({ value: thisYear - i, label: `${thisYear - i}年` }))}
          onChange={(y) => {
            setChosen([]);
            setLast(null);
            const next = new URLSearchParams(params);
            next.set('year', String(y));
            setParams(next);
          }}
        />
      }
    >
      {data.loading && !data.data ? (
        <div className="dj-dues__loading">
          <Spin />
        </div>
      ) : data.error ? (
        <Alert type="error" showIcon message="党费信息加载失败" action={<Button onClick={data.refresh}>重新加载</Button>} />
      ) : base && record ? (
        <>
          <Alert
            className="dj-dues__notice"
            type="warning"
            showIcon
            message="缴费方式：线下缴纳，支部确认收款"
            description={base.payNotice || '本平台未接入线上支付。'}
            data-testid="dues-offline-notice"
          />

          <section className="dj-dues__base" aria-label="缴纳基数">
            <h3>{year}年缴纳基数</h3>
            {!base.isMember ? (
              <p className="dj-dues__muted">您还不是登记在册的党员，没有党费缴纳信息。</p>
            ) : !base.hasBase ? (
              <p className="dj-dues__muted" data-testid="dues-no-base">党支部尚未核定您{year}年的党费缴纳基数，暂不能缴纳，请联系所在党支部。</p>
            ) : (
              <dl className="dj-dues__facts">
                <div><dt>党员类别</dt><dd>{base.categoryName}</dd></div>
                <div><dt>缴纳档次</dt><dd>{base.bandName}</dd></div>
                {base.baseIncome !== null && <div><dt>税后月收入</dt><dd>{yuan(base.baseIncome)}</dd></div>}
                <div><dt>每月缴纳额</dt><dd className="dj-dues__amount" data-testid="dues-monthly">{yuan(base.monthlyAmount)}</dd></div>
              </dl>
            )}
          </section>

          {record.months.length > 0 && (
            <section className="dj-dues__months" aria-label="缴费月份">
              <h3>
                {year}年各月缴纳情况
                <span className="dj-dues__sum">
                  已缴 {yuan(record.paidAmount)}
                  {record.unpaidCount > 0 && <>，欠缴 {record.unpaidCount} 个月{record.monthlyAmount !== null ? `，共 ${yuan(record.owedAmount)}` : ''}</>}
                </span>
              </h3>
              <ul className="dj-dues__grid">
                {record.months.map((m) => {
                  const can = base.hasBase && payable.has(m.month);
                  return (
                    <li key={m.month} className={`dj-dues__month dj-dues__month--s${m.state}`} data-testid={`dues-month-${m.month}`}>
                      <span className="dj-dues__month-name">{m.month}月</span>
                      <StatusTag list="partyDuesMonth" value={m.state} />
                      <span className="dj-dues__month-amount">{yuan(m.amount)}</span>
                      {can && (
                        <Checkbox checked={chosen.includes(m.month)} onChange={(e) => toggle(m.month, e.target.checked)} aria-label={`选择${m.month}月`}>
                          选择
                        </Checkbox>
                      )}
                    </li>
                  );
                })}
              </ul>
              {base.hasBase && payable.size > 0 && (
                <div className="dj-dues__pay">
                  <span>
                    已选 {months.length} 个月，合计 <strong data-testid="dues-total">{formatFen(total)}</strong> 元
                  </span>
                  <Button type="primary" disabled={!months.length} loading={pay.loading} onClick={submit}>
                    缴纳（线下缴纳，支部确认）
                  </Button>
                </div>
              )}
              {last && (
                <Alert
                  className="dj-dues__done"
                  type="success"
                  showIcon
                  closable
                  onClose={() => setLast(null)}
                  message={`已登记${last.year}年${last.monthsText}党费 ${formatFen(last.amount)} 元，状态：${last.statusText}`}
                  description={last.message || undefined}
                />
              )}
            </section>
          )}

          <section className="dj-dues__records" aria-label="缴费记录">
            <h3>缴费记录</h3>
            {record.items.length === 0 ? (
              <p className="dj-dues__muted">{year}年暂无缴费记录</p>
            ) : (
              <table className="dj-dues__table">
                <thead>
                  <tr>
                    <th>缴纳时间</th>
                    <th>月份</th>
                    <th>金额（元）</th>
                    <th>方式</th>
                    <th>状态</th>
                    <th>说明</th>
                  </tr>
                </thead>
                <tbody>
                  {record.items.map((p) => (
                    <tr key={p.id} data-testid={`dues-payment-${p.id}`}>
                      <td>{formatPlatform(p.creationTime, MINUTE_FORMAT)}</td>
                      <td>{p.monthsText}</td>
                      <td className="dj-dues__num">{formatFen(p.amount)}</td>
                      <td>{p.channelText}</td>
                      <td><StatusTag list="partyDuesPay" value={p.status} /></td>
                      <td>{p.status === 2 ? `退回原因：${p.remark ?? ''}` : p.status === 1 ? `${p.confirmName ?? '支部'}已确认` : '待支部确认收款'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      ) : null}
    </MemberPage>
  );
}
