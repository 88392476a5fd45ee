/**
 * 发布帖子 (/partyMember/iStudy/forum/create): the form of schemas/forum-post.json (title and rich
 * text; the server sanitises the HTML), posted in the member's organisation; then the post's page.
 */
import { useNavigate } from 'react-router-dom';
import { forumService } from '../../api/public-info';
import { toastSuccess } from '../../api/toast';
import { MemberForm, MemberPage } from '../kit';
import { FORUM } from './index';

export default function ForumCreate() {
  const navigate = useNavigate();
  const submit = async (v: Record<string, unknown>) => {
    const post = await forumService.create({ title: String(v.title ?? '').trim(), content: String(v.content ?? '') });
    void toastSuccess('发布成功');
    navigate(`${FORUM.info}?id=${post.id}`, { replace: true });
  };
  return (
    <MemberPage title="发布帖子" back={FORUM.list}>
      <MemberForm entity="forumPost" fields={['title', 'content']} submitText="发布" onSubmit={submit} onCancel={() => navigate(FORUM.list)} />
    </MemberPage>
  );
}
