/**
 * 专题详情 (/partyMember/iStudy/subject/info?id=): the topic's introduction, its courses — each
 * resource a card of the party bookshelf that opens the ordinary player page, so playing reports
 * through ResrouceStudy and earns 学时 under the one set of credit rules — and the topic's exams
 * assigned to the member (UserExamPageList) with his best score, attempts and the way to the paper.
 */
import { useRequest } from 'ahooks';
import { Button, Result, Skeleton, Tag } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { fmtHours, fmtPercent } from '../../api/study';
import { specialService } from '../../api/special';
import type { SpecialExam } from '../../../contract/training';
import { Value } from '../../engine/fields';
import { MINUTE_FORMAT, formatPlatform } from '../../utils/platform-time';
import { MemberPage } from '../kit';
import { openResource, ResourceCard } from '../study/resource-card';
import { SUBJECT } from './index';
import { MISTAKES_PATH } from '../exam/paths';
import '../study/study.css';
import './subject.css';

const STATUS_COLOR: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'default' };

function ExamRow({ exam: e }: { exam: SpecialExam }) {
  const navigate = useNavigate();
  const left = e.testCount > 0 ? Math.max(0, e.testCount - e.attempts) : null;
  const canTake = e.status === 2 && (left === null || left > 0);
  return (
    <li className="dj-subject-exam" data-testid="subject-exam">
      <div className="dj-subject-exam__main">
        <strong>{e.paperName}</strong> <Tag color={STATUS_COLOR[e.status]}>{e.statusText}</Tag>
        {e.attempts > 0 ? <Tag color={e.passed ? 'success' : 'error'}>{e.passed ? '已通过' : '未通过'}</Tag> : null}
        <p>
          {formatPlatform(e.beginTitme, MINUTE_FORMAT)} 至 {formatPlatform(e.endTime, MINUTE_FORMAT)} · 限时 {e.testTime} 分钟 · 及格 {e.passScore} 分 ·
          已考 {e.attempts} 次{e.testCount > 0 ? `（共 ${e.testCount} 次）` : ''}{e.bestScore !== null ? ` · 最高分 ${e.bestScore}` : ''}
        </p>
      </div>
      <Button type="primary" disabled={!canTake} onClick={() => navigate(e.examUrl)}>
        {e.status === 1 ? '未开始' : e.status === 3 ? '已结束' : left === 0 ? '次数已用完' : e.attempts > 0 ? '再考一次' : '参加考试'}
      </Button>
    </li>
  );
}

export default function SubjectInfo() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const topic = useRequest(() => specialService.detail(id), { ready: id > 0, refreshDeps: [id] });
  const exams = useRequest(() => specialService.exams(id), { ready: id > 0, refreshDeps: [id] });
  const t = topic.data;

  if (!id || topic.error)
    return (
      <MemberPage title="专题详情" back={SUBJECT.list}>
        <Result status="404" title="专题不存在或已停用" extra={<Button onClick={() => navigate(SUBJECT.list)}>返回专题课程</Button>} />
      </MemberPage>
    );
  if (!t)
    return (
      <MemberPage title="专题详情" back={SUBJECT.list}>
        <Skeleton active />
      </MemberPage>
    );
  const percent = Math.min(100, Number(t.percent) || 0);
  return (
    <MemberPage
      title={t.name}
      back={SUBJECT.list}
      backText="返回专题课程"
      className="dj-subject-info"
      extra={<Button icon={<EditOutlined />} onClick={() => navigate(`${SUBJECT.createReport}?id=${t.id}`)}>写学习心得</Button>}
    >
      <div className="dj-subject-info__top">
        {t.coverPhoto ? <img className="dj-subject-info__cover" src={t.coverPhoto} alt={`${t.name}封面`} /> : <div className="dj-subject-info__cover" aria-hidden />}
        <div className="dj-subject-info__facts">
          <p>发布组织：{t.organName}</p>
          <p>
            {t.courses.length} 门课程 · {t.resourceCount} 个资源 · 已学完 {t.finishedCount} 个 · 学时 {fmtHours(t.period)}/{fmtHours(t.totalPeriod)}
          </p>
          <div className="dj-subject-info__progress">
            <div className="dj-bar" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} aria-label="专题学习进度">
              <div className="dj-bar__outer"><div className="dj-bar__inner"><div className="dj-bar__bg" style={{ width: `${percent}%` }} /></div></div>
            </div>
            <span>{fmtPercent(t.percent)}</span>
          </div>
        </div>
      </div>

      <section className="dj-subject-info__section" aria-labelledby="subject-intro">
        <h3 id="subject-intro">专题简介</h3>
        {t.introduction ? <Value col={{ field: 'introduction', valueType: 'html' }} record={t as unknown as Record<string, unknown>} /> : <p>暂无简介</p>}
      </section>

      <section className="dj-subject-info__section" aria-labelledby="subject-courses">
        <h3 id="subject-courses">课程学习</h3>
        {t.courses.length === 0 ? <p>暂无课程</p> : null}
        {t.courses.map((c, i) => (
          <div key={c.id} className="dj-subject-course" data-testid="subject-course">
            <h4>第{i + 1}课 {c.courseName}</h4>
            {c.introduction ? <p>{c.introduction}</p> : null}
            <div className="dj-res-grid">
              {c.resources.map((r) => <ResourceCard key={r.id} resource={r} onOpen={(x) => openResource(x, navigate)} />)}
            </div>
          </div>
        ))}
      </section>

      <section className="dj-subject-info__section" aria-labelledby="subject-exams">
        <div className="dj-subject-info__head">
          <h3 id="subject-exams">专题考试</h3>
          <Link to={MISTAKES_PATH}>我的错题集</Link>
        </div>
        {exams.loading && !exams.data ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
        {exams.data && exams.data.items.length === 0 ? <p>本专题暂无您需要参加的考试</p> : null}
        <ul className="dj-subject-exams">{exams.data?.items.map((e) => <ExamRow key={e.id} exam={e} />)}</ul>
      </section>
    </MemberPage>
  );
}
