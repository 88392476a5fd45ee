/**
 * Charts (issue 34): shares as rings, trends as lines, comparisons as bars — drawn by ECharts
 * (echarts/core with only the bar, line and pie charts, the grid and tooltip, and the SVG renderer;
 * README "Charts" says why ECharts and not AntV). The library is in its own chunk, loaded by
 * `chart-view.tsx` only when a page draws a chart: the admin list and the member space never load it.
 *
 * Every chart carries its text alternative: the figure is named (aria-label: the title and every
 * value), and a visually hidden table lists the same values for screen readers and keyboard users.
 */
import { lazy, Suspense, useId } from 'react';
import type { ChartProps } from './types';
import './chart.css';

export type { ChartKind, ChartPoint, ChartProps } from './types';

const ChartView = lazy(() => import('./chart-view'));

const NUMBER = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });
const plain = (n: number) => NUMBER.format(n);

/** The chart's values in words: 男：120人；女：80人 */
export const describeChart = (p: Pick<ChartProps, 'points' | 'unit' | 'format'>) =>
  p.points.map((x) => `${x.label}：${(p.format ?? plain)(x.value)}${p.unit ?? ''}`).join('；');

export function Chart(props: ChartProps) {
  const id = useId();
  const height = props.height ?? (props.kind === 'bar' ? Math.max(160, Math.min(560, 40 + props.points.length * 30)) : 260);
  const format = props.format ?? plain;
  return (
    <figure className="dj-chart" data-chart={props.kind} data-testid="chart" aria-labelledby={`${id}-c`}>
      <figcaption id={`${id}-c`} className={props.caption === false ? 'dj-visually-hidden' : 'dj-chart__caption'}>
        {props.title}
      </figcaption>
      <div className="dj-chart__canvas" style={{ height }} role="img" aria-label={`${props.title}：${describeChart(props)}`}>
        <Suspense fallback={null}>
          <ChartView {...props} format={format} height={height} />
        </Suspense>
      </div>
      <table className="dj-visually-hidden">
        <caption>{props.title}</caption>
        <thead>
          <tr>
            <th scope="col">{props.labelTitle ?? '名称'}</th>
            <th scope="col">{props.valueTitle ?? '数值'}</th>
          </tr>
        </thead>
        <tbody>
          {props.points.map((p) => (
            <tr key={p.key}>
              <th scope="row">{p.label}</th>
              <td>
                {format(p.value)}
                {props.unit ?? ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
