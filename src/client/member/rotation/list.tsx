/**
 * 集中轮训 (/partyMember/iStudy/rotationTrain): three tabs — 集中轮训 (the programmes I am assigned to,
 * with my batch), 可报名培训班 (classes whose scope holds me) and 我的培训班 (classes I applied to or
 * study in). A batch and a class open the class page (`info?id=<class id>`); times are the platform
 * zone's wall clock.
 */
import { Tabs, Tag } from 'antd';
import { CalendarOutlined, EnvironmentOutlined, TeamOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { formatPlatform, MINUTE_FORMAT } from '../../utils/platform-time';
import { cenTrainService } from '../../api/cen-train';
import type { MemberClass, MyCenTrain } from '../../../contract/training';
import { MemberList, MemberPage, pageLink, usePagedList } from '../kit';
import { ROTATION } from './index';
import '../member.css';
import './rotation.css';

const when = (v: string | null | undefined) => (v ? formatPlatform(v, MINUTE_FORMAT) : '-');
const period = (from: string | null | undefined, to: string | null | undefined) => `${when(from)} 至 ${when(to)}`;

/** A class's state (CLASS_STATE_LABEL codes: 0 草稿 … 5 已结束) as a coloured tag; the text is the server's. */
const STATE_COLOR: Record<number, string> = { 1: 'default', 2: 'green', 3: 'orange', 4: 'blue', 5: 'default' };
const StateTag = ({ state, text }: { state?: number; text: string }) => <Tag color={STATE_COLOR[state ?? -1] ?? 'blue'}>{text}</Tag>;

const TABS = ['cen', 'open', 'mine'] as const;
type TabKey = (typeof TABS)[number];

function ProgrammeCard({ p, pageIndex }: { p: MyCenTrain; pageIndex: number }) {
  const b = p.batch;
  return (
    <article className="dj-rotation-card" data-testid="rotation-programme">
      <div className="dj-rotation-card__head">
        <h3 className="dj-rotation-card__title">{p.name}</h3>
        <span className="dj-rotation-card__year">{p.year}年度</span>
      </div>
      <p className="dj-rotation-card__meta"><TeamOutlined /> 主办：{p.createOrganName}</p>
      <p className="dj-rotation-card__meta"><CalendarOutlined /> 轮训时间：{formatPlatform(p.startTime)} 至 {formatPlatform(p.endTime)}</p>
      <div className="dj-rotation-batch" data-testid="rotation-batch">
        <div className="dj-rotation-batch__head">
          <span className="dj-rotation-batch__label">我的批次</span>
          <Link to={pageLink(ROTATION.info, { id: b.id }, pageIndex)} className="dj-rotation-batch__name">{b.className}</Link>
          <StateTag state={b.state} text={b.statusText} />
        </div>
        <p className="dj-rotation-card__meta"><CalendarOutlined /> {period(b.startTime, b.endTime)}</p>
        {b.address ? <p className="dj-rotation-card__meta"><EnvironmentOutlined /> {b.address}</p> : null}
      </div>
    </article>
  );
}

function ClassCard({ c, pageIndex }: { c: MemberClass; pageIndex: number }) {
  return (
    <article className="dj-rotation-card" data-testid="rotation-class">
      <div className="dj-rotation-card__head">
        <h3 className="dj-rotation-card__title">
          <Link to={pageLink(ROTATION.info, { id: c.id }, pageIndex)}>{c.className}</Link>
        </h3>
        <StateTag state={c.state} text={c.statusText} />
      </div>
      <p className="dj-rotation-card__meta"><TeamOutlined /> 主办：{c.createOrganName}</p>
      {c.applyStartTime || c.applyEndTime ? <p className="dj-rotation-card__meta"><CalendarOutlined /> 报名时间：{period(c.applyStartTime, c.applyEndTime)}</p> : null}
      <p className="dj-rotation-card__meta"><CalendarOutlined /> 培训时间：{period(c.startTime, c.endTime)}</p>
      <p className="dj-rotation-card__meta">
        名额：{c.trainNumbers ? `${c.studentCount}/${c.trainNumbers}` : `${c.studentCount}（不限）`}
        {c.studentStatusText ? <> · 我的状态：<Tag color={c.studentStatus === 1 ? 'green' : c.studentStatus === 0 ? 'orange' : 'default'}>{c.studentStatusText}</Tag></> : null}
      </p>
    </article>
  );
}

export default function RotationList() {
  const [params, setParams] = useSearchParams();
  const tab: TabKey = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as TabKey) : 'cen';
  const cen = usePagedList((p) => cenTrainService.mine(p), { ready: tab === 'cen' });
  const open = usePagedList((p) => cenTrainService.openClasses(p), { ready: tab === 'open' });
  const mine = usePagedList((p) => cenTrainService.myClasses(p), { ready: tab === 'mine' });
  return (
    <MemberPage title="集中轮训">
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'cen' ? {} : { tab: k })}
        items={[
          { key: 'cen', label: '集中轮训', children: <MemberList<MyCenTrain> list={cen} itemsClassName="dj-rotation-cards" empty="暂无集中轮训安排" renderItem={(p) => <ProgrammeCard p={p} pageIndex={cen.pageIndex} />} /> },
          { key: 'open', label: '可报名培训班', children: <MemberList<MemberClass> list={open} itemsClassName="dj-rotation-cards" empty="暂无可报名的培训班" renderItem={(c) => <ClassCard c={c} pageIndex={open.pageIndex} />} /> },
          { key: 'mine', label: '我的培训班', children: <MemberList<MemberClass> list={mine} itemsClassName="dj-rotation-cards" empty="暂无培训班" renderItem={(c) => <ClassCard c={c} pageIndex={mine.pageIndex} />} /> },
        ]}
      />
    </MemberPage>
  );
}
