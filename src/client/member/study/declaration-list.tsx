/** 申报记录 (/partyMember/iStudy/learningassess/studydeclaration/list): my offline declarations; delete while pending. */
import { useCallback, useEffect, useState } from 'react';
import { Button, message, Popconfirm, Table, Tag } from 'antd';
import { PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { fmtHours, offlinePeriodService, type EvidenceFile, type OfflineReport } from '../../api/study';
import { toSkip } from '../../utils/paging';
import { downloadFile } from '../../widgets/download/download';
import './study.css';

const STATUS: Record<number, { text: string; color: string }> = { 0: { text: '待审核', color: 'processing' }, 1: { text: '已通过', color: 'success' }, 2: { text: '未通过', color: 'error' } };
const PAGE_SIZE = 10;

export const evidenceOf = (r: OfflineReport): EvidenceFile[] => {
  if (Array.isArray(r.evidence)) return r.evidence;
  try {
    const v = JSON.parse(r.evidence || '[]');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
};

export default function DeclarationList() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ totalCount: number; items: OfflineReport[] } | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback((p: number) => {
    setLoading(true);
    offlinePeriodService
      .myList({ skipCount: toSkip(p, PAGE_SIZE), maxResultCount: PAGE_SIZE })
      .then(setData, () => setData({ totalCount: 0, items: [] }))
      .finally(() => setLoading(false));
  }, []);

  useEffect(() => load(page), [load, page]);

  const remove = async (id: number) => {
    try {
      await offlinePeriodService.remove(id);
      void message.success('删除成功', 3);
      load(page);
    } catch {
      /* the wrapper showed the error */
    }
  };

  return (
    <div className="dj-card dj-study-panel" style={{ paddingTop: 16 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, marginBottom: 12, flexWrap: 'wrap' }}>
        <h2 style={{ margin: 0, fontSize: 18 }}>线下学时申报记录</h2>
        <Link to="/partyMember/iStudy/learningassess/studydeclaration"><Button type="primary" icon={<PlusOutlined />}>新增申报</Button></Link>
      </div>
      <Table<OfflineReport>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={data?.items}
        scroll={{ x: 720 }}
        locale={{ emptyText: '暂无申报记录' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.totalCount ?? 0, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          { title: '学习内容', dataIndex: 'title', ellipsis: true },
          { title: '学习日期', dataIndex: 'studyDate', width: 110 },
          { title: '学时', dataIndex: 'hours', width: 70, render: (v: number) => fmtHours(v) },
          {
            title: '佐证材料', key: 'evidence', width: 160,
            render: (_: unknown, r) => {
              const files = evidenceOf(r);
              return files.length
                ? files.map((f) => (
                    <Button key={f.id} type="link" size="small" icon={<PaperClipOutlined />} className="dj-evidence-name" title={f.name} onClick={() => void downloadFile(f.id)}>
                      {f.name || '佐证材料'}
                    </Button>
                  ))
                : '-';
            },
          },
          { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => <Tag color={STATUS[s]?.color}>{STATUS[s]?.text ?? '-'}</Tag> },
          { title: '审核意见', dataIndex: 'auditRemark', ellipsis: true, render: (v?: string | null) => v || '-' },
          {
            title: '操作', key: 'op', width: 80, fixed: 'right',
            render: (_: unknown, r) =>
              r.status === 0 ? (
                <Popconfirm title="确认删除该申报？" okText="删除" cancelText="取消" onConfirm={() => remove(r.id)}>
                  <Button type="link" danger size="small">删除</Button>
                </Popconfirm>
              ) : (
                <span style={{ color: '#bfbfbf' }}>-</span>
              ),
          },
        ]}
      />
    </div>
  );
}
