/**
 * ShortAnswerMarker: an answer sheet as an administrator reads it (GetPaperTestErrorQuestionById:
 * every question with the member's answer, the right one and 解析) with a score box, 0 to the
 * question's score, for each short answer. The value is MarkShortAnswer's `marks`.
 */
import { InputNumber, Tag } from 'antd';
import { answerText } from './scores';
import type { ReviewQuestion } from '../../../contract/exam';
import './exam-paper.css';

/** A question of the sheet as GetPaperTestErrorQuestionById answers it to an administrator. */
type SheetQuestion = Pick<ReviewQuestion, 'id' | 'type' | 'title' | 'score'> & Partial<ReviewQuestion>;

type Mark = { questionId: number; score: number };

export default function ShortAnswerMarker({ questions = [], memberName, value, onChange, id }: { questions?: SheetQuestion[]; memberName?: string; value?: Mark[]; onChange?: (v: Mark[]) => void; id?: string }) {
  const marks = new Map((value ?? []).map((m) => [m.questionId, m.score]));
  const put = (qid: number, score: number | null) => {
    const next = new Map(marks);
    if (score === null || score === undefined) next.delete(qid);
    else next.set(qid, score);
    onChange?.([...next].map(([questionId, s]) => ({ questionId, score: s })));
  };
  return (
    <div className="dj-marker" id={id}>
      {memberName ? <p className="dj-marker-who">考生：{memberName}</p> : null}
      <ol className="dj-marker-list">
        {questions.map((q, i) => (
          <li key={q.id} className="dj-marker-item" data-question={q.id}>
            <div className="dj-marker-title">
              <Tag>{q.typeName}</Tag>
              {q.title}（{q.score}分）
            </div>
            {q.options?.length ? (
              <ul className="dj-marker-options">
                {q.options.map((o) => (
                  <li key={o.key}>
                    {o.key}. {o.content}
                  </li>
                ))}
              </ul>
            ) : null}
            <div>作答：{answerText(q.myAnswer)}</div>
            {q.type === 5 ? <div>参考答案：{answerText(q.rightAnswer)}</div> : <div>正确答案：{answerText(q.rightAnswer)}{q.isRight === true ? '（答对）' : q.isRight === false ? '（答错）' : ''}</div>}
            {q.analysis ? <div className="dj-marker-analysis">解析：{q.analysis}</div> : null}
            {q.type === 5 ? (
              <label className="dj-marker-score">
                <span>第{i + 1}题得分</span>
                <InputNumber min={0} max={q.score} step={0.5} value={marks.get(q.id) ?? q.myScore ?? null} aria-label={`第${i + 1}题得分（0到${q.score}分）`} onChange={(v) => put(q.id, v === null || v === undefined ? null : Number(v))} />
                <span aria-hidden>/ {q.score} 分</span>
              </label>
            ) : (
              <div>得分：{q.myScore ?? 0}</div>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
