/**
 * QuestionPicker: the questions of an ordinary paper. 选择试题 opens the readable banks' questions
 * (filters 题型 / 难度 / 题干); the chosen ones form an ordered list with 上移 / 下移 / 移除 and a score
 * per question (empty: the type's score of the paper's settings), and the total follows as the user
 * types. The value is [{questionId, score, …shown fields}], the `questionList` the server takes.
 * Disabled (a paper someone has started) it is read-only with the reason.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Input, InputNumber, Modal, Select, Space, Table, Tag } from 'antd';
import { observer, useForm } from '@formily/react';
import { api } from '../../api/request';
import { servicePath } from '../../../contract/paths';
import { loadBanks, type Bank } from './banks';
import { DIFFICULTIES, QUESTION_TYPES, fromLoaded, moved, questionScore, questionsTotal, typeScores, type PickedQuestion } from './scores';
import { LOCKED_REASON } from './locked';
import './exam-paper.css';

interface Props {
  value?: PickedQuestion[] | null;
  onChange?: (v: PickedQuestion[]) => void;
  disabled?: boolean;
}

const typeLabel = (t: number) => QUESTION_TYPES.find((x) => x.type === t)?.label ?? '';

function QuestionBrowser({ chosen, onAdd, onClose }: { chosen: Set<number>; onAdd: (q: PickedQuestion) => void; onClose: () => void }) {
  const [bankList, setBankList] = useState<Bank[]>([]);
  const [bank, setBank] = useState<number | undefined>();
  const [type, setType] = useState<number | undefined>();
  const [difficulty, setDifficulty] = useState<number | undefined>();
  const [title, setTitle] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Record<string, any>[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    void loadBanks().then((b) => {
      setBankList(b);
      setBank((cur) => cur ?? b[0]?.id);
    });
  }, []);
  useEffect(() => {
    if (!bank) return;
    let live = true;
    setLoading(true);
    api
      .get<{ totalCount: number; items: Record<string, any>[] }>(servicePath('ExamLibaryService', 'GetPageQuestionByLibaryId'), { libaryId: bank, type, difficulty, title: title || undefined, skipCount: (page - 1) * 10, maxResultCount: 10 })
      .then((r) => {
        if (!live) return;
        setRows(r?.items ?? []);
        setTotal(r?.totalCount ?? 0);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [bank, type, difficulty, title, page]);
  const bankName = bankList.find((b) => b.id === bank)?.libaryName;
  return (
    <Modal open title="选择试题" width={900} footer={<Button onClick={onClose}>完成</Button>} onCancel={onClose}>
      <Space wrap className="dj-qp-filters">
        <Select aria-label="题库" style={{ width: 240 }} value={bank} placeholder="请选择题库" options={bankList.map((b) => ({ label: b.libaryName, value: b.id }))} onChange={(v) => { setBank(v); setPage(1); }} />
        <Select aria-label="题型" style={{ width: 110 }} allowClear placeholder="全部题型" value={type} options={QUESTION_TYPES.map((t) => ({ label: t.label, value: t.type }))} onChange={(v) => { setType(v); setPage(1); }} />
        <Select aria-label="难度" style={{ width: 110 }} allowClear placeholder="全部难度" value={difficulty} options={DIFFICULTIES} onChange={(v) => { setDifficulty(v); setPage(1); }} />
        <Input.Search aria-label="题干" placeholder="题干关键字" allowClear style={{ width: 220 }} onSearch={(v) => { setTitle(v.trim()); setPage(1); }} />
      </Space>
      <Table
        size="small"
        rowKey="id"
        loading={loading}
        dataSource={rows}
        pagination={{ current: page, pageSize: 10, total, showSizeChanger: false, onChange: setPage }}
        columns={[
          { title: '题型', dataIndex: 'type', width: 80, render: (t: number) => typeLabel(t) },
          { title: '题干', dataIndex: 'title' },
          { title: '难度', dataIndex: 'difficulty', width: 70, render: (d: number) => DIFFICULTIES.find((x) => x.value === d)?.label ?? '-' },
          {
            title: '操作',
            width: 90,
            render: (_: unknown, r: Record<string, any>) =>
              chosen.has(r.id) ? (
                <Tag>已选</Tag>
              ) : (
                <Button size="small" type="link" aria-label={`加入：${r.title}`} onClick={() => onAdd({ questionId: r.id, type: r.type, title: r.title, typeName: typeLabel(r.type), libaryName: bankName, score: null })}>
                  加入
                </Button>
              ),
          },
        ]}
      />
    </Modal>
  );
}

function QuestionPicker({ value, onChange, disabled }: Props) {
  const form = useForm();
  const scores = typeScores(form?.values as Record<string, unknown>);
  const list = Array.isArray(value) ? value : [];
  const [browsing, setBrowsing] = useState(false);
  // questions loaded with a saved paper carry their effective score: only a different one is an override
  useEffect(() => {
    if (list.some((q) => q.score !== null && q.score !== undefined && Number(q.score) === scores[q.type])) onChange?.(fromLoaded(list, scores));
    // once, for the loaded value
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const set = (next: PickedQuestion[]) => onChange?.(next);
  const total = questionsTotal(list, scores);
  return (
    <div className="dj-qp" data-widget="QuestionPicker">
      {disabled ? <Alert type="info" showIcon message={LOCKED_REASON} className="dj-qp-locked" /> : null}
      <div className="dj-qp-head">
        <span aria-live="polite" data-testid="paper-total">
          已选 {list.length} 题，总分 <strong>{total}</strong> 分
        </span>
        {disabled ? null : (
          <Button onClick={() => setBrowsing(true)} data-testid="pick-questions">
            选择试题
          </Button>
        )}
      </div>
      {list.length ? (
        <ol className="dj-qp-list">
          {list.map((q, i) => (
            <li key={q.questionId} className="dj-qp-item" data-question={q.questionId}>
              <span className="dj-qp-no">{i + 1}.</span>
              <Tag>{q.typeName ?? typeLabel(q.type)}</Tag>
              <span className="dj-qp-title">{q.title}</span>
              <InputNumber
                size="small"
                min={0}
                max={100}
                disabled={disabled}
                aria-label={`第${i + 1}题分值`}
                placeholder={String(scores[q.type] ?? 0)}
                value={q.score ?? null}
                onChange={(v) => set(list.map((x, j) => (j === i ? { ...x, score: v === null || v === undefined ? null : Number(v) } : x)))}
               
                style={{ width: 80 }}
              />
              <span aria-hidden>分</span>
              <span className="dj-qp-eff" aria-hidden>
                {questionScore(q, scores) !== q.score ? `（按${q.typeName ?? typeLabel(q.type)}${scores[q.type] ?? 0}分）` : ''}
              </span>
              {disabled ? null : (
                <Space size={0}>
                  <Button size="small" type="link" disabled={i === 0} aria-label={`上移第${i + 1}题`} onClick={() => set(moved(list, i, -1))}>
                    上移
                  </Button>
                  <Button size="small" type="link" disabled={i === list.length - 1} aria-label={`下移第${i + 1}题`} onClick={() => set(moved(list, i, 1))}>
                    下移
                  </Button>
                  <Button size="small" type="link" danger aria-label={`移除第${i + 1}题`} onClick={() => set(list.filter((_, j) => j !== i))}>
                    移除
                  </Button>
                </Space>
              )}
            </li>
          ))}
        </ol>
      ) : (
        <div className="dj-qp-empty">尚未选择试题</div>
      )}
      {browsing ? <QuestionBrowser chosen={new Set(list.map((q) => q.questionId))} onAdd={(q) => set([...list, q])} onClose={() => setBrowsing(false)} /> : null}
    </div>
  );
}

export default observer(QuestionPicker);
