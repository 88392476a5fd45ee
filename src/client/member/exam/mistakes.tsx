/**
 * 错题集 (/partyMember/iStudy/subject/info/mistakesCollection): every question I answered wrong, the
 * latest time per paper, with the right answer and 解析 where the paper reveals them; 练习 lets me
 * answer one again and check it at once against the revealed answer.
 */
import { useState } from 'react';
import { Button, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { matchesRevealed } from '../../../contract/exam-answer';
import { formatPlatform, MINUTE_FORMAT } from '../../utils/platform-time';
import { examService } from '../../api/exam';
import type { Answer, WrongItem } from '../../../contract/exam';
import { MemberList, MemberPage, usePagedList } from '../kit';
import QuestionInput from './question-input';
import ReviewQuestion from './review-question';
import { ANALYSIS_PATH, EXAM_PATH, SHOW_ANSWER_TEXT } from './paths';
import './exam.css';

function Practise({ item }: { item: WrongItem }) {
  const q = item.question;
  const [value, setValue] = useState<Answer>(null);
  const [checked, setChecked] = useState<boolean | null | undefined>(undefined);
  const titleId = `dj-practise-${item.resultId}-${q.id}`;
  return (
    <div className="dj-exam-practise">
      <p id={titleId} className="dj-exam-review__label">重新作答：</p>
      <QuestionInput q={{ ...q, options: q.options.map(({ key, content }) => ({ key, content })) }} value={value} onChange={(a) => { setValue(a); setChecked(undefined); }} labelledBy={titleId} />
      <Button onClick={() => setChecked(matchesRevealed(q.type, value, q.rightAnswer))}>核对答案</Button>
      <span role="status" aria-live="polite" className="dj-exam-practise__verdict">
        {checked === true ? <Tag color="green">回答正确</Tag> : checked === false ? <Tag color="red">还不对，再想想</Tag> : checked === null ? <Tag>简答题请对照参考答案自查</Tag> : null}
      </span>
    </div>
  );
}

export default function Mistakes() {
  const list = usePagedList((p) => examService.mistakes(p));
  const [practising, setPractising] = useState<string | null>(null);
  return (
    <MemberPage title="错题集" back={EXAM_PATH} backText="返回我的考试">
      <MemberList
        list={list}
        rowKey={(w: WrongItem) => `${w.resultId}-${w.question.id}`}
        empty="暂无错题，继续保持"
        renderItem={(w: WrongItem) => {
          const key = `${w.resultId}-${w.question.id}`;
          return (
            <div className="dj-exam-mistake" data-testid="mistake">
              <p className="dj-exam-mistake__from">
                {w.paperName} · {formatPlatform(w.submitTime, MINUTE_FORMAT)} · <Link to={`${ANALYSIS_PATH}?resultId=${w.resultId}`}>查看答卷</Link>
              </p>
              <ReviewQuestion q={{ ...w.question, isRight: false }}>
                {w.answersShown ? (
                  practising === key ? (
                    <Practise item={w} />
                  ) : (
                    <Button size="small" onClick={() => setPractising(key)}>练习本题</Button>
                  )
                ) : (
                  <p className="dj-exam-notice__tip">本试卷暂不公布答案与解析（{SHOW_ANSWER_TEXT[w.showAnswer]}）。</p>
                )}
              </ReviewQuestion>
            </div>
          );
        }}
      />
    </MemberPage>
  );
}
