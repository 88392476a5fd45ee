/**
 * RandomSetEditor: the draw rules of a random paper, one row per bank and difficulty (不限 / 容易 /
 * 中等 / 困难) with a count per question type. Each count shows what the bank holds — the saved
 * paper's `available` (GetQuestionByPaperId, by difficulty) while the row is as saved, else the
 * bank's count of that type (all difficulties) — and the total follows the counts and the settings'
 * scores. The server checks that every pool is large enough (its message shows on the field).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, InputNumber, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { observer, useForm } from '@formily/react';
import { loadBanks, type Bank } from './banks';
import { DIFFICULTIES, QUESTION_TYPES, setsTotal, typeScores, type RandomSet } from './scores';
import { LOCKED_REASON } from './locked';
import './exam-paper.css';

interface Props {
  value?: RandomSet[] | null;
  onChange?: (v: RandomSet[]) => void;
  disabled?: boolean;
}

/** What a row's pool holds of a type, and whether it is by the row's difficulty. */
export function availableOf(row: RandomSet, bank: Bank | undefined, type: (typeof QUESTION_TYPES)[number]): { n: number | null; exact: boolean } {
  const saved = row.available as Record<string, number> | undefined;
  if (saved && row.savedLibaryId === row.libaryId && (row.savedDifficulty ?? null) === (row.difficulty ?? null)) return { n: Number(saved[type.type] ?? 0), exact: true };
  if (!bank) return { n: null, exact: false };
  return { n: Number(bank[type.bankCount] ?? 0), exact: !row.difficulty };
}

function RandomSetEditor({ value, onChange, disabled }: Props) {
  const form = useForm();
  const scores = typeScores(form?.values as Record<string, unknown>);
  const rows = Array.isArray(value) ? value : [];
  const [banks, setBanks] = useState<Bank[]>([]);
  useEffect(() => {
    void loadBanks().then(setBanks, () => undefined);
  }, []);
  // a saved row remembers its bank and difficulty, so its `available` is shown only while they hold
  useEffect(() => {
    if (rows.some((r) => r.available && r.savedLibaryId === undefined)) onChange?.(rows.map((r) => (r.available ? { ...r, savedLibaryId: r.libaryId, savedDifficulty: r.difficulty ?? null } : r)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const set = (i: number, patch: Partial<RandomSet>) => onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const { count, total } = setsTotal(rows, scores);
  return (
    <div className="dj-rs" data-widget="RandomSetEditor">
      {disabled ? <Alert type="info" showIcon message={LOCKED_REASON} className="dj-qp-locked" /> : null}
      {rows.map((r, i) => {
        const bank = banks.find((b) => b.id === r.libaryId);
        return (
          <fieldset key={i} className="dj-rs-row" data-row={i} disabled={disabled}>
            <legend className="dj-rs-legend">抽题规则 {i + 1}</legend>
            <div className="dj-rs-main">
              <label className="dj-rs-field">
                <span>题库</span>
                <Select
                  aria-label={`规则${i + 1}题库`}
                  style={{ width: 260 }}
                  placeholder="请选择题库"
                  disabled={disabled}
                  value={r.libaryId ?? undefined}
                  options={[...banks.map((b) => ({ label: b.libaryName, value: b.id })), ...(r.libaryId && !bank && r.libaryName ? [{ label: String(r.libaryName), value: r.libaryId }] : [])]}
                  onChange={(v) => set(i, { libaryId: v, libaryName: banks.find((b) => b.id === v)?.libaryName })}
                />
              </label>
              <label className="dj-rs-field">
                <span>难度</span>
                <Select
                  aria-label={`规则${i + 1}难度`}
                  style={{ width: 110 }}
                  disabled={disabled}
                  value={r.difficulty ?? 0}
                  options={[{ label: '不限', value: 0 }, ...DIFFICULTIES]}
                  onChange={(v) => set(i, { difficulty: v || null })}
                />
              </label>
              {disabled ? null : (
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除抽题规则${i + 1}`} onClick={() => onChange?.(rows.filter((_, j) => j !== i))}>
                  删除
                </Button>
              )}
            </div>
            <div className="dj-rs-counts">
              {QUESTION_TYPES.map((t) => {
                const av = availableOf(r, bank, t);
                return (
                  <label key={t.type} className="dj-rs-count">
                    <span>{t.label}</span>
                    <InputNumber
                      aria-label={`规则${i + 1}${t.label}数量`}
                      min={0}
                      max={200}
                      precision={0}
                      disabled={disabled}
                      value={Number(r[t.countField] ?? 0)}
                      onChange={(v) => set(i, { [t.countField]: Number(v ?? 0) })}
                      style={{ width: 80 }}
                    />
                    <span className="dj-rs-avail">{av.n === null ? '' : `${av.exact ? '可抽' : '题库共'} ${av.n} 道`}</span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      {disabled ? null : (
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange?.([...rows, { libaryId: null, difficulty: null, singleChoiceCount: 0, multiChoiceCount: 0, jugeCount: 0, blankCount: 0, shortCount: 0 }])}>
          添加抽题规则
        </Button>
      )}
      <div className="dj-qp-head" aria-live="polite" data-testid="paper-total">
        <span>
          每人抽 {count} 题，总分 <strong>{total}</strong> 分
        </span>
      </div>
    </div>
  );
}

export default observer(RandomSetEditor);
