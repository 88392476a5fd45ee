/**
 * 帮扶申请记录 (/partyMember/partySpace/difficultHistory): my applications, newest first, on the spec's
 * pager; each opens its detail with the audit timeline; one still 待支部审核 can be withdrawn.
 */
import { Button } from 'antd';
import { HeartOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { difficultyService, type DifficultyApply } from '../../api/difficulty';
import { Value, resolveColumn } from '../../engine/fields';
import { formatPlatform } from '../../utils/platform-time';
import { MemberList, MemberPage, StatusTag, StepButton, pageLink, useAction, useEntity, usePagedList } from '../kit';
import { DIFFICULTY } from './paths';
import './difficulty.css';

export default function DifficultyHistory() {
  const { entity } = useEntity('difficultyApply');
  const list = usePagedList((page) => difficultyService.myApplications(page));
  const withdraw = useAction((r: DifficultyApply) => difficultyService.withdraw(r.id), {
    confirm: '确认撤回该帮扶申请？撤回后可重新申请。',
    success: '申请已撤回',
    onSuccess: list.refresh,
  });
  const helpType = resolveColumn('helpType', entity);
  const difficultType = resolveColumn('difficultType', entity);

  return (
    <MemberPage
      className="dj-difficulty-page"
      title="帮扶申请记录"
      extra={
        <>
          <Link to={DIFFICULTY.status}>
            <Button icon={<HeartOutlined />}>我的帮扶</Button>
          </Link>
          <Link to={DIFFICULTY.create}>
            <Button type="primary" icon={<PlusOutlined />}>
              申请帮扶
            </Button>
          </Link>
        </>
      }
    >
      <MemberList<DifficultyApply>
        list={list}
        empty="暂无帮扶申请记录"
        itemsClassName="dj-difficulty__items"
        renderItem={(r) => {
          const to = pageLink(DIFFICULTY.historyInfo, { id: r.id }, list.pageIndex);
          return (
            <article className="dj-difficulty-item" data-testid="difficulty-apply-item">
              <div className="dj-difficulty-item__head">
                <Link to={to} className="dj-difficulty-item__title">
                  <Value col={helpType} record={r} />申请
                </Link>
                <StatusTag list="difficultyApply" value={r.auditStatus} />
              </div>
              <div className="dj-difficulty-item__meta">
                <span>申请时间：{formatPlatform(r.creationTime)}</span>
                <span>
                  困难类型：<Value col={difficultType} record={r} />
                </span>
                {r.organName ? <span>{r.organName}</span> : null}
              </div>
              <div className="dj-difficulty-item__desc">{r.difficulInstruction}</div>
              <div className="dj-difficulty-item__actions">
                <StepButton record={r} step="withdraw" action={withdraw} size="small" danger>
                  撤回
                </StepButton>
                <Link to={to}>
                  <Button size="small">查看详情</Button>
                </Link>
              </div>
            </article>
          );
        }}
      />
    </MemberPage>
  );
}
