/**
 * 线下学时申报 (/partyMember/iStudy/learningassess/studydeclaration): the form of
 * schemas/offline-report.json — the schema CreateOfflineReport validates with, so its limits and
 * messages are the server's. The study date cannot be after the platform's today nor before the
 * assessment year's 1 January (DatePicker `notAfterToday`, `notBeforeYear`; the server checks both,
 * the member's 入党日期 and the day's 24 hours too).
 */
import { Button } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { offlinePeriodService, type EvidenceFile } from '../../api/study';
import { toastSuccess } from '../../api/toast';
import { MemberForm, MemberPage } from '../kit';
import './study.css';

const LIST = '/partyMember/iStudy/learningassess/studydeclaration/list';

export default function Declaration() {
  const navigate = useNavigate();

  const submit = async (v: Record<string, unknown>) => {
    const text = (x: unknown) => (typeof x === 'string' ? x.trim() : '');
    await offlinePeriodService.create({
      title: text(v.title),
      studyDate: v.studyDate as string,
      hours: v.hours as number,
      content: text(v.content) || undefined,
      evidence: ((v.evidence as EvidenceFile[] | undefined) ?? []).map((f, i) => ({ id: f.id, name: f.name || `佐证材料${i + 1}` })),
    });
    void toastSuccess('申报成功，等待上级组织审核');
    navigate(LIST);
  };

  return (
    <MemberPage
      title="线下学时申报"
      extra={
        <Link to={LIST}>
          <Button icon={<UnorderedListOutlined />}>申报记录</Button>
        </Link>
      }
    >
      {/* no preset hours: a declaration carries what the member entered */}
      <MemberForm entity="offlineReport" submitText="提交申报" onSubmit={submit} />
    </MemberPage>
  );
}
