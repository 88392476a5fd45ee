/**
 * Read-only cells of the paper list: the window (begin–end in the platform zone), attempts (0 = 不限)
 * and a pair of figures (总分/及格分, 参考/通过) in one column.
 */
import { formatPlatform, MINUTE_FORMAT } from '../../utils/platform-time';
import { Empty, isEmpty } from '../basic/empty';
import type { ReadProps } from '../registry';

export function TimeWindow({ value, record, endField = 'endTime' }: ReadProps & { endField?: string }) {
  const end = record?.[endField];
  if (isEmpty(value) && isEmpty(end)) return <Empty />;
  return (
    <span style={{ whiteSpace: "nowrap" }}>
      {formatPlatform(value, MINUTE_FORMAT)} 至 {formatPlatform(end, MINUTE_FORMAT)}
    </span>
  );
}

export function AttemptCount({ value }: ReadProps) {
  if (isEmpty(value)) return <Empty />;
  return <span>{Number(value) === 0 ? '不限' : String(value)}</span>;
}

export function ScorePair({ value, record, secondField }: ReadProps & { secondField?: string }) {
  const second = secondField ? record?.[secondField] : undefined;
  return (
    <span>
      {isEmpty(value) ? '-' : String(value)}/{isEmpty(second) ? '-' : String(second)}
    </span>
  );
}
