/** 我的流动申请 (/partyMember/partySpace/flowMyList): every flow registration of mine, newest first; 撤回 while it waits for the audit. */
import { Button } from 'antd';
import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { movingService, type MovingRecord } from '../../api/party-space';
import { MemberList, MemberPage, StepButton, pageLink, useAction, usePagedList } from '../kit';
import { FlowItem } from './flow-item';
import { FLOW_PAGES } from './paths';
import '../organ-switch/organ-switch.css';

export default function FlowMyList() {
  const list = usePagedList((page) => movingService.myApplications(page));
  const withdraw = useAction((r: MovingRecord) => movingService.withdraw(r.id), {
    confirm: '确认撤回该流动登记？撤回后可重新登记。',
    success: '登记已撤回',
    onSuccess: list.refresh,
  });
  return (
    <MemberPage
      className="dj-party-space-page"
      title="我的流动申请"
      extra={
        <>
          <Link to={FLOW_PAGES.history}>
            <Button icon={<HistoryOutlined />}>流动记录</Button>
          </Link>
          <Link to={FLOW_PAGES.apply}>
            <Button type="primary" icon={<PlusOutlined />}>
              登记流动
            </Button>
          </Link>
        </>
      }
    >
      <MemberList<MovingRecord>
        list={list}
        empty="暂无流动登记"
        itemsClassName="dj-party-space__items"
        renderItem={(r) => (
          <FlowItem
            r={r}
            to={pageLink(FLOW_PAGES.info, { id: r.id }, list.pageIndex)}
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
