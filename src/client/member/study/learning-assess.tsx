/**
 * 学习考核 (/partyMember/iStudy/learningassess): this year's requirement and my progress (考核设置),
 * my online 学时 by resource and by day, my approved offline 学时, and the way to the offline
 * declaration and its records. The tab is in the query
 * (`tab`), its page in `num`; the totals are the server's, over every page.
 */
import { Button, Statistic, Tabs, Tag } from 'antd';
import { FormOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { useRequest } from 'ahooks';
import { formatPlatform } from '../../utils/platform-time';
import { fmtHours, periodService, RESOURCE_TYPE_TEXT, type OfflineReport, type OnlinePeriodItem, type SyncPeriodItem } from '../../api/study';
import { usePagedList } from '../kit';
import { MemberTableList } from '../kit/member-table-list';
import AssessProgress from './assess-progress';
import '../member.css';
import './study.css';

const A = '/partyMember/iStudy/learningassess';
const TABS = ['online', 'offline', 'days'] as const;
type Tab = (typeof TABS)[number];

const round2 = (n: number) => Math.round(n * 100) / 100;

export default function LearningAssess() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'online';

  const online = usePagedList((p) => periodService.online(p), { ready: tab === 'online' });
  const offline = usePagedList((p) => periodService.offline(p), { ready: tab === 'offline' });
  const days = usePagedList((p) => periodService.sync(p), { ready: tab === 'days' });

  // the totals (one row asked for: the answers carry the sums over all rows)
  const totals = useRequest(
    () =>
      Promise.all([periodService.sync({ skipCount: 0, maxResultCount: 1 }), periodService.offline({ skipCount: 0, maxResultCount: 1 })]).then(([d, o]) => ({
        online: round2((Number(d.totalSeconds) || 0) / 3600),
        offline: round2(Number(o.totalHours) || 0),
      })),
    { onError: () => undefined },
  );
  const sums = totals.data ?? (totals.error ? { online: 0, offline: 0 } : null);

  const openTab = (k: string) => {
    const next = new URLSearchParams();
    if (k !== 'online') next.set('tab', k);
    setParams(next);
  };

  return (
    <div className="dj-assess">
      <div className="dj-banner">
        <h2>学习考核</h2>
        <p>线上学习与线下学习的学时统计</p>
      </div>
      <div className="dj-assess__stats">
        <div className="dj-assess__stat"><Statistic title="线上学时" value={fmtHours(sums?.online)} suffix="学时" loading={!sums} /></div>
        <div className="dj-assess__stat"><Statistic title="线下学时" value={fmtHours(sums?.offline)} suffix="学时" loading={!sums} /></div>
        <div className="dj-assess__stat"><Statistic title="合计" value={fmtHours(round2((sums?.online ?? 0) + (sums?.offline ?? 0)))} suffix="学时" loading={!sums} /></div>
      </div>
      <AssessProgress />
      <div className="dj-study-panel">
        <div className="dj-assess__actions">
          <Link to={`${A}/studydeclaration`}><Button type="primary" icon={<FormOutlined />}>线下学时申报</Button></Link>
          <Link to={`${A}/studydeclaration/list`}><Button icon={<UnorderedListOutlined />}>申报记录</Button></Link>
        </div>
        <Tabs
          activeKey={tab}
          onChange={openTab}
          destroyOnHidden
          items={[
            {
              key: 'online',
              label: '线上学时',
              children: (
                <MemberTableList<OnlinePeriodItem>
                  list={online}
                  rowKey="resourceId"
                  scrollX={560}
                  empty="暂无学习记录"
                  columns={[
                    { title: '资源名称', dataIndex: 'name', ellipsis: true },
                    { title: '类型', dataIndex: 'resourceType', width: 70, render: (t: number) => RESOURCE_TYPE_TEXT[t] },
                    { title: '已获学时', dataIndex: 'period', width: 90, render: (v: number) => fmtHours(v) },
                    { title: '总学时', dataIndex: 'resoursePeriod', width: 80, render: (v: number) => fmtHours(v) },
                    { title: '状态', dataIndex: 'completed', width: 80, render: (c: boolean) => (c ? <Tag color="success">已完成</Tag> : <Tag>学习中</Tag>) },
                    { title: '最近学习', dataIndex: 'lastStudyTime', width: 170, render: (t: string) => formatPlatform(t, 'YYYY-MM-DD HH:mm:ss') || '-' },
                  ]}
                />
              ),
            },
            {
              key: 'offline',
              label: '线下学时',
              children: (
                <MemberTableList<OfflineReport>
                  list={offline}
                  scrollX={480}
                  empty="暂无已通过的线下学时"
                  columns={[
                    { title: '学习内容', dataIndex: 'title', ellipsis: true },
                    { title: '学习日期', dataIndex: 'studyDate', width: 110 },
                    { title: '学时', dataIndex: 'hours', width: 80, render: (v: number) => fmtHours(v) },
                    { title: '所在组织', dataIndex: 'organName', ellipsis: true },
                  ]}
                />
              ),
            },
            {
              key: 'days',
              label: '按日汇总',
              children: (
                <MemberTableList<SyncPeriodItem>
                  list={days}
                  rowKey="day"
                  empty="暂无学习记录"
                  columns={[
                    { title: '日期', dataIndex: 'day' },
                    { title: '学习资源数', dataIndex: 'resources' },
                    { title: '线上学时', dataIndex: 'period', render: (v: number) => fmtHours(v) },
                  ]}
                />
              ),
            },
          ]}
        />
      </div>
    </div>
  );
}
