/** An activity card of the volunteer list: cover, 未开始 / 进行中 / 已结束 (platform zone), time, place, places left, my state. */
import { Tag } from 'antd';
import { ClockCircleOutlined, EnvironmentOutlined, HeartOutlined, TeamOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type { VolActivity } from '../../api/volunteer';
import { PHASES, phaseOf, placesLeft, timeRange } from './phase';
import './volunteer.css';

/** A cover for an activity without a picture: the colours of its type. */
const COVER_COLORS: Record<string, [string, string]> = {
  community: ['#c8161d', '#ef6b4a'], poverty: ['#d48806', '#f5c04a'], environment: ['#389e0d', '#8fd460'], civilization: ['#1d5fd6', '#5fa8f5'],
  emergency: ['#d4561e', '#f59a5d'], other: ['#722ed1', '#b37feb'],
};

export function ActivityCover({ activity: a, typeLabel, className }: { activity: Pick<VolActivity, 'coverPicture' | 'type'>; typeLabel: string; className?: string }) {
  return (
    <span className={`dj-vol-cover${className ? ` ${className}` : ''}`} style={a.coverPicture ? undefined : { background: `linear-gradient(135deg, ${(COVER_COLORS[a.type] ?? COVER_COLORS.community).join(', ')})` }}>
      {a.coverPicture ? <img src={a.coverPicture} alt="" loading="lazy" /> : <HeartOutlined className="dj-vol-cover__icon" />}
      {typeLabel ? <span className="dj-vol-cover__type">{typeLabel}</span> : null}
    </span>
  );
}

export function placesText(a: Pick<VolActivity, 'needUserCount' | 'participantCount'>): string {
  const left = placesLeft(a);
  return left === null ? '不限名额' : left === 0 ? '名额已满' : `剩余名额 ${left}`;
}

export function ActivityCard({ activity: a, now, to, typeLabel }: { activity: VolActivity; now: number; to: string; typeLabel: string }) {
  const current = phaseOf(a, now);
  const phase = PHASES[current];
  const full = placesLeft(a) === 0;
  return (
    <Link to={to} className="dj-vol-card" data-testid="vol-card" aria-label={a.title}>
      <ActivityCover activity={a} typeLabel={typeLabel} className="dj-vol-card__cover" />
      <span className="dj-vol-card__body">
        <span className="dj-vol-card__head">
          <Tag color={phase.color} className="dj-vol-card__phase" data-testid="vol-phase">{phase.label}</Tag>
          <span className="dj-vol-card__title" title={a.title}>{a.title}</span>
        </span>
        <span className="dj-vol-card__meta"><ClockCircleOutlined /> {timeRange(a.startTime, a.endTime)}</span>
        <span className="dj-vol-card__meta"><EnvironmentOutlined /> {a.address}</span>
        <span className="dj-vol-card__foot">
          {current === 'ended' ? null : <span className={full ? 'dj-vol-card__full' : 'dj-vol-card__places'}>{placesText(a)}</span>}
          <span className="dj-vol-card__count"><TeamOutlined /> {current === 'ended' ? `${a.participantCount} 人参加` : `已报名 ${a.participantCount} 人`}</span>
          {a.isSigned ? <Tag color="green">已签到</Tag> : a.isJoined ? <Tag color="red">已报名</Tag> : null}
        </span>
      </span>
    </Link>
  );
}
