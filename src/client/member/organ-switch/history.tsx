/** 组织关系转接记录 (/partyMember/partySpace/organswitchHistory): my completed transfers (已转接, 已评价). */
import { Button } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { organChangeService, type OrganChange } from '../../api/party-space';
import { MemberList, MemberPage, pageLink, usePagedList } from '../kit';
import { ChangeItem } from './change-item';
import { ORGAN_SWITCH } from './paths';
import './organ-switch.css';

export default function OrganSwitchHistory() {
  const list = usePagedList((page) => organChangeService.history(page));
  return (
    <MemberPage
      className="dj-party-space-page"
      title="组织关系转接记录"
      extra={
        <Link to={ORGAN_SWITCH.myList}>
          <Button icon={<UnorderedListOutlined />}>我的申请</Button>
        </Link>
      }
    >
      <MemberList<OrganChange>
        list={list}
        empty="暂无已完成的组织关系转接"
        itemsClassName="dj-party-space__items"
        renderItem={(r) => <ChangeItem r={r} to={pageLink(ORGAN_SWITCH.historyDetail, { id: r.id }, list.pageIndex)} />}
      />
    </MemberPage>
  );
}
