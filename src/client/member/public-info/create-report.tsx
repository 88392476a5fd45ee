/**
 * 学习心得 (…/superSpirit/createReport?id=, …/basicDynamic/createReport?id=): the member's study
 * report on an article — the form of schemas/public-info-report.json, the schema CreateReport and
 * UpdateReport validate with. One per member and article (the server holds that rule under a lock):
 * an earlier one is loaded and saving changes it.
 */
import { useRequest } from 'ahooks';
import { Result, Skeleton } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { publicInfoService } from '../../api/public-info';
import { toastSuccess } from '../../api/toast';
import { MemberForm, MemberPage } from '../kit';
import { idOf, kindOfPath } from './paths';
import './public-info.css';

export default function CreateReport() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const k = kindOfPath(pathname);
  const [params] = useSearchParams();
  const id = idOf(params.get('id'));
  const back = `${k.info}?id=${id}`;
  const article = useRequest(() => publicInfoService.get(id), { ready: id > 0, refreshDeps: [id], onError: () => undefined });
  const mine = useRequest(() => publicInfoService.myReports({ parentId: id, skipCount: 0, maxResultCount: 1 }), { ready: id > 0, refreshDeps: [id], onError: () => undefined });

  if (!id || article.error || mine.error)
    return (
      <MemberPage title="学习心得" back={k.list}>
        <Result status="404" title="信息不存在或已删除" />
      </MemberPage>
    );
  if (!article.data || !mine.data)
    return (
      <MemberPage title="学习心得" back={back}>
        <Skeleton active />
      </MemberPage>
    );
  const existing = mine.data.items[0];
  const submit = async (v: Record<string, unknown>) => {
    const input = { title: String(v.title ?? '').trim(), content: String(v.content ?? '') };
    if (existing) await publicInfoService.updateReport({ id: existing.id, ...input });
    else await publicInfoService.createReport({ parentId: id, ...input });
    void toastSuccess(existing ? '学习心得已修改' : '学习心得已提交');
    navigate(back);
  };
  return (
    <MemberPage title={`学习心得 · ${article.data.title}`} back={back} backText="返回原文">
      {existing ? <p className="dj-info-reports__none">您已写过本文的学习心得，保存将修改原心得。</p> : null}
      <MemberForm
        entity="publicInfoReport"
        fields={['title', 'content']}
        initialValues={existing ? { title: existing.title, content: existing.content } : undefined}
        submitText={existing ? '保存修改' : '提交心得'}
        onSubmit={submit}
        onCancel={() => navigate(back)}
      />
    </MemberPage>
  );
}
