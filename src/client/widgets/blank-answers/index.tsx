/**
 * BlankAnswersEditor: the accepted answers of a fill-in question (blankAnswers: string[][]) — one
 * row per blank of the title (`text`, given by the form's x-reactions from the 题干 field), each
 * with one or more accepted answers (添加备选答案 / 删除). The rows follow the blanks as the title
 * is typed: answers of the blanks that stay are kept. Every control is named for screen readers
 * (第1空答案1, 为第1空添加备选答案, 删除第1空答案2).
 */
import { useEffect } from 'react';
import { Button, Input } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Empty, isEmpty } from '../basic/empty';
import { BLANK, MAX_ALTERNATIVES, addAnswer, countBlanks, fitBlanks, needsFit, removeAnswer, setAnswer, toBlankRows } from './blanks';
import '../options-editor/options-editor.css';

export interface BlankAnswersEditorProps {
  value?: unknown;
  onChange?: (v: string[][]) => void;
  /** the question's title, whose "____" marks are the blanks */
  text?: string;
  disabled?: boolean;
  maxLength?: number;
}

export default function BlankAnswersEditor({ value, onChange, text, disabled, maxLength = 200 }: BlankAnswersEditorProps) {
  const count = countBlanks(text);
  const rows = fitBlanks(toBlankRows(value), count);
  useEffect(() => {
    if (needsFit(value, count)) onChange?.(rows);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [count]);
  const change = (next: string[][]) => onChange?.(next);
  if (!count) return <div className="dj-blank-answers__hint">在题干中用“{BLANK}”（四个下划线）标出每个空，这里再逐空填写正确答案。</div>;
  return (
    <div className="dj-blank-answers">
      <div className="dj-blank-answers__hint">题干中共 {count} 个空；同一个空可填写多个都算正确的答案。</div>
      <ol className="dj-blank-answers__rows">
        {rows.map((alts, b) => (
          <li key={b} className="dj-blank-answers__row" data-blank={b + 1}>
            <span className="dj-blank-answers__label">第{b + 1}空</span>
            <div className="dj-blank-answers__alts">
              {alts.map((a, j) => (
                <span key={j} className="dj-blank-answers__alt">
                  <Input aria-label={`第${b + 1}空答案${j + 1}`} placeholder={j ? '备选答案' : '正确答案'} value={a} maxLength={maxLength} disabled={disabled} onChange={(e) => change(setAnswer(rows, b, j, e.target.value))} />
                  {alts.length > 1 ? (
                    <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={`删除第${b + 1}空答案${j + 1}`} disabled={disabled} onClick={() => change(removeAnswer(rows, b, j))} />
                  ) : null}
                </span>
              ))}
              <Button size="small" type="dashed" icon={<PlusOutlined />} aria-label={`为第${b + 1}空添加备选答案`} disabled={disabled || alts.length >= MAX_ALTERNATIVES} onClick={() => change(addAnswer(rows, b))}>
                备选答案
              </Button>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function Read({ value }: { value: unknown }) {
  const rows = toBlankRows(value);
  if (isEmpty(rows)) return <Empty />;
  return (
    <ol className="dj-blank-answers-read">
      {rows.map((alts, b) => (
        <li key={b}>
          第{b + 1}空：{alts.filter(Boolean).join(' 或 ') || '-'}
        </li>
      ))}
    </ol>
  );
}
