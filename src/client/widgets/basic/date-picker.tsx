import dayjs from 'dayjs';
import PlatformDatePicker from './platform-picker';
import { formatPlatform, isAfterPlatformToday, isBeforePlatformYear } from '../../utils/platform-time';
import { Empty, isEmpty } from './empty';

/** Date format default yyyy-MM-dd (services §9); the value is the formatted string. */
export const DATE_FORMAT = 'YYYY-MM-DD';

/**
 * `notAfterToday`: days after the platform's today cannot be picked; `notBeforeYear`: nor days before
 * 1 January of the platform's year (a declaration's assessment year). A schema cannot hold a function.
 */
export default function DatePicker({
  value, onChange, format = DATE_FORMAT, notAfterToday, notBeforeYear, ...props
}: { value?: string | null; onChange?: (v: string | null) => void; format?: string; notAfterToday?: boolean; notBeforeYear?: boolean; [k: string]: unknown }) {
  // an instant the server sent (an edit) shows as the platform's wall clock, never the browser's
  const d = value ? dayjs(formatPlatform(value, 'YYYY-MM-DDTHH:mm:ss')) : null;
  const disabled: ((x: dayjs.Dayjs) => boolean)[] = [];
  if (notAfterToday) disabled.push(isAfterPlatformToday);
  if (notBeforeYear) disabled.push(isBeforePlatformYear);
  return (
    <PlatformDatePicker
      style={{ width: '100%' }}
      {...(disabled.length ? { disabledDate: (x: dayjs.Dayjs) => disabled.some((f) => f(x)) } : {})}
      {...(props as any)}
      format={format}
      value={d && d.isValid() ? d : null}
      onChange={(v: dayjs.Dayjs | null) => onChange?.(v ? v.format(format) : null)}
    />
  );
}

export const formatDate = (value: unknown, format = DATE_FORMAT) => {
  if (isEmpty(value)) return '';
  return formatPlatform(value, format);
};

export function Read({ value, format }: { value: unknown; format?: string }) {
  if (isEmpty(value)) return <Empty />;
  return <span>{formatDate(value, format)}</span>;
}
