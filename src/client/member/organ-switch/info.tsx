/**
 * 转接申请详情 (/partyMember/partySpace/organswitchInfo?id=, and organswitchHistory/detail?id= from
 * the completed transfers): one application with its handling record (转出 / 转入党组织审核 and their
 * remarks); 撤回 while it is being handled; the evaluation once transferred; for a transfer out of the
 * province the printable 介绍信.
 */
import { Alert, Button, Empty, Result, Skeleton } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useRequest } from 'ahooks';
import { organChangeService, type OrganChange } from '../../api/party-space';
import { ORGAN_CHANGE } from '../../../contract/party-space';
import type { ColumnDef } from '../../engine/types';
import { MemberDetail, MemberPage, useAction } from '../kit';
import { ContactCard } from './contact-card';
import { EvaluateForm } from './evaluate-form';
import { IntroductionLetter } from './letter';
import { ORGAN_SWITCH } from './paths';
import './organ-switch.css';

const S = ORGAN_CHANGE.state;

function StateNotice({ r }: { r: OrganChange }) {
  const refusal = [...(r.history ?? [])].reverse().find((h) => h.toState === S.rejected);
  const out = r.changeType === ORGAN_CHANGE.type.outOfProvince;
  switch (r.auditStatus) {
    case S.sending:
      return <Alert className="dj-party-space__notice" type="info" showIcon message="申请已提交，等待转出党组织（您所在的党组织）审核；办结前可以撤回。" />;
    case S.receiving:
      return <Alert className="dj-party-space__notice" type="info" showIcon message="转出党组织已审核通过，等待转入党组织审核。" />;
    case S.done:
      return (
        <Alert
          className="dj-party-space__notice"
          type="success"
          showIcon
          message={out ? '转出党组织已审核通过并开具介绍信，请持介绍信到转入党组织报到。' : '组织关系已转接，您已转入新的党支部（重新登录后显示新的所在党组织）。'}
          description="请对本次组织关系转接服务作出评价。"
        />
      );
    case S.evaluated:
      return <Alert className="dj-party-space__notice" type="success" showIcon message="组织关系转接已办结，感谢您的评价。" />;
    case S.rejected:
      return <Alert className="dj-party-space__notice" type="error" showIcon message="申请未通过" description={refusal?.remark ? `审核意见：${refusal.remark}` : undefined} />;
    case S.withdrawn:
      return <Alert className="dj-party-space__notice" type="warning" showIcon message="申请已撤回，如有需要可重新申请。" />;
    default:
      return null;
  }
}

export default function OrganSwitchInfo() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const fromHistory = pathname.replace(/\/+$/, '').endsWith('/detail');
  const id = params.get('id');
  const req = useRequest(() => organChangeService.get(id!), { ready: !!id, refreshDeps: [id], onError: () => undefined });
  const withdraw = useAction((r: OrganChange) => organChangeService.withdraw(r.id), {
    confirm: '确认撤回该组织关系转接申请？撤回后可重新申请。',
    success: '申请已撤回',
    onSuccess: req.refresh,
  });
  const r = req.data;

  let body;
  if (!id) body = <Empty description="未找到该申请" />;
  else if (!r && req.loading) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (!r) body = <Result status="warning" title="申请加载失败" extra={<Button onClick={req.refresh}>重新加载</Button>} />;
  else {
    const canEvaluate = r.availableTransitions?.includes('evaluate');
    const letter = r.changeType === ORGAN_CHANGE.type.outOfProvince && !!r.letterNo;
    const info: (string | ColumnDef)[] = [
      { field: 'auditStatus', title: '办理状态', valueType: 'status', statusList: 'organChange' },
      { field: 'creationTime', title: '申请时间', valueType: 'dateTime' },
      'changeType',
      'reason',
      { field: 'fromOrganName', title: '转出党组织' },
      { field: 'toOrganName', title: '转入党组织' },
      'contactPhone',
      ...(letter ? ['letterNo', 'letterDate'] : []),
    ];
    body = (
      <>
        <StateNotice r={r} />
        <MemberDetail
          entity="organChange"
          record={r}
          sections={[
            { title: '申请信息', fields: info },
            { fields: ['explain'], column: 1 },
            ...(r.evaluateLevel ? [{ title: '我的评价', column: 1, fields: ['evaluateLevel', 'evaluateContent'] }] : []),
          ]}
          history={r.history ?? []}
          statusList="organChange"
        />
        {letter ? <IntroductionLetter record={r} /> : null}
        {canEvaluate ? <EvaluateForm entity="organChange" title="评价本次转接服务" onSubmit={(v) => organChangeService.evaluate(r.id, v)} onDone={req.refresh} /> : null}
        <ContactCard />
      </>
    );
  }

  return (
    <MemberPage
      className="dj-party-space-page"
      title={fromHistory ? '转接记录详情' : '转接申请详情'}
      back={fromHistory ? ORGAN_SWITCH.history : ORGAN_SWITCH.myList}
      backText={fromHistory ? '返回转接记录' : '返回我的申请'}
      extra={
        r?.availableTransitions?.includes('withdraw') ? (
          <Button danger loading={withdraw.loading} onClick={() => void withdraw.run(r)}>
            撤回申请
          </Button>
        ) : r && (r.auditStatus === S.rejected || r.auditStatus === S.withdrawn) ? (
          <Link to={ORGAN_SWITCH.apply}>
            <Button>重新申请</Button>
          </Link>
        ) : null
      }
    >
      {body}
    </MemberPage>
  );
}
