/** Search a branch organisation by name: waits 500 ms and ignores empty input (core §5). */
import { useMemo, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import { organizationService } from '../../api/endpoints';

export const ORGAN_SEARCH_DEBOUNCE = 500;

export default function OrganSearch({ value, onChange, placeholder = '请输入党组织名称搜索' }: { value?: number; onChange?: (v: number | undefined) => void; placeholder?: string }) {
  const [options, setOptions] = useState<{ label: string; value: number }[]>([]);
  const [fetching, setFetching] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const onSearch = useMemo(
    () => (text: string) => {
      clearTimeout(timer.current);
      const name = text.trim();
      if (!name) return;
      timer.current = setTimeout(async () => {
        const mine = ++seq.current;
        setFetching(true);
        try {
          const list = await organizationService.branchesByName(name);
          if (mine === seq.current) setOptions((list ?? []).map((o) => ({ label: o.organName || o.organizationName, value: o.id })));
        } catch {
          /* toast shown */
        } finally {
          if (mine === seq.current) setFetching(false);
        }
      }, ORGAN_SEARCH_DEBOUNCE);
    },
    [],
  );
  return (
    <Select
      size="large"
      showSearch
      allowClear
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      filterOption={false}
      onSearch={onSearch}
      notFoundContent={fetching ? <Spin size="small" /> : '请输入党组织名称'}
      options={options}
      aria-label="所在党组织"
    />
  );
}
