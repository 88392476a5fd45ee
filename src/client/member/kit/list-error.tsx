/** A member list that failed to load: the warning and a retry (loaded by member-list when needed). */
import { Button, Result } from 'antd';
import type { PagedList } from './use-paged-list';

export default function ListError({ list }: { list: PagedList<unknown> }) {
  return (
    <Result
      status="warning"
      title="加载失败"
      extra={
        <Button onClick={list.refresh} loading={list.loading}>
          重新加载
        </Button>
      }
    />
  );
}
