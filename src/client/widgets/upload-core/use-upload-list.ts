/**
 * The item list of ImageUpload and FileUpload kept in step with the form value: a value set from
 * outside (form reset, another record) replaces the list; the values the widget emitted itself do
 * not, so items still uploading survive the widget's own onChange.
 */
import { useEffect, useRef, useState } from 'react';
import type { UploadFile } from 'antd';
import { fromList, toList } from './limits';

export function useUploadList(value: unknown, toItem: (v: string) => UploadFile, max: number, onChange?: (v: string | string[] | null) => void) {
  const [list, setList] = useState<UploadFile[]>(() => toList(value).map(toItem));
  const emitted = useRef(JSON.stringify(toList(value)));
  const listRef = useRef(list);
  listRef.current = list;

  useEffect(() => {
    const key = JSON.stringify(toList(value));
    if (key !== emitted.current) {
      emitted.current = key;
      setList(toList(value).map(toItem));
    }
    // toItem is a module-level mapping; only a new value matters
  }, [value]);

  /** The finished items' values become the form value (one value when max is 1). */
  const emit = (values: string[]) => {
    emitted.current = JSON.stringify(values);
    onChange?.(fromList(values, max));
  };
  return { list, setList, listRef, emit };
}
