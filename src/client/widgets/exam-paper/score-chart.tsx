/** ScoreChart: a paper's score distribution ([{range, count}]) as the statistics kind's bar chart. */
import { BarChart } from '../../engine/statistics/bar-chart';
import { Empty } from '../basic/empty';
import type { ReadProps } from '../registry';

export function Read({ value, title = '成绩分布' }: ReadProps & { title?: string }) {
  const rows = (Array.isArray(value) ? value : []) as { range: string; count: number }[];
  if (!rows.length) return <Empty />;
  return <BarChart title={title} unit="人" bars={rows.map((r) => ({ key: r.range, label: r.range, value: Number(r.count) || 0 }))} />;
}
export default Read;
