/**
 * Taking a paper (bespoke: nothing of the engine fits a timed sitting).
 *
 * - The server is the authority: it gives the attempt, the questions without answers, the answers
 *   already saved and its deadline; the countdown runs on the server's clock (./clock.ts).
 * - Every answer is saved as it is given (choices at once, typed text after a pause), through the
 *   outbox (./outbox.ts): while the connection is lost, answers stay in the browser and go when it
 *   returns; a reload resumes with the server's answers plus the outbox's.
 * - One question at a time or the whole paper on one page; an answer card showing answered,
 *   unanswered and marked questions; at the deadline the paper is handed in (and if the browser is
 *   gone, the server closes it itself).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Result, Segmented, Spin } from 'antd';
import { FlagFilled, FlagOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/request';
import { examService } from '../../api/exam';
import { QUESTION_TYPE_LABEL, type Answer, type SaveAnswer, type Sitting } from '../../../contract/exam';
import { askConfirm } from '../kit/confirm';
import { ackOutbox, clearOutbox, putOutbox, readOutbox } from './outbox';
import { formatCountdown, remainingMs, serverOffset, spokenCountdown } from './clock';
import { isAnswered } from './answer-text';
import QuestionInput from './question-input';
import { ANALYSIS_PATH, EXAM_PATH } from './paths';
import './exam.css';

type SaveState = 'saved' | 'saving' | 'offline' | 'failed';
const SAVE_TEXT: Record<SaveState, string> = {
  saved: '答案已保存',
  saving: '正在保存…',
  offline: '网络已断开：答案已保存在本机，恢复连接后自动提交',
  failed: '答案保存失败，稍后自动重试',
};
const TYPE_DELAY_MS = 800;
const RETRY_MS = 10_000;
const MODE_KEY = 'dj-exam-mode';

const isOffline = (e: unknown) => (e instanceof ApiError && e.status === 0) || (typeof navigator !== 'undefined' && navigator.onLine === false);
/** The server's refusals that end the sitting: handed in already, or past the deadline. */
const isClosed = (e: unknown) => e instanceof ApiError && e.status === 400 && /已交卷|超过交卷时间|考试已结束/.test(e.message);

export default function TakePaper({ paperId, topicId = 0 }: { paperId: number; topicId?: number }) {
  const navigate = useNavigate();
  const [sitting, setSitting] = useState<Sitting | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [answers, setAnswers] = useState<Record<number, Answer>>({});
  const [marked, setMarked] = useState<Record<number, boolean>>({});
  const [current, setCurrent] = useState(0);
  const [mode, setMode] = useState<'one' | 'all'>(() => (localStorage.getItem(MODE_KEY) === 'all' ? 'all' : 'one'));
  const [offset, setOffset] = useState(0);
  const [, setTick] = useState(0);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [ending, setEnding] = useState(false);
  const flushing = useRef(false);
  const again = useRef(false);
  const typing = useRef<number | undefined>(undefined);
  const ended = useRef(false);

  const resultId = sitting?.resultId;

  const finish = useCallback(
    (id: number) => {
      ended.current = true;
      clearOutbox(id);
      navigate(`${ANALYSIS_PATH}?resultId=${id}&paperId=${paperId}`, { replace: true });
    },
    [navigate, paperId],
  );

  /** Sends what the outbox holds; one send at a time, then again if more came meanwhile. */
  const flush = useCallback(async () => {
    if (!resultId || ended.current) return;
    if (flushing.current) {
      again.current = true;
      return;
    }
    flushing.current = true;
    try {
      for (;;) {
        again.current = false;
        const pending = readOutbox(resultId);
        if (!pending.length) {
          setSaveState('saved');
          break;
        }
        setSaveState('saving');
        const r = await examService.save(resultId, pending, { silent: true });
        ackOutbox(resultId, pending);
        setOffset(serverOffset(r.serverTime));
        if (!again.current && !readOutbox(resultId).length) {
          setSaveState('saved');
          break;
        }
      }
    } catch (e) {
      if (isClosed(e)) finish(resultId);
      else setSaveState(isOffline(e) ? 'offline' : 'failed');
    } finally {
      flushing.current = false;
    }
  }, [resultId, finish]);

  // start or resume: the server's answers, then what the outbox still holds (newer) on top
  useEffect(() => {
    let live = true;
    examService.start(paperId, { silent: true }).then(
      (s) => {
        if (!live) return;
        const a: Record<number, Answer> = {};
        const m: Record<number, boolean> = {};
        for (const q of s.questions) {
          a[q.id] = q.answer;
          m[q.id] = q.marked;
        }
        for (const o of readOutbox(s.resultId)) {
          a[o.questionId] = o.answer;
          m[o.questionId] = o.marked;
        }
        setOffset(serverOffset(s.serverTime));
        setAnswers(a);
        setMarked(m);
        setSitting(s);
      },
      (e: Error) => live && setLoadError(e.message),
    );
    return () => {
      live = false;
    };
  }, [paperId]);

  // send the outbox at once, when the connection returns, and every few seconds while it holds answers
  useEffect(() => {
    if (!resultId) return;
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    const retry = window.setInterval(() => {
      if (readOutbox(resultId).length) void flush();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(retry);
    };
  }, [resultId, flush]);

  // the countdown, on the server's clock
  useEffect(() => {
    if (!sitting) return;
    const t = window.setInterval(() => setTick((n) => n + 1), 1000);
    return () => window.clearInterval(t);
  }, [sitting]);
  const left = sitting ? remainingMs(sitting.deadline, offset) : Infinity;

  const submit = useCallback(
    async (auto: boolean) => {
      if (!resultId || ended.current) return;
      setEnding(true);
      window.clearTimeout(typing.current);
      try {
        await examService.submit(resultId, readOutbox(resultId), { silent: true });
        finish(resultId);
      } catch (e) {
        if (isClosed(e)) finish(resultId);
        else {
          setEnding(false);
          setSaveState(isOffline(e) ? 'offline' : 'failed');
          if (!auto) setLoadError(null);
        }
      }
    },
    [resultId, finish],
  );

  // time is up: hand in what there is (the server closes the attempt itself if this never arrives)
  useEffect(() => {
    if (sitting && left <= 0 && !ended.current && !ending) void submit(true);
  }, [sitting, left, ending, submit]);

  const record = (questionId: number, answer: Answer, mark: boolean, typed: boolean) => {
    if (!resultId || ended.current) return;
    const item: SaveAnswer = { questionId, answer, marked: mark };
    putOutbox(resultId, item);
    setSaveState(navigator.onLine === false ? 'offline' : 'saving');
    window.clearTimeout(typing.current);
    if (typed) typing.current = window.setTimeout(() => void flush(), TYPE_DELAY_MS);
    else void flush();
  };

  const answer = (questionId: number, type: number, a: Answer) => {
    setAnswers((x) => ({ ...x, [questionId]: a }));
    record(questionId, a, !!marked[questionId], type === 4 || type === 5);
  };
  const toggleMark = (questionId: number) => {
    const next = !marked[questionId];
    setMarked((x) => ({ ...x, [questionId]: next }));
    record(questionId, answers[questionId] ?? null, next, false);
  };

  const questions = sitting?.questions ?? [];
  const answeredCount = useMemo(() => questions.filter((q) => isAnswered(answers[q.id])).length, [questions, answers]);

  const handIn = async () => {
    const missing = questions.length - answeredCount;
    const ok = await askConfirm(missing ? `还有${missing}题未作答，确定交卷吗？交卷后不能再修改。` : '确定交卷吗？交卷后不能再修改。');
    if (ok) await submit(false);
  };

  const go = (i: number) => {
    setCurrent(i);
    if (mode === 'all') document.getElementById(`dj-exam-q-${questions[i]?.id}`)?.scrollIntoView({ block: 'start' });
    window.setTimeout(() => document.getElementById(`dj-exam-q-${questions[i]?.id}-title`)?.focus(), 0);
  };
  const setViewMode = (m: 'one' | 'all') => {
    setMode(m);
    localStorage.setItem(MODE_KEY, m);
  };

  if (loadError) {
    return (
      <Result
        status="warning"
        title={loadError}
        extra={
          <Link to={`${EXAM_PATH}?paperId=${paperId}${topicId ? `&topicId=${topicId}` : ''}`}>
            <Button>返回考试</Button>
          </Link>
        }
      />
    );
  }
  if (!sitting) {
    return (
      <div className="dj-exam-loading" role="status">
        <Spin /> 正在进入考试…
      </div>
    );
  }

  const shown = mode === 'one' ? [questions[current]].filter(Boolean) : questions;
  const low = left <= 5 * 60_000;

  return (
    <div className="dj-exam">
      <header className="dj-exam__bar">
        <h2 className="dj-exam__name">{sitting.paperName}</h2>
        <div className={`dj-exam__clock${low ? ' dj-exam__clock--low' : ''}`} role="timer" aria-label={spokenCountdown(left)} data-testid="exam-countdown">
          剩余时间 <strong>{formatCountdown(left)}</strong>
        </div>
        <p className="dj-exam__save" role="status" aria-live="polite" data-testid="exam-save-state" data-state={saveState}>
          {SAVE_TEXT[saveState]}
        </p>
      </header>
      {low && left > 0 ? <Alert type="warning" showIcon message="距离考试结束不足5分钟，时间到将自动交卷。" className="dj-exam__alert" /> : null}

      <div className="dj-exam__body">
        <main className="dj-exam__paper" aria-label="试题">
          <div className="dj-exam__tools">
            <Segmented
              aria-label="答题方式"
              value={mode}
              onChange={(v) => setViewMode(v as 'one' | 'all')}
              options={[
                { label: '逐题作答', value: 'one' },
                { label: '整卷作答', value: 'all' },
              ]}
            />
            <span className="dj-exam__meta">
              第{sitting.attemptNo}次{sitting.testCount ? `（共${sitting.testCount}次）` : ''} · 总分{sitting.totalScore}分 · 及格{sitting.passScore}分
            </span>
          </div>
          {shown.map((q) => {
            const n = questions.indexOf(q) + 1;
            const titleId = `dj-exam-q-${q.id}-title`;
            return (
              <section key={q.id} id={`dj-exam-q-${q.id}`} className="dj-exam-q" data-testid="exam-question">
                <h3 id={titleId} className="dj-exam-q__title" tabIndex={-1}>
                  <span className="dj-exam-q__no">{n}.</span>
                  <span className="dj-exam-q__type">
                    [{QUESTION_TYPE_LABEL[q.type]} {q.score}分]
                  </span>{' '}
                  {q.title}
                </h3>
                <QuestionInput q={q} value={answers[q.id]} onChange={(a) => answer(q.id, q.type, a)} labelledBy={titleId} disabled={ending} />
                <div className="dj-exam-q__actions">
                  <Button type={marked[q.id] ? 'primary' : 'default'} ghost={!!marked[q.id]} icon={marked[q.id] ? <FlagFilled /> : <FlagOutlined />} aria-pressed={!!marked[q.id]} onClick={() => toggleMark(q.id)}>
                    {marked[q.id] ? '取消标记' : '标记本题'}
                  </Button>
                  {mode === 'one' ? (
                    <>
                      <Button icon={<LeftOutlined />} disabled={current === 0} onClick={() => go(current - 1)}>
                        上一题
                      </Button>
                      <Button disabled={current >= questions.length - 1} onClick={() => go(current + 1)}>
                        下一题 <RightOutlined />
                      </Button>
                    </>
                  ) : null}
                </div>
              </section>
            );
          })}
        </main>

        <aside className="dj-exam__card" aria-label="答题卡">
          <h3>答题卡</h3>
          <p className="dj-exam__count">
            已答 {answeredCount} / {questions.length} 题
          </p>
          <ol className="dj-exam__cells">
            {questions.map((q, i) => {
              const done = isAnswered(answers[q.id]);
              const state = `${done ? '已答' : '未答'}${marked[q.id] ? '，已标记' : ''}`;
              return (
                <li key={q.id}>
                  <button
                    type="button"
                    className={`dj-exam__cell${done ? ' is-answered' : ''}${marked[q.id] ? ' is-marked' : ''}${mode === 'one' && i === current ? ' is-current' : ''}`}
                    aria-label={`第${i + 1}题，${state}`}
                    aria-current={mode === 'one' && i === current ? 'step' : undefined}
                    onClick={() => go(i)}
                  >
                    {i + 1}
                  </button>
                </li>
              );
            })}
          </ol>
          <ul className="dj-exam__legend" aria-label="图例">
            <li><span className="dj-exam__cell is-answered" aria-hidden /> 已答</li>
            <li><span className="dj-exam__cell" aria-hidden /> 未答</li>
            <li><span className="dj-exam__cell is-marked" aria-hidden /> 已标记</li>
          </ul>
          <Button type="primary" block size="large" loading={ending} onClick={handIn} data-testid="exam-submit">
            交卷
          </Button>
        </aside>
      </div>
    </div>
  );
}
