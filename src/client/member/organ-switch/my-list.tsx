/** 我的转接申请 (/partyMember/partySpace/organswitchMyList): every application of mine, newest first; 撤回 while being handled. */
import { Button } from 'antd';
import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { organChangeService, type OrganChange } from '../../api/party-space';
import { MemberList, MemberPage, StepButton, pageLink, useAction, usePagedList } from '../kit';
import { ChangeItem } from './change-item';
import { ORGAN_SWITCH } from './paths';
import './organ-switch.css';

export default function OrganSwitchMyList() {
  const list = usePagedList((page) => organChangeService.myApplications(page));
  const withdraw = useAction((r: OrganChange) => organChangeService.withdraw(r.id), {
    confirm: '确认撤回该组织关系转接申请？撤回后可重新申请。',
    success: '申请已撤回',
    onSuccess: list.refresh,
  });
  return (
    <MemberPage
      className="dj-party-space-page"
      title="我的转接申请"
      extra={
        <>
          <Link to={ORGAN_SWITCH.history}>
            <Button icon={<HistoryOutlined />}>转接记录</Button>
          </Link>
          <Link to={ORGAN_SWITCH.apply}>
            <Button type="primary" icon={<PlusOutlined />}>
              申请转接
            </Button>
          </Link>
        </>
      }
    >
      <MemberList<OrganChange>
        list={list}
        empty="暂无组织关系转接申请"
        itemsClassName="dj-party-space__items"
        renderItem={(r) => (
          <ChangeItem
            r={r}
            to={pageLink(ORGAN_SWITCH.info, { id: r.id }, list.pageIndex)}
            actions={
              <StepButton record={r} step="withdraw" action={withdraw} size="small" danger>
                撤回
              </StepButton>
            }
          />
        )}
      />
    </MemberPage>
  );
}
