/** 申报记录 (/partyMember/iStudy/learningassess/studydeclaration/list): my offline declarations; delete while pending. */
import { Button } from 'antd';
import { PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { fmtHours, offlinePeriodService, type EvidenceFile, type OfflineReport } from '../../api/study';
import { downloadFile } from '../../widgets/download/download';
import { MemberPage, StatusTag, useAction, usePagedList } from '../kit';
import { MemberTableList } from '../kit/member-table-list';
import './study.css';

const A = '/partyMember/iStudy/learningassess';

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
  const list = usePagedList((page) => offlinePeriodService.myList(page));
  const remove = useAction((r: OfflineReport) => offlinePeriodService.remove(r.id), {
    confirm: '确认删除该申报？',
    danger: true,
    success: '删除成功',
    onSuccess: list.refresh,
  });

  return (
    <MemberPage
      title="线下学时申报记录"
      extra={
        <Link to={`${A}/studydeclaration`}>
          <Button type="primary" icon={<PlusOutlined />}>新增申报</Button>
        </Link>
      }
    >
      <MemberTableList<OfflineReport>
        list={list}
        empty="暂无申报记录"
        scrollX={720}
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
          { title: '状态', dataIndex: 'status', width: 90, render: (s: number) => <StatusTag list="audit" value={s} /> },
          { title: '审核意见', dataIndex: 'auditRemark', ellipsis: true, render: (v?: string | null) => v || '-' },
          {
            title: '操作', key: 'op', width: 80, fixed: 'right',
            render: (_: unknown, r) =>
              r.status === 0 ? (
                <Button type="link" danger size="small" loading={remove.running?.[0] === r} onClick={() => void remove.run(r)}>
                  删除
                </Button>
              ) : (
                <span style={{ color: 'var(--dj-text-muted)' }}>-</span>
              ),
          },
        ]}
      />
    </MemberPage>
  );
}
