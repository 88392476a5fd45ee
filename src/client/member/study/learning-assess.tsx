/**
 * 学习考核 (/partyMember/iStudy/learningassess): my online 学时 by resource and by day, my approved
 * offline 学时, and the way to the offline declaration and its records.
 */
import { useEffect, useState } from 'react';
import { Button, Statistic, Table, Tabs, Tag } from 'antd';
import { FormOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { formatPlatform } from '../../utils/platform-time';
import { fmtHours, periodService, RESOURCE_TYPE_TEXT, type OfflineReport, type OnlinePeriodItem, type SyncPeriodItem } from '../../api/study';
import '../member.css';
import './study.css';

const A = '/partyMember/iStudy/learningassess';
const ALL = { skipCount: 0, maxResultCount: 100 };

export default function LearningAssess() {
  const [online, setOnline] = useState<{ totalCount: number; items: OnlinePeriodItem[] } | null>(null);
  const [offline, setOffline] = useState<{ totalCount: number; items: OfflineReport[] } | null>(null);
  const [days, setDays] = useState<{ totalCount: number; items: SyncPeriodItem[] } | null>(null);

  useEffect(() => {
    const empty = { totalCount: 0, items: [] };
    periodService.online(ALL).then(setOnline, () => setOnline(empty));
    periodService.offline(ALL).then(setOffline, () => setOffline(empty));
    periodService.sync(ALL).then(setDays, () => setDays(empty));
  }, []);

  const onlineSeconds = (days?.items ?? []).reduce((s, d) => s + d.seconds, 0);
  const onlineHours = Math.round((onlineSeconds / 3600) * 100) / 100;
  const offlineHours = Math.round((offline?.items ?? []).reduce((s, r) => s + Number(r.hours), 0) * 100) / 100;

  return (
    <div className="dj-assess">
      <div className="dj-banner">
        <h2>学习考核</h2>
        <p>线上学习与线下学习的学时统计</p>
      </div>
      <div className="dj-assess__stats">
        <div className="dj-assess__stat"><Statistic title="线上学时" value={fmtHours(onlineHours)} suffix="学时" loading={!days} /></div>
        <div className="dj-assess__stat"><Statistic title="线下学时" value={fmtHours(offlineHours)} suffix="学时" loading={!offline} /></div>
        <div className="dj-assess__stat"><Statistic title="合计" value={fmtHours(onlineHours + offlineHours)} suffix="学时" loading={!days || !offline} /></div>
      </div>
      <div className="dj-study-panel">
        <div className="dj-assess__actions">
          <Link to={`${A}/studydeclaration`}><Button type="primary" icon={<FormOutlined />}>线下学时申报</Button></Link>
          <Link to={`${A}/studydeclaration/list`}><Button icon={<UnorderedListOutlined />}>申报记录</Button></Link>
        </div>
        <Tabs
          items={[
            {
              key: 'online',
              label: '线上学时',
              children: (
                <Table<OnlinePeriodItem>
                  rowKey="resourceId"
                  size="middle"
                  loading={!online}
                  dataSource={online?.items}
                  pagination={false}
                  scroll={{ x: 560 }}
                  locale={{ emptyText: '暂无学习记录' }}
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
                <Table<OfflineReport>
                  rowKey="id"
                  size="middle"
                  loading={!offline}
                  dataSource={offline?.items}
                  pagination={false}
                  scroll={{ x: 480 }}
                  locale={{ emptyText: '暂无已通过的线下学时' }}
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
                <Table<SyncPeriodItem>
                  rowKey="day"
                  size="middle"
                  loading={!days}
                  dataSource={days?.items}
                  pagination={false}
                  locale={{ emptyText: '暂无学习记录' }}
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
