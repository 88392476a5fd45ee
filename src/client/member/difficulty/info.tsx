/**
 * 申请详情 (/partyMember/partySpace/difficultHistory/historyInfo?id=): one of my applications with its
 * evidence and the audit timeline (支部审核, 上级审核, their remarks); withdraw while 待支部审核; once
 * approved, the help records the organisations registered under it.
 */
import { Alert, Button, Empty, Result, Skeleton } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import { useRequest } from 'ahooks';
import { difficultyService, type DifficultyApply, type DifficultyHelp } from '../../api/difficulty';
import { MemberDetail, MemberPage, useAction } from '../kit';
import { DIFFICULTY } from './paths';
import { HelpItem } from './help-item';
import './difficulty.css';

/** What the state means for the applicant, and a rejection's reason (the remark of the step that refused). */
function StateNotice({ r }: { r: DifficultyApply }) {
  const refusal = [...(r.history ?? [])].reverse().find((h) => h.toState === 3);
  switch (r.auditStatus) {
    case 0:
      return <Alert className="dj-difficulty__notice" type="info" showIcon message="申请已提交，等待所在党支部审核；审核前可以撤回。" />;
    case 1:
      return <Alert className="dj-difficulty__notice" type="info" showIcon message="党支部已审核通过，等待上级党组织审核。" />;
    case 2:
      return <Alert className="dj-difficulty__notice" type="success" showIcon message="审核通过，您已被认定为困难党员。党组织的帮扶记录见下方。" />;
    case 3:
      return <Alert className="dj-difficulty__notice" type="error" showIcon message="申请未通过" description={refusal?.remark ? `审核意见：${refusal.remark}` : undefined} />;
    case 4:
      return <Alert className="dj-difficulty__notice" type="warning" showIcon message="申请已撤回，如有需要可重新申请。" />;
    default:
      return null;
  }
}

/**
 * The help records of this application: a member's own help records are few, and his list
 * (GetUserPagedDifficultyHelpList) has no parent filter, so one page of 100 is read and filtered.
 */
function ApplicationHelps({ id }: { id: number }) {
  const helps = useRequest(() => difficultyService.myHelps({ skipCount: 0, maxResultCount: 100 }), { onError: () => undefined });
  const mine: DifficultyHelp[] = (helps.data?.items ?? []).filter((h) => h.parentId === id);
  return (
    <section data-testid="application-helps">
      <h3 className="dj-difficulty__section-title">帮扶记录</h3>
      {helps.loading && !helps.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : mine.length ? (
        <div className="dj-difficulty__items">
          {mine.map((h) => (
            <HelpItem key={h.id} help={h} to={`${DIFFICULTY.historyHelpInfo}?id=${h.id}`} />
          ))}
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="党组织尚未登记帮扶记录" />
      )}
    </section>
  );
}

export default function DifficultyApplyInfo() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const req = useRequest(() => difficultyService.application(id!), { ready: !!id, refreshDeps: [id], onError: () => undefined });
  const withdraw = useAction((r: DifficultyApply) => difficultyService.withdraw(r.id), {
    confirm: '确认撤回该帮扶申请？撤回后可重新申请。',
    success: '申请已撤回',
    onSuccess: req.refresh,
  });
  const r = req.data;

  let body;
  if (!id) body = <Empty description="未找到该申请" />;
  else if (!r && req.loading) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (!r) body = <Result status="warning" title="申请加载失败" extra={<Button onClick={req.refresh}>重新加载</Button>} />;
  else
    body = (
      <>
        <StateNotice r={r} />
        <MemberDetail
          entity="difficultyApply"
          record={r}
          sections={[
            {
              title: '申请信息',
              fields: [
                { field: 'auditStatus', title: '状态', valueType: 'status', statusList: 'difficultyApply' },
                { field: 'creationTime', title: '申请时间', valueType: 'dateTime' },
                { field: 'organName', title: '所在党组织' },
                'helpType',
                'difficultType',
                'healthSituation',
                'yearIncome',
                'familySize',
                'isLowAllowance',
                'isNoWorkOldMember',
                'isPensionBenefits',
              ],
            },
            { title: '困难情况', fields: ['difficulInstruction', 'attachs'], column: 1 },
          ]}
          column={2}
          history={r.history ?? []}
          statusList="difficultyApply"
          historyTitle="审核记录"
        />
        {r.auditStatus === 2 ? <ApplicationHelps id={r.id} /> : null}
      </>
    );

  return (
    <MemberPage
      className="dj-difficulty-page"
      title="申请详情"
      back={DIFFICULTY.history}
      extra={
        r?.availableTransitions?.includes('withdraw') ? (
          <Button danger loading={withdraw.loading} onClick={() => void withdraw.run(r)}>
            撤回申请
          </Button>
        ) : r && (r.auditStatus === 3 || r.auditStatus === 4) ? (
          <Link to={DIFFICULTY.create}>
            <Button>重新申请</Button>
          </Link>
        ) : null
      }
    >
      {body}
    </MemberPage>
  );
}
