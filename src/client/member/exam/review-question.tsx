/** One question as reviewed: my answer, whether it was right, and — when revealed — the right answer and 解析. */
import { Tag } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { QUESTION_TYPE_LABEL, type Answer, type PaperQuestion } from '../../../contract/exam';
import { answerText } from './answer-text';

export interface ReviewedQuestion extends PaperQuestion {
  myAnswer: Answer;
  isRight: boolean | null;
  myScore?: number | null;
  rightAnswer?: Answer;
  analysis?: string | null;
}

export default function ReviewQuestion({ q, no, children }: { q: ReviewedQuestion; no?: number; children?: React.ReactNode }) {
  const revealed = q.rightAnswer !== undefined;
  const verdict = q.isRight === true ? '回答正确' : q.isRight === false ? '回答错误' : q.type === 5 ? (q.myScore != null ? '已阅卷' : '待阅卷') : '';
  return (
    <section className={`dj-exam-review${q.isRight === false ? ' is-wrong' : q.isRight ? ' is-right' : ''}`} data-testid="review-question">
      <h3 className="dj-exam-q__title">
        {no ? <span className="dj-exam-q__no">{no}.</span> : null}
        <span className="dj-exam-q__type">[{QUESTION_TYPE_LABEL[q.type]} {q.score}分]</span> {q.title}
      </h3>
      {q.options?.length ? (
        <ul className="dj-exam-review__options">
          {q.options.map((o) => (
            <li key={o.key} className={o.isRight ? 'is-right' : undefined}>
              {o.key}. {o.content}
              {o.isRight ? <span className="dj-sr-only">（正确选项）</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="dj-exam-review__line">
        <span className="dj-exam-review__label">我的答案：</span>
        <span className={q.isRight === false ? 'dj-exam-review__wrong' : undefined}>{answerText(q.type, q.myAnswer)}</span>{' '}
        {q.isRight === true ? <CheckCircleFilled className="dj-exam-review__ok" aria-hidden /> : q.isRight === false ? <CloseCircleFilled className="dj-exam-review__ko" aria-hidden /> : null}
        {verdict ? <Tag color={q.isRight ? 'green' : q.isRight === false ? 'red' : 'gold'}>{verdict}</Tag> : null}
        {q.myScore != null ? <span className="dj-exam-review__score">得分 {q.myScore}</span> : null}
      </p>
      {revealed ? (
        <>
          <p className="dj-exam-review__line">
            <span className="dj-exam-review__label">{q.type === 5 ? '参考答案：' : '正确答案：'}</span>
            <span className="dj-exam-review__right">{answerText(q.type, q.rightAnswer ?? null)}</span>
          </p>
          {q.analysis ? (
            <p className="dj-exam-review__analysis">
              <span className="dj-exam-review__label">解析：</span>
              {q.analysis}
            </p>
          ) : null}
        </>
      ) : null}
      {children}
    </section>
  );
}
