/** ScoreChart: a paper's score distribution ([{range, count}]) as bars (widgets/chart). */
import { Chart } from '../chart';
import { Empty } from '../basic/empty';
import type { ReadProps } from '../registry';

export function Read({ value, title = '成绩分布' }: ReadProps & { title?: string }) {
  const rows = (Array.isArray(value) ? value : []) as { range: string; count: number }[];
  if (!rows.length) return <Empty />;
  return <Chart kind="bar" title={title} unit="人" labelTitle="分数段" valueTitle="人数" points={rows.map((r) => ({ key: r.range, label: r.range, value: Number(r.count) || 0 }))} />;
}
export default Read;
