/**
 * The input of one question, by type, for taking a paper and for practising wrong answers: native
 * radios and checkboxes (antd's, keyboard and screen-reader ready), one labelled input per blank, a
 * text area for a short answer. Controlled: the value is the answer in the server's shape.
 */
import { Checkbox, Input, Radio } from 'antd';
import type { Answer, PaperQuestion } from '../../../contract/exam';

export interface QuestionInputProps {
  q: PaperQuestion;
  value: Answer | undefined;
  onChange: (a: Answer) => void;
  /** the id of the question's title, which names the group for assistive technology */
  labelledBy: string;
  disabled?: boolean;
}

export default function QuestionInput({ q, value, onChange, labelledBy, disabled }: QuestionInputProps) {
  if (q.type === 1) {
    return (
      <Radio.Group className="dj-exam-choices" aria-labelledby={labelledBy} value={value ?? undefined} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {q.options.map((o) => (
          <Radio key={o.key} value={o.key}>
            <span className="dj-exam-choices__key">{o.key}.</span> {o.content}
          </Radio>
        ))}
      </Radio.Group>
    );
  }
  if (q.type === 2) {
    return (
      <Checkbox.Group className="dj-exam-choices" aria-labelledby={labelledBy} value={Array.isArray(value) ? value : []} disabled={disabled} onChange={(v) => onChange((v as string[]).length ? [...(v as string[])].sort() : null)}>
        {q.options.map((o) => (
          <Checkbox key={o.key} value={o.key}>
            <span className="dj-exam-choices__key">{o.key}.</span> {o.content}
          </Checkbox>
        ))}
      </Checkbox.Group>
    );
  }
  if (q.type === 3) {
    return (
      <Radio.Group className="dj-exam-choices dj-exam-choices--row" aria-labelledby={labelledBy} value={typeof value === 'boolean' ? value : undefined} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        <Radio value={true}>正确</Radio>
        <Radio value={false}>错误</Radio>
      </Radio.Group>
    );
  }
  if (q.type === 4) {
    const blanks = Array.isArray(value) ? (value as string[]) : [];
    return (
      <div className="dj-exam-blanks" role="group" aria-labelledby={labelledBy}>
        {Array.from({ length: q.blankCount }, (_, i) => (
          <label key={i} className="dj-exam-blanks__item">
            <span>第{i + 1}空</span>
            <Input
              maxLength={200}
              disabled={disabled}
              value={blanks[i] ?? ''}
              onChange={(e) => {
                const next = Array.from({ length: q.blankCount }, (_, j) => (j === i ? e.target.value : (blanks[j] ?? '')));
                onChange(next.some((x) => x.trim()) ? next : null);
              }}
            />
          </label>
        ))}
      </div>
    );
  }
  return (
    <Input.TextArea
      className="dj-exam-short"
      aria-labelledby={labelledBy}
      rows={5}
      maxLength={5000}
      showCount
      disabled={disabled}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value.trim() ? e.target.value : null)}
    />
  );
}
