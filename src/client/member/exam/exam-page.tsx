/**
 * 专题考试 (/partyMember/iStudy/subject/info/exam): without `paperId`, my exams — the papers open to
 * me now, those coming (即将开始, with their start times) and my past attempts; with `paperId`, the paper's notice and my attempts, and with
 * `take=1` the sitting itself (so a reload lands back in it, resuming where I was).
 */
import { lazy, Suspense } from 'react';
import { Button, Descriptions, Empty, Spin, Tabs, Tag } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { useRequest } from 'ahooks';
import { formatPlatform, MINUTE_FORMAT } from '../../utils/platform-time';
import { examService } from '../../api/exam';
import type { ExamRecord, Instant, MyPaper } from '../../../contract/exam';
import { MemberList, MemberPage, useNameCrumb, usePagedList } from '../kit';
import { SUBJECT } from '../subject';
import { formatDuration } from './clock';
import { ANALYSIS_PATH, EXAM_PATH, MISTAKES_PATH, SHOW_ANSWER_TEXT } from './paths';
import './exam.css';

const TakePaper = lazy(() => import('./take-paper'));

const when = (v: Instant | null | undefined) => formatPlatform(v, MINUTE_FORMAT);
const scoreTag = (r: { passed: boolean | null; status?: number }) =>
  r.status === 2 ? <Tag color="gold">待阅卷</Tag> : r.passed == null ? null : r.passed ? <Tag color="green">通过</Tag> : <Tag color="red">未通过</Tag>;

function PaperCard({ p, upcoming }: { p: MyPaper; upcoming?: boolean }) {
  return (
    <article className="dj-exam-card" data-testid="exam-paper-card">
      <h3 className="dj-exam-card__name">
        <Link to={`${EXAM_PATH}?paperId=${p.id}`}>{p.paperName}</Link>
      </h3>
      <p className="dj-exam-card__meta">
        {p.paperTypeName} · {p.testTime}分钟 · 总分{p.totalScore} · 及格{p.passScore}
        {p.trainName ? ` · 专题：${p.trainName}` : ''}
      </p>
      <p className="dj-exam-card__meta">
        {upcoming ? <strong className="dj-exam-card__start">开考时间：{when(p.beginTitme)}</strong> : <>考试时间：{when(p.beginTitme)} 至 {when(p.endTime)}</>}
      </p>
      <p className="dj-exam-card__meta">
        已考 {p.usedCount} 次{p.testCount ? ` / 共 ${p.testCount} 次` : '（不限次数）'}
        {p.bestScore != null ? ` · 最好成绩 ${p.bestScore} 分` : ''} {p.bestScore != null ? scoreTag(p) : null}
      </p>
      <Link to={`${EXAM_PATH}?paperId=${p.id}${p.openResultId ? '&take=1' : ''}`}>
        <Button type="primary" disabled={!p.canStart}>
          {upcoming ? '尚未开始' : p.openResultId ? '继续答题' : p.canStart ? '参加考试' : '次数已用完'}
        </Button>
      </Link>
    </article>
  );
}

function MyExams() {
  const [params, setParams] = useSearchParams();
  const tab = (['history', 'upcoming'] as const).find((t) => t === params.get('tab')) ?? 'open';
  const open = usePagedList((p) => examService.myPapers(p), { ready: tab === 'open' });
  const upcoming = usePagedList((p) => examService.myPapers({ ...p, upcoming: true }), { ready: tab === 'upcoming' });
  const history = usePagedList((p) => examService.history(p), { ready: tab === 'history' });
  return (
    <MemberPage
      title="我的考试"
      extra={
        <Link to={MISTAKES_PATH}>
          <Button icon={<FileSearchOutlined />}>错题集</Button>
        </Link>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => setParams(k === 'open' ? {} : { tab: k })}
        items={[
          { key: 'open', label: '待参加的考试', children: <MemberList list={open} itemsClassName="dj-exam-cards" empty="暂无正在进行的考试" renderItem={(p: MyPaper) => <PaperCard p={p} />} /> },
          { key: 'upcoming', label: '即将开始', children: <MemberList list={upcoming} itemsClassName="dj-exam-cards" empty="暂无即将开始的考试" renderItem={(p: MyPaper) => <PaperCard p={p} upcoming />} /> },
          {
            key: 'history',
            label: '考试记录',
            children: (
              <MemberList
                list={history}
                rowKey="resultId"
                empty="暂无考试记录"
                renderItem={(r: ExamRecord) => (
                  <div className="dj-exam-record">
                    <span className="dj-exam-record__name">{r.paperName}</span>
                    <span>{when(r.submitTime)}</span>
                    <span>{r.score != null ? `${r.score}分` : '—'}</span>
                    {scoreTag(r)}
                    <Link to={`${ANALYSIS_PATH}?resultId=${r.resultId}`}>查看答卷</Link>
                  </div>
                )}
              />
            ),
          },
        ]}
      />
    </MemberPage>
  );
}

/** A topic's paper opened from its topic goes back to the topic; any other to 我的考试. */
function PaperNotice({ paperId, topicId }: { paperId: number; topicId: number }) {
  const info = useRequest(() => examService.info(paperId), { refreshDeps: [paperId] });
  const records = useRequest(() => examService.records(paperId), { refreshDeps: [paperId] });
  const p = info.data;
  // the breadcrumb names the paper (a topic's keeps 专题考试, under its topic)
  useNameCrumb(topicId ? null : p?.paperName);
  const back = topicId ? { back: `${SUBJECT.info}?id=${topicId}`, backText: '返回专题详情' } : { back: EXAM_PATH, backText: '返回我的考试' };
  const here = `${EXAM_PATH}?paperId=${paperId}${topicId ? `&topicId=${topicId}` : ''}`;
  if (info.error) return <MemberPage title="考试" {...back}><Empty description={info.error.message} /></MemberPage>;
  if (!p) return <Spin className="dj-exam-loading" />;
  const now = new Date(p.serverTime);
  const notYet = now < new Date(p.beginTitme);
  const over = now > new Date(p.endTime);
  const noneLeft = !p.openResultId && p.testCount > 0 && p.usedCount >= p.testCount;
  const reason = notYet ? '考试尚未开始' : over ? '考试已结束' : noneLeft ? '考试次数已用完' : null;
  return (
    <MemberPage title={p.paperName} {...back}>
      {p.description ? <p className="dj-exam-notice__desc">{p.description}</p> : null}
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} className="dj-exam-notice">
        <Descriptions.Item label="考试时间">{when(p.beginTitme)} 至 {when(p.endTime)}</Descriptions.Item>
        <Descriptions.Item label="考试时长">{p.testTime}分钟</Descriptions.Item>
        <Descriptions.Item label="试题">{p.questionCount}题，总分{p.totalScore}分</Descriptions.Item>
        <Descriptions.Item label="及格分">{p.passScore}分</Descriptions.Item>
        <Descriptions.Item label="考试次数">{p.testCount ? `已考${p.usedCount}次，共${p.testCount}次` : `已考${p.usedCount}次，不限次数`}</Descriptions.Item>
        <Descriptions.Item label="答案公布">{SHOW_ANSWER_TEXT[p.showAnswer]}</Descriptions.Item>
      </Descriptions>
      <p className="dj-exam-notice__tip">答题时每作答一题即自动保存；网络中断时答案先保存在本机，恢复后自动提交。考试时间以服务器时间为准，时间到自动交卷。</p>
      <div className="dj-exam-notice__start">
        <Link to={`${here}&take=1`} aria-disabled={!!reason} onClick={(e) => reason && e.preventDefault()}>
          <Button type="primary" size="large" disabled={!!reason} data-testid="exam-start">
            {p.openResultId ? '继续答题' : '开始答题'}
          </Button>
        </Link>
        {reason ? <span className="dj-exam-notice__reason">{reason}</span> : null}
      </div>
      <h3 className="dj-exam-notice__h">我的考试记录</h3>
      {records.data?.length ? (
        <ol className="dj-exam-records">
          {records.data.map((r) => (
            <li key={r.resultId} className="dj-exam-record">
              <span>第{r.attemptNo}次</span>
              <span>{when(r.createTime)}</span>
              <span>用时 {formatDuration(r.examTime)}</span>
              <span>{r.status === 1 ? '答题中' : r.score != null ? `${r.score}分` : '—'}</span>
              {scoreTag(r)}
              {r.status !== 1 ? <span>错题 {r.errorQuestionCout ?? 0}</span> : null}
              {r.closedByDeadline ? <Tag>到时自动交卷</Tag> : null}
              {r.status !== 1 ? <Link to={`${ANALYSIS_PATH}?resultId=${r.resultId}&paperId=${paperId}`}>查看答卷</Link> : null}
            </li>
          ))}
        </ol>
      ) : (
        <Empty description="还没有考试记录" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </MemberPage>
  );
}

export default function ExamPage() {
  const [params] = useSearchParams();
  const paperId = Number(params.get('paperId')) || 0;
  const topicId = Number(params.get('topicId')) || 0;
  if (!paperId) return <MyExams />;
  if (params.get('take') === '1') {
    return (
      <Suspense fallback={<Spin className="dj-exam-loading" />}>
        <TakePaper paperId={paperId} topicId={topicId} />
      </Suspense>
    );
  }
  return <PaperNotice paperId={paperId} topicId={topicId} />;
}
