/** 流动申请记录 (/partyMember/partySpace/flowapplyhistory): the flows that happened (流动中, 已结束, 已评价). */
import { Button } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { movingService, type MovingRecord } from '../../api/party-space';
import { MemberList, MemberPage, pageLink, usePagedList } from '../kit';
import { FlowItem } from './flow-item';
import { FLOW_PAGES } from './paths';
import '../organ-switch/organ-switch.css';

export default function FlowHistory() {
  const list = usePagedList((page) => movingService.history(page));
  return (
    <MemberPage
      className="dj-party-space-page"
      title="流动申请记录"
      extra={
        <Link to={FLOW_PAGES.myList}>
          <Button icon={<UnorderedListOutlined />}>我的登记</Button>
        </Link>
      }
    >
      <MemberList<MovingRecord>
        list={list}
        empty="暂无流动记录"
        itemsClassName="dj-party-space__items"
        renderItem={(r) => <FlowItem r={r} to={pageLink(FLOW_PAGES.historyInfo, { id: r.id }, list.pageIndex)} />}
      />
    </MemberPage>
  );
}
