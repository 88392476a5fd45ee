/** A topic card (reference client LZtList: id, name, coverPhoto, resourceCount) with the member's progress. */
import { ReadOutlined } from '@ant-design/icons';
import { fmtHours, fmtPercent } from '../../api/study';
import type { SpecialCard } from '../../../contract/training';
import '../study/study.css';
import './subject.css';

export function SubjectCard({ topic: t, onOpen, recommended }: { topic: SpecialCard; onOpen: (t: SpecialCard) => void; recommended?: boolean }) {
  const percent = Math.min(100, Number(t.percent) || 0);
  return (
    <button type="button" className="dj-subject-card" onClick={() => onOpen(t)} data-testid="subject-card" aria-label={t.name}>
      <span className="dj-subject-card__cover">
        {t.coverPhoto ? <img src={t.coverPhoto} alt="" loading="lazy" /> : <span className="dj-subject-card__icon"><ReadOutlined /></span>}
        {recommended ? <span className="dj-subject-card__tag">推荐</span> : null}
      </span>
      <span className="dj-subject-card__body">
        <span className="dj-subject-card__title" title={t.name}>{t.name}</span>
        <span className="dj-subject-card__meta">
          <span>{t.resourceCount} 个资源</span>
          <span>学时 {fmtHours(t.period)}/{fmtHours(t.totalPeriod)}</span>
        </span>
        {t.organName ? <span className="dj-subject-card__organ">{t.organName}</span> : null}
        <span className="dj-subject-card__progress">
          <span className="dj-bar" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} aria-label="学习进度">
            <span className="dj-bar__outer"><span className="dj-bar__inner"><span className="dj-bar__bg" style={{ width: `${percent}%` }} /></span></span>
          </span>
          <span className="dj-subject-card__percent">{fmtPercent(t.percent)}</span>
        </span>
      </span>
    </button>
  );
}
