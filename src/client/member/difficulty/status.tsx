/**
 * 困难帮扶 (/partyMember/partySpace/difficultInfo): where I stand — a 困难党员 or not
 * (CurrentUserIsDifficult), my latest application (GetMyDifficultyApply) — and the help records the
 * organisations registered for me, each to be evaluated once.
 */
import { Button, Skeleton, Tag } from 'antd';
import { HeartFilled, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useRequest } from 'ahooks';
import { difficultyService, type DifficultyHelp } from '../../api/difficulty';
import { formatPlatform } from '../../utils/platform-time';
import { MemberList, MemberPage, StatusTag, pageLink, usePagedList } from '../kit';
import { HelpItem } from './help-item';
import { DIFFICULTY_OPEN, DIFFICULTY_PAGES } from './index';
import '../kit/workflow.css';
import './difficulty.css';

function MyState() {
  const state = useRequest(() => Promise.all([difficultyService.isDifficult(), difficultyService.mine()]), { onError: () => undefined });
  if (state.loading && !state.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  const [difficult, latest] = state.data ?? [false, null];
  const canApply = !latest || !DIFFICULTY_OPEN.includes(latest.auditStatus);
  return (
    <div className="dj-difficulty-state" data-testid="difficulty-state">
      <HeartFilled className="dj-difficulty-state__icon" />
      <div className="dj-difficulty-state__text">
        <div className="dj-difficulty-state__title">
          {difficult ? (
            <>
              您是困难党员 <Tag color="red">困难党员</Tag>
            </>
          ) : latest ? (
            <>
              最近一次帮扶申请 <StatusTag list="difficultyApply" value={latest.auditStatus} />
            </>
          ) : (
            '您尚未申请困难帮扶'
          )}
        </div>
        <div className="dj-difficulty-state__sub">
          {latest
            ? `${formatPlatform(latest.creationTime)} 提交${difficult ? '；党组织对您的帮扶记录见下方，请对每次帮扶作出评价' : ''}`
            : '生活确有困难的党员可向组织申请帮扶，由党支部和上级党组织审核。'}
        </div>
      </div>
      <div className="dj-difficulty-state__actions">
        {latest ? (
          <Link to={`${DIFFICULTY_PAGES.detail.path}?id=${latest.id}`}>
            <Button>查看申请</Button>
          </Link>
        ) : null}
        {canApply ? (
          <Link to={DIFFICULTY_PAGES.apply.path}>
            <Button type="primary" icon={<PlusOutlined />}>
              申请帮扶
            </Button>
          </Link>
        ) : null}
      </div>
    </div>
  );
}

export default function DifficultyStatus() {
  const list = usePagedList((page) => difficultyService.myHelps(page));
  return (
    <MemberPage
      className="dj-workflow-page dj-difficulty-page"
      title={DIFFICULTY_PAGES.status.title}
      extra={
        <Link to={DIFFICULTY_PAGES.myList.path}>
          <Button icon={<UnorderedListOutlined />}>申请记录</Button>
        </Link>
      }
    >
      <MyState />
      <h3 className="dj-workflow__section-title">我的帮扶记录</h3>
      <MemberList<DifficultyHelp>
        list={list}
        empty="暂无帮扶记录"
        itemsClassName="dj-workflow__items"
        renderItem={(h) => <HelpItem help={h} to={pageLink(DIFFICULTY_PAGES.helpInfo.path, { id: h.id }, list.pageIndex)} />}
      />
    </MemberPage>
  );
}
