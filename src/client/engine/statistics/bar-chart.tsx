/**
 * A horizontal bar chart in plain SVG (no chart library is pinned): one bar per row, the value
 * written at the end of each bar, the row label before it. Accessible: role img with a title and a
 * description listing every value (a drillable bar also opens on a click; keyboard and screen-reader
 * users drill from the table). The width follows the container, so labels keep their size on a phone.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { PRIMARY } from '../../styles/theme';

export interface Bar {
  key: string;
  label: string;
  value: number;
  /** set when the bar opens the next level (an organisation's children) */
  onOpen?: () => void;
}

const ROW = 30;
const BAR = 18;
const PAD_TOP = 8;
const FONT = 13;

/** Characters of a label that fit in `width` pixels (CJK about one em, Latin about half). */
export function fitLabel(label: string, width: number): string {
  let w = 0;
  let out = '';
  for (const ch of label) {
    w += /[\u0000-\u00ff]/.test(ch) ? FONT * 0.6 : FONT;
    if (w > width - FONT) return `${out}…`;
    out += ch;
  }
  return out;
}

const NUMBER = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });
/** A count or sum as people read it (12,345; 3.5). */
export const formatNumber = (n: number) => NUMBER.format(n);
const fmt = formatNumber;

export function BarChart({ title, bars, unit, format = fmt }: { title: string; bars: Bar[]; unit?: string; format?: (n: number) => string }) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  const id = useId();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => el.clientWidth > 0 && setWidth(el.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const w = Math.max(280, width);
  const labelW = Math.min(180, Math.round(w * 0.32));
  const valueW = 64;
  const barMax = w - labelW - valueW - 8;
  const max = Math.max(0, ...bars.map((b) => b.value));
  const h = PAD_TOP * 2 + bars.length * ROW;
  const desc = bars.map((b) => `${b.label}：${format(b.value)}${unit ?? ''}`).join('；');
  return (
    <div ref={box} className="dj-bar-chart">
      <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`} role="img" aria-labelledby={`${id}-t ${id}-d`} data-testid="bar-chart">
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{desc}</desc>
        <line x1={labelW} x2={labelW} y1={PAD_TOP / 2} y2={h - PAD_TOP / 2} stroke="#d9d9d9" />
        {bars.map((b, i) => {
          const y = PAD_TOP + i * ROW;
          const len = max > 0 ? Math.max(b.value > 0 ? 2 : 0, Math.round((b.value / max) * barMax)) : 0;
          const open = b.onOpen;
          const shown = fitLabel(b.label, labelW - 8);
          return (
            <g
              key={b.key}
              data-bar={b.key}
              className={open ? 'dj-bar dj-bar--open' : 'dj-bar'}
              // the table below offers the same drill-down as buttons; the picture is one image to assistive technology
              onClick={open}
            >
              <text x={labelW - 8} y={y + ROW / 2} textAnchor="end" dominantBaseline="central" fontSize={FONT} fill={open ? PRIMARY : '#595959'}>
                {shown !== b.label ? <title>{b.label}</title> : null}
                {shown}
              </text>
              <rect x={labelW} y={y + (ROW - BAR) / 2} width={len} height={BAR} rx={2} fill={PRIMARY} fillOpacity={0.85} />
              <text x={labelW + len + 6} y={y + ROW / 2} dominantBaseline="central" fontSize={FONT} fill="#262626">
                {format(b.value)}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
