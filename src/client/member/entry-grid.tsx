/** Grid of entry cards used by the member area entry pages. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './member.css';

export interface EntryItem {
  title: string;
  desc: string;
  to: string;
  icon: ReactNode;
  color?: string;
}

export function EntryGrid({ items }: { items: EntryItem[] }) {
  return (
    <div className="dj-entry-grid">
      {items.map((it) => (
        <Link key={it.to} to={it.to} className="dj-entry">
          <span className="dj-entry__icon" style={{ background: it.color ?? '#c8161d' }}>{it.icon}</span>
          <span className="dj-entry__text">
            <span className="dj-entry__title">{it.title}</span>
            <span className="dj-entry__desc">{it.desc}</span>
          </span>
        </Link>
      ))}
    </div>
  );
}

export function AreaBanner({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <div className="dj-banner">
      <h2>{title}</h2>
      <p>{subtitle}</p>
    </div>
  );
}
