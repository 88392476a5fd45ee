/**
 * The drawing itself, in the chart chunk: echarts/core with what the three kinds need (tree-shaken:
 * no map, no dataZoom, no canvas renderer). SVG keeps the text crisp on a big screen and in
 * screenshots. Resizes with its box.
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { PRIMARY } from '../../styles/theme';
import type { ChartProps } from './types';

echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, SVGRenderer]);

/** The ring's colours: the platform red first, then calm colours that stay apart for colour-blind readers. */
const PALETTE = [PRIMARY, '#1677ff', '#faad14', '#13a8a8', '#722ed1', '#8c8c8c', '#eb2f96', '#52c41a', '#fa8c16', '#2f54eb'];

type Option = Parameters<echarts.ECharts['setOption']>[0];

export function chartOption(p: ChartProps & { format: (n: number) => string }): Option {
  const unit = p.unit ?? '';
  const labels = p.points.map((x) => x.label);
  const values = p.points.map((x) => x.value);
  const valueText = (v: unknown) => `${p.format(Number(v) || 0)}${unit}`;
  const dark = p.theme === 'dark';
  const text = dark ? '#e6f0ff' : '#595959';
  const line = dark ? 'rgba(230, 240, 255, 0.25)' : '#e8e8e8';
  const base = { animation: false, color: dark ? ['#ffd666', ...PALETTE] : PALETTE, textStyle: { fontFamily: 'inherit', color: text } };
  const axis = { axisLabel: { color: text, fontSize: dark ? 16 : 12 }, axisLine: { lineStyle: { color: line } }, splitLine: { lineStyle: { color: line } } };
  if (p.kind === 'ring') {
    return {
      ...base,
      tooltip: { trigger: 'item', valueFormatter: valueText },
      series: [
        {
          type: 'pie',
          radius: ['45%', '70%'],
          avoidLabelOverlap: true,
          label: { color: text, formatter: (x: { name: string; percent: number }) => `${x.name} ${x.percent}%` },
          data: p.points.map((x) => ({ name: x.label, value: x.value })),
        },
      ],
    };
  }
  if (p.kind === 'line') {
    return {
      ...base,
      grid: { left: 8, right: 36, top: 24, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis', valueFormatter: valueText },
      xAxis: { type: 'category', data: labels, boundaryGap: false, ...axis },
      yAxis: { type: 'value', ...axis, axisLabel: { ...axis.axisLabel, formatter: (v: number) => p.format(v) } },
      series: [{ type: 'line', data: values, smooth: false, symbolSize: 6, areaStyle: { opacity: 0.12 }, lineStyle: { width: 2 } }],
    };
  }
  // bars, horizontal: the names are long (organisations), the first on top
  return {
    ...base,
    grid: { left: 8, right: 56, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: valueText },
    xAxis: { type: 'value', ...axis, axisLabel: { ...axis.axisLabel, formatter: (v: number) => p.format(v) } },
    yAxis: { type: 'category', data: labels, inverse: true, ...axis, axisLabel: { ...axis.axisLabel, width: 160, overflow: 'truncate' } },
    series: [{ type: 'bar', data: values, barMaxWidth: 18, itemStyle: { borderRadius: 2, opacity: 0.88 }, label: { show: true, position: 'right', color: text, formatter: (x: { value: unknown }) => p.format(Number(x.value) || 0) } }],
  };
}

export default function ChartView(p: ChartProps & { format: (n: number) => string; height: number }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let c: echarts.ECharts;
    try {
      c = echarts.init(el, undefined, { renderer: 'svg' });
    } catch {
      // no drawing surface (a test's DOM): the text alternative beside it still says everything
      return;
    }
    chart.current = c;
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => c.resize());
    ro?.observe(el);
    return () => {
      ro?.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    try {
      c.setOption(chartOption(p), true);
    } catch {
      return;
    }
    c.off('click');
    // a bar or slice that opens the next level (the page's table offers the same as a button)
    c.on('click', (e) => p.points[e.dataIndex ?? -1]?.onOpen?.());
  });
  return <div ref={box} style={{ width: '100%', height: p.height }} data-testid="chart-canvas" />;
}
