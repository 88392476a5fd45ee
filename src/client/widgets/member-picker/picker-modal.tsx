/**
 * The member picker dialog (core §2, §5, §9): search by name and organisation in the managed subtree,
 * 7 members a page with the spec's pager; single mode allows exactly one choice, multiple mode keeps
 * the choices across pages and searches; 确定 is disabled while nothing is selected.
 */
import { useEffect, useState } from 'react';
import { Button, Empty, Input, Modal, Space, Table, Tag } from 'antd';
import OrganCascader from '../organ-cascader';
import Pager from '../pager';
import { MEMBER_PICKER_PAGE_SIZE } from '../../utils/paging';
import { searchMembers, type FoundMember } from './search';
import './member-picker.css';

export interface MemberPickerModalProps {
  open: boolean;
  title?: string;
  /** several members (default false: exactly one) */
  multiple?: boolean;
  /** the property of a member returned as its value (default id) */
  valueKey?: string;
  /** the members chosen already (multiple mode starts from them) */
  initial?: FoundMember[];
  confirmLoading?: boolean;
  onOk: (values: unknown[], members: FoundMember[]) => void;
  onCancel: () => void;
}

export default function MemberPickerModal({ open, title = '选择党员', multiple = false, valueKey = 'id', initial, confirmLoading, onOk, onCancel }: MemberPickerModalProps) {
  const [name, setName] = useState('');
  const [organPath, setOrganPath] = useState<string | undefined>();
  const [query, setQuery] = useState<{ name?: string; organPath?: string; pageIndex: number }>({ pageIndex: 1 });
  const [page, setPage] = useState<{ totalCount: number; items: FoundMember[] }>({ totalCount: 0, items: [] });
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<Map<unknown, FoundMember>>(() => new Map((initial ?? []).map((m) => [m[valueKey], m])));

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    searchMembers(query).then(
      (r) => live && setPage({ totalCount: Number(r?.totalCount ?? 0), items: r?.items ?? [] }),
      () => live && setPage({ totalCount: 0, items: [] }),
    ).finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, query]);

  const keyOf = (m: FoundMember) => m[valueKey] as React.Key;
  const choose = (m: FoundMember, on: boolean) =>
    setChosen((prev) => {
      const next = multiple ? new Map(prev) : new Map<unknown, FoundMember>();
      if (on) next.set(m[valueKey], m);
      else next.delete(m[valueKey]);
      return next;
    });
  const list = [...chosen.values()];

  return (
    <Modal
      open={open}
      title={title}
      width={720}
      destroyOnHidden
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button key="ok" type="primary" disabled={!list.length} loading={confirmLoading} data-testid="member-picker-ok" onClick={() => onOk(list.map((m) => m[valueKey]), list)}>
          确定
        </Button>,
      ]}
    >
      <div className="dj-member-picker" data-widget="MemberPicker">
        <Space wrap className="dj-member-picker__search">
          <Input allowClear placeholder="请输入姓名" aria-label="姓名" value={name} onChange={(e) => setName(e.target.value)} onPressEnter={() => setQuery({ name, organPath, pageIndex: 1 })} style={{ width: 180 }} />
          <OrganCascader valueKey="organPath" value={organPath ?? null} onChange={(v) => setOrganPath((v as string) || undefined)} style={{ width: 240 }} />
          <Button type="primary" onClick={() => setQuery({ name, organPath, pageIndex: 1 })}>
            查询
          </Button>
        </Space>
        {multiple ? (
          <div className="dj-member-picker__chosen" aria-live="polite">
            <span>已选 {list.length} 人</span>
            {list.map((m) => (
              <Tag key={String(m[valueKey])} closable onClose={() => choose(m, false)}>
                {m.name}
              </Tag>
            ))}
          </div>
        ) : null}
        <Table<FoundMember>
          size="small"
          rowKey={keyOf}
          loading={loading}
          dataSource={page.items}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无数据" /> }}
          columns={[
            { key: 'name', title: '姓名', dataIndex: 'name' },
            { key: 'organName', title: '所属组织', dataIndex: 'organName' },
          ]}
          rowSelection={{
            type: multiple ? 'checkbox' : 'radio',
            selectedRowKeys: list.map(keyOf),
            onSelect: (m, on) => choose(m, on),
            onSelectAll: (on, _rows, changed) => changed.forEach((m) => choose(m, on)),
          }}
          onRow={(m) => ({
            // a click on the row chooses too; the checkbox's own click is already handled by onSelect
            onClick: (e) => {
              if ((e.target as HTMLElement).closest?.('.ant-table-selection-column')) return;
              choose(m, multiple ? !chosen.has(m[valueKey]) : true);
            },
          })}
        />
        <Pager pageIndex={query.pageIndex} total={page.totalCount} pageSize={MEMBER_PICKER_PAGE_SIZE} onChange={(p) => setQuery((q) => ({ ...q, pageIndex: p }))} />
      </div>
    </Modal>
  );
}
