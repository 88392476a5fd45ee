/**
 * 反映民意 (/partyMember/iBranch/opinion/create): the form of schemas/public-opinion.json (the schema
 * PublicOpinionService/Create validates with), sent to the member's own organisation.
 */
import { Alert } from 'antd';
import { useNavigate } from 'react-router-dom';
import { opinionService } from '../../api/practice';
import { toastSuccess } from '../../api/toast';
import { MemberForm, MemberPage } from '../kit';
import { OPINION } from './paths';
import './opinion.css';

const FIELDS = ['title', 'category', 'content', 'anonymous'];

export default function OpinionCreate() {
  const navigate = useNavigate();
  const submit = async (v: Record<string, unknown>) => {
    const r = await opinionService.create({ title: String(v.title ?? ''), category: String(v.category ?? ''), content: String(v.content ?? ''), anonymous: v.anonymous === true });
    void toastSuccess('提交成功，请等待党组织答复');
    navigate(`${OPINION.info}?id=${r.id}`);
  };
  return (
    <MemberPage title="反映民意" back={OPINION.list} className="dj-opinion-page">
      <Alert className="dj-opinion__intro" type="info" showIcon message="您的意见将提交到所在党组织；选择匿名提交时，党组织看不到您的姓名。" />
      <MemberForm entity="publicOpinion" fields={FIELDS} submitText="提交" onSubmit={submit} />
    </MemberPage>
  );
}
