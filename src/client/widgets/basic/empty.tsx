import type { ReactNode } from 'react';

export const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** The read-pretty placeholder of an empty value. */
export function Empty(): ReactNode {
  return <span className="dj-empty-value">-</span>;
}

export function TextRead({ value }: { value: unknown }) {
  if (isEmpty(value)) return <Empty />;
  return <span>{Array.isArray(value) ? value.join('、') : String(value)}</span>;
}
