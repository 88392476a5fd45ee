/** A share (ring), a trend over time (line) or a comparison (bar, horizontal: labels are names). */
export type ChartKind = 'ring' | 'line' | 'bar';

export interface ChartPoint {
  key: string;
  label: string;
  value: number;
  /** a bar or slice that opens the next level (an organisation's children); the page offers the same as a button */
  onOpen?: () => void;
}

export interface ChartProps {
  kind: ChartKind;
  /** what the chart shows, with its breakdown: 党员人数（按性别） */
  title: string;
  points: ChartPoint[];
  /** after each value: 人, 小时 */
  unit?: string;
  format?: (n: number) => string;
  /** the hidden table's column titles */
  labelTitle?: string;
  valueTitle?: string;
  height?: number;
  /** false: the title is already shown beside the chart (a card's title), so the caption is for screen readers only */
  caption?: boolean;
  /** 'dark': light text and lines on a dark canvas (the big screen) */
  theme?: 'light' | 'dark';
}
