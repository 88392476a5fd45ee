/**
 * 流动申请详情 (/partyMember/partySpace/flowapplyInfo?id=, and flowapplyhistory/info?id= from the flow
 * records): one registration with its handling record; 撤回 while it waits for the audit, 结束流动 while
 * the member flows, the evaluation once the flow has ended.
 */
import { Alert, Button, Empty, Result, Skeleton } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useRequest } from 'ahooks';
import { movingService, type MovingRecord } from '../../api/party-space';
import { FLOW } from '../../../contract/party-space';
import type { ColumnDef } from '../../engine/types';
import { MemberDetail, MemberPage, useAction } from '../kit';
import { ContactCard } from '../organ-switch/contact-card';
import { EvaluateForm } from '../organ-switch/evaluate-form';
import { FLOW_PAGES } from './paths';
import '../organ-switch/organ-switch.css';

const S = FLOW.state;

function StateNotice({ r }: { r: MovingRecord }) {
  const refusal = [...(r.history ?? [])].reverse().find((h) => h.toState === S.rejected);
  switch (r.auditStatus) {
    case S.pending:
      return <Alert className="dj-party-space__notice" type="info" showIcon message="登记已提交，等待您所在的党组织审核；审核前可以撤回。" />;
    case S.flowing:
      return <Alert className="dj-party-space__notice" type="info" showIcon message="审核已通过，您当前为流动党员。返回后请结束流动。" />;
    case S.ended:
      return <Alert className="dj-party-space__notice" type="success" showIcon message="本次流动已结束" description="请对流动期间的服务作出评价。" />;
    case S.evaluated:
      return <Alert className="dj-party-space__notice" type="success" showIcon message="本次流动已结束，感谢您的评价。" />;
    case S.rejected:
      return <Alert className="dj-party-space__notice" type="error" showIcon message="登记未通过" description={refusal?.remark ? `审核意见：${refusal.remark}` : undefined} />;
    case S.withdrawn:
      return <Alert className="dj-party-space__notice" type="warning" showIcon message="登记已撤回，如有需要可重新登记。" />;
    default:
      return null;
  }
}

export default function FlowInfo() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const fromHistory = pathname.replace(/\/+$/, '').endsWith('/info');
  const id = params.get('id');
  const req = useRequest(() => movingService.get(id!), { ready: !!id, refreshDeps: [id], onError: () => undefined });
  const withdraw = useAction((r: MovingRecord) => movingService.withdraw(r.id), {
    confirm: '确认撤回该流动登记？撤回后可重新登记。',
    success: '登记已撤回',
    onSuccess: req.refresh,
  });
  const r = req.data;

  let body;
  if (!id) body = <Empty description="未找到该流动登记" />;
  else if (!r && req.loading) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (!r) body = <Result status="warning" title="流动登记加载失败" extra={<Button onClick={req.refresh}>重新加载</Button>} />;
  else {
    const ended = r.auditStatus === S.ended || r.auditStatus === S.evaluated;
    const info: (string | ColumnDef)[] = [
      { field: 'auditStatus', title: '状态', valueType: 'status', statusList: 'movingRecord' },
      { field: 'creationTime', title: '登记时间', valueType: 'dateTime' },
      'flowType',
      'flowReason',
      { field: 'outOrganName', title: '流出党组织' },
      { field: 'flowInOrganName', title: '流入党组织' },
      'flowPlace',
      'contactPhone',
      'startDate',
      'endDate',
      ...(ended ? ['actualEndDate'] : []),
    ];
    body = (
      <>
        <StateNotice r={r} />
        <MemberDetail
          entity="movingRecord"
          record={r}
          sections={[
            { title: '流动信息', fields: info },
            { fields: ['explain', ...(ended ? ['endReason'] : [])], column: 1 },
            ...(r.evaluateLevel ? [{ title: '我的评价', column: 1, fields: ['evaluateLevel', 'evaluateContent'] }] : []),
          ]}
          history={r.history ?? []}
          statusList="movingRecord"
        />
        {r.availableTransitions?.includes('evaluate') ? (
          <EvaluateForm entity="movingRecord" title="评价流动期间的服务" onSubmit={(v) => movingService.evaluate(r.id, v)} onDone={req.refresh} />
        ) : null}
        <ContactCard />
      </>
    );
  }

  return (
    <MemberPage
      className="dj-party-space-page"
      title={fromHistory ? '流动记录详情' : '流动申请详情'}
      back={fromHistory ? FLOW_PAGES.history : FLOW_PAGES.myList}
      backText={fromHistory ? '返回流动记录' : '返回我的登记'}
      extra={
        r?.availableTransitions?.includes('withdraw') ? (
          <Button danger loading={withdraw.loading} onClick={() => void withdraw.run(r)}>
            撤回登记
          </Button>
        ) : r?.auditStatus === S.flowing ? (
          <Link to={FLOW_PAGES.end}>
            <Button type="primary">结束流动</Button>
          </Link>
        ) : r && (r.auditStatus === S.rejected || r.auditStatus === S.withdrawn) ? (
          <Link to={FLOW_PAGES.apply}>
            <Button>重新登记</Button>
          </Link>
        ) : null
      }
    >
      {body}
    </MemberPage>
  );
}
