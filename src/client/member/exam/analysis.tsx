/**
 * 错题解析 (/partyMember/iStudy/subject/info/mistakesCollection/analysis?resultId=): one attempt —
 * score, pass, time — and each question with my answer; the right answers and 解析 as far as the
 * paper allows (the server decides and strips them otherwise). 只看错题 narrows to the wrong ones.
 */
import { Empty, Result, Spin, Switch, Tag } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useRequest } from 'ahooks';
import { formatPlatform, MINUTE_FORMAT } from '../../utils/platform-time';
import { examService } from '../../api/exam';
import { MemberPage } from '../kit';
import { formatDuration } from './clock';
import ReviewQuestion from './review-question';
import { EXAM_PATH, MISTAKES_PATH, SHOW_ANSWER_TEXT } from './paths';
import './exam.css';

export default function Analysis() {
  const [params, setParams] = useSearchParams();
  const resultId = Number(params.get('resultId')) || 0;
  const paperId = Number(params.get('paperId')) || 0;
  const onlyError = params.get('only') === 'error';
  const review = useRequest(() => examService.review(resultId, onlyError), { refreshDeps: [resultId, onlyError], ready: resultId > 0 });
  const back = paperId ? `${EXAM_PATH}?paperId=${paperId}` : MISTAKES_PATH;
  const r = review.data;
  if (!resultId || review.error) return <MemberPage title="答卷解析" back={back}><Empty description={review.error?.message ?? '请选择考试记录'} /></MemberPage>;
  if (!r) return <Spin className="dj-exam-loading" />;
  const status = r.status === 2 ? '待阅卷' : r.passed ? '通过' : '未通过';
  return (
    <MemberPage title={`${r.paperName} · 答卷解析`} back={back} backText={paperId ? '返回考试' : '返回错题集'}>
      <Result
        className="dj-exam-result"
        status={r.status === 2 ? 'info' : r.passed ? 'success' : 'warning'}
        title={r.score != null ? `${r.score} 分` : '—'}
        subTitle={
          <span data-testid="exam-result">
            <Tag color={r.status === 2 ? 'gold' : r.passed ? 'green' : 'red'}>{status}</Tag>
            及格分 {r.passScore} · 错题 {r.errorQuestionCout ?? 0} 题 · 用时 {formatDuration(r.examTime)} · 交卷于 {formatPlatform(r.submitTime, MINUTE_FORMAT)}
            {r.closedByDeadline ? '（到时自动交卷）' : ''}
            {r.status === 2 ? ' · 简答题待管理员阅卷后计入总分' : ''}
          </span>
        }
      />
      {!r.answersShown ? <p className="dj-exam-notice__tip" role="note">本试卷{SHOW_ANSWER_TEXT[r.showAnswer]}，暂不显示正确答案与解析。</p> : null}
      <label className="dj-exam-filter">
        <Switch size="small" checked={onlyError} onChange={(v) => setParams({ resultId: String(resultId), ...(paperId ? { paperId: String(paperId) } : {}), ...(v ? { only: 'error' } : {}) })} /> 只看错题
      </label>
      {r.questions.length ? r.questions.map((q) => <ReviewQuestion key={q.id} q={q} no={q.sort} />) : <Empty description="没有错题" />}
    </MemberPage>
  );
}
