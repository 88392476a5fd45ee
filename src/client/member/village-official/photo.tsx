/** A village official's work photo, or his surname on a red disc when he gave none. */
import type { VillageOfficial } from '../../api/village-official';
import './village-official.css';

export function OfficialPhoto({ official: o, className }: { official: Pick<VillageOfficial, 'photo' | 'ownerName'>; className?: string }) {
  return (
    <span className={`dj-vo-photo${className ? ` ${className}` : ''}`}>
      {o.photo ? <img src={o.photo} alt={o.ownerName ?? ''} loading="lazy" /> : <span className="dj-vo-photo__initial" aria-hidden>{(o.ownerName ?? '村').slice(0, 1)}</span>}
    </span>
  );
}
