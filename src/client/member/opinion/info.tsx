/**
 * 民意详情 (/partyMember/iBranch/opinion/info?id=): one of my opinions, the organisation's answer once
 * given, and the record of its handling. The answer's site message links here.
 */
import { Alert, Button, Result, Skeleton } from 'antd';
import { useRequest } from 'ahooks';
import { useSearchParams } from 'react-router-dom';
import { opinionService } from '../../api/practice';
import { MemberDetail, MemberPage } from '../kit';
import { OPINION } from './paths';
import './opinion.css';

export default function OpinionInfo() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const req = useRequest(() => opinionService.myGet(id!, { silent: true }), { ready: !!id, refreshDeps: [id], onError: () => undefined });
  const r = req.data;
  let body;
  if (!id || (req.error && !r)) body = <Result status="404" title="民意不存在或已删除" extra={req.error ? <Button onClick={req.refresh}>重新加载</Button> : null} />;
  else if (!r) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else
    body = (
      <>
        {r.auditStatus === 1 ? (
          <Alert className="dj-opinion__notice" type="success" showIcon message="党组织已答复" description={<span className="dj-opinion__answer" data-testid="opinion-answer">{r.replyContent}</span>} />
        ) : (
          <Alert className="dj-opinion__notice" type="info" showIcon message="已提交，等待党组织答复。答复后您会收到站内消息。" />
        )}
        <MemberDetail
          entity="publicOpinion"
          record={r}
          column={1}
          sections={[{ fields: ['title', 'category', { field: 'organName', title: '提交到' }, { field: 'creationTime', title: '提交时间', valueType: 'dateTime' }, { field: 'anonymous', title: '匿名提交', valueType: 'bool' }, 'content'] }]}
          history={r.history}
          statusList="publicOpinion"
        />
      </>
    );
  return (
    <MemberPage title="民意详情" back={OPINION.list} className="dj-opinion-page">
      {body}
    </MemberPage>
  );
}
