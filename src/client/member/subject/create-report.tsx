/**
 * 学习心得 (/partyMember/iStudy/subject/info/createReport?id=): the member's study report on a
 * topic — the form of schemas/special-note.json, the schema SubmitNote validates with. One report per
 * member and topic: an earlier one is loaded and submitting again replaces it. (上级精神's
 * createReport has no page yet to share; this one is the topic's, over TrainClassService's notes.)
 */
import { useRequest } from 'ahooks';
import { Result, Skeleton } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { specialService } from '../../api/special';
import { toastSuccess } from '../../api/toast';
import { MemberForm, MemberPage } from '../kit';
import { SUBJECT } from './index';

export default function CreateReport() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const back = `${SUBJECT.info}?id=${id}`;
  const topic = useRequest(() => specialService.detail(id), { ready: id > 0, refreshDeps: [id] });
  const note = useRequest(() => specialService.note(id), { ready: id > 0, refreshDeps: [id] });

  if (!id || topic.error || note.error)
    return (
      <MemberPage title="学习心得" back={SUBJECT.list}>
        <Result status="404" title="专题不存在或已停用" />
      </MemberPage>
    );
  if (!topic.data || note.loading)
    return (
      <MemberPage title="学习心得" back={back}>
        <Skeleton active />
      </MemberPage>
    );
  const submit = async (v: Record<string, unknown>) => {
    await specialService.submitNote({ trainClassId: id, title: String(v.title ?? '').trim(), content: String(v.content ?? '') });
    void toastSuccess('学习心得已提交');
    navigate(back);
  };
  return (
    <MemberPage title={`学习心得 · ${topic.data.name}`} back={back} backText="返回专题">
      {note.data ? <p className="dj-subject-report__hint">您已提交过本专题的学习心得，再次提交将覆盖原内容。</p> : null}
      <MemberForm
        entity="specialNote"
        fields={['title', 'content']}
        initialValues={note.data ? { title: note.data.title, content: note.data.content } : undefined}
        submitText={note.data ? '修改心得' : '提交心得'}
        onSubmit={submit}
        onCancel={() => navigate(back)}
      />
    </MemberPage>
  );
}
