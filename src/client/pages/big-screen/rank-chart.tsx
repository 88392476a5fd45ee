/**
 * The branch ranking as plain SVG bars (like the engine's statistics chart): ten bars on a fixed
 * canvas need no chart library (docs/big-screen-dashboard.md). Accessible: role img, named, with
 * every value in its description.
 */
import { useId } from 'react';
import { barRatios, formatHours } from './layout';

export interface RankRow {
  key: string | number;
  label: string;
  value: number;
}

const W = 440;
const ROW = 38;
const LABEL_W = 236;
const VALUE_W = 58;

/** A label cut to fit its column (CJK about one em of 16 px, Latin about half). */
function fit(label: string, width: number, font = 16) {
  let w = 0;
  let out = '';
  for (const ch of label) {
    w += /[\u0000-\u00ff]/.test(ch) ? font * 0.6 : font;
    if (w > width - font) return `${out}…`;
    out += ch;
  }
  return out;
}

export function RankChart({ title, rows, unit }: { title: string; rows: RankRow[]; unit: string }) {
  const id = useId();
  const ratios = barRatios(rows.map((r) => r.value));
  const track = W - LABEL_W - VALUE_W;
  const h = Math.max(ROW, rows.length * ROW);
  return (
    <svg className="bs-rank" width={W} height={h} viewBox={`0 0 ${W} ${h}`} role="img" aria-labelledby={`${id}-t`} aria-describedby={`${id}-d`}>
      <title id={`${id}-t`}>{title}</title>
      <desc id={`${id}-d`}>{rows.map((r) => `${r.label} ${formatHours(r.value)}${unit}`).join('；')}</desc>
      <defs>
        <linearGradient id={`${id}-g`} x1="0" x2="1">
          <stop offset="0" stopColor="#ff7a45" />
          <stop offset="1" stopColor="#ffd666" />
        </linearGradient>
      </defs>
      {rows.map((r, i) => (
        <g key={r.key} transform={`translate(0, ${i * ROW})`}>
          <text x={0} y={ROW / 2 + 6} className="bs-rank__no">{i + 1}</text>
          <text x={26} y={ROW / 2 + 6} className="bs-rank__label">{fit(r.label, LABEL_W - 26)}</text>
          <rect x={LABEL_W} y={ROW / 2 - 8} width={track} height={16} rx={8} className="bs-rank__track" />
          <rect x={LABEL_W} y={ROW / 2 - 8} width={Math.max(ratios[i] * track, 4)} height={16} rx={8} fill={`url(#${id}-g)`} />
          <text x={W} y={ROW / 2 + 6} textAnchor="end" className="bs-rank__value">{formatHours(r.value)}</text>
        </g>
      ))}
    </svg>
  );
}
