/**
 * OptionsEditor: the options of a choice question (examAnswerInputDtos: [{content, isRight}]) —
 * one row per option lettered A–H with its text and a 正确 mark (a radio in single mode, a checkbox
 * with `multiple`), 添加选项 / 删除 within 2 to 8 rows. A new question starts with A–D empty.
 * Every control is named for screen readers (选项A, 选项A为正确答案, 删除选项A).
 */
import { useEffect, useId } from 'react';
import { Button, Checkbox, Input, Radio, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Empty } from '../basic/empty';
import { MAX_OPTIONS, MIN_OPTIONS, addRow, emptyRows, letterOf, removeRow, setContent, setRight, toRows, type OptionRow } from './options';
import './options-editor.css';

export interface OptionsEditorProps {
  value?: unknown;
  onChange?: (v: OptionRow[]) => void;
  /** several right options (多选题); else exactly one (单选题) */
  multiple?: boolean;
  disabled?: boolean;
  maxLength?: number;
}

export default function OptionsEditor({ value, onChange, multiple = false, disabled, maxLength = 500 }: OptionsEditorProps) {
  const name = useId();
  const rows = toRows(value);
  // a new question (or one turned into a choice question) starts with four empty options
  useEffect(() => {
    if (rows.length < MIN_OPTIONS && !disabled) onChange?.(rows.length ? [...rows, ...emptyRows(MIN_OPTIONS - rows.length)] : emptyRows());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows.length]);
  const change = (next: OptionRow[]) => onChange?.(next);
  const Mark = multiple ? Checkbox : Radio;
  return (
    <div className="dj-options-editor" data-multiple={multiple ? 'true' : 'false'}>
      <div className="dj-options-editor__hint">{multiple ? '勾选所有正确选项（至少两个）' : '选择唯一的正确选项'}</div>
      <ol className="dj-options-editor__rows">
        {rows.map((r, i) => {
          const letter = letterOf(i);
          return (
            <li key={i} className="dj-options-editor__row" data-option={letter}>
              <span className="dj-options-editor__letter" aria-hidden="true">
                {letter}
              </span>
              <Input
                aria-label={`选项${letter}`}
                placeholder={`请输入选项${letter}的内容`}
                value={r.content}
                maxLength={maxLength}
                disabled={disabled}
                onChange={(e) => change(setContent(rows, i, e.target.value))}
              />
              <Mark
                name={multiple ? undefined : `${name}-right`}
                checked={r.isRight}
                disabled={disabled}
                aria-label={`选项${letter}为正确答案`}
                onChange={(e) => change(setRight(rows, i, e.target.checked, multiple))}
              >
                正确
              </Mark>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`删除选项${letter}`}
                disabled={disabled || rows.length <= MIN_OPTIONS}
                onClick={() => change(removeRow(rows, i))}
              />
            </li>
          );
        })}
      </ol>
      <Button type="dashed" icon={<PlusOutlined />} disabled={disabled || rows.length >= MAX_OPTIONS} onClick={() => change(addRow(rows))}>
        添加选项（{rows.length}/{MAX_OPTIONS}）
      </Button>
    </div>
  );
}

export function Read({ value }: { value: unknown }) {
  const rows = toRows(value);
  if (!rows.length) return <Empty />;
  return (
    <ol className="dj-options-read">
      {rows.map((r, i) => (
        <li key={i}>
          <span>
            {letterOf(i)}. {r.content}
          </span>
          {r.isRight ? (
            <Tag color="success" className="dj-options-read__right">
              正确
            </Tag>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
