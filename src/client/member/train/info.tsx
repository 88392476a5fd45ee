/**
 * 培训班 for a member (/partyMember/iStudy/rotationTrain/info?id=): the class (GetMyClass) — name,
 * organiser, dates, state, address, introduction — and his status; 报名 (Apply) when he is no
 * student. An approved student sees the courses (CourseList) with 签到, resources and 学习笔记.
 * A sign-in QR code opens this page with `courseId` and `token` (signed by the server, expiring with
 * the sign-in window; never the code): one click signs in. Dates are shown in the platform zone. Refusals come from the server as they are.
 */
import { useRequest } from 'ahooks';
import { Alert, Button, Result, Skeleton, Tag } from 'antd';
import { QrcodeOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/request';
import { STUDENT_APPROVED, trainCourseService } from '../../api/train-courses';
import type { ClassCourse, MemberClassDetail } from '../../../contract/training';
import { Value } from '../../engine/fields';
import { MINUTE_FORMAT, formatPlatform } from '../../utils/platform-time';
import { MemberPage, useAction, useQrSignIn, type QrSignIn } from '../kit';
import { ClassMinds } from '../mind/class-minds';
import { CourseItem } from './course-item';
import { signOpensAt, signPhase } from './sign-phase';
import { TRAIN } from './index';
import '../study/study.css';
import './train.css';

const STATE_COLOR: Record<number, string> = { 1: 'default', 2: 'processing', 3: 'warning', 4: 'success', 5: 'default' };
const STUDENT_COLOR: Record<number, string> = { 0: 'gold', 1: 'success', 2: 'error', 3: 'default' };
const range = (from: string | null | undefined, to: string | null | undefined) => (from ? `${formatPlatform(from, MINUTE_FORMAT)} 至 ${to ? formatPlatform(to, MINUTE_FORMAT) : ''}` : '—');

function ClassHeader({ c, onApplied }: { c: MemberClassDetail; onApplied: () => void }) {
  const apply = useAction(() => trainCourseService.apply(c.id), {
    confirm: `确认报名参加“${c.className}”？`,
    success: (r) => (r.status === STUDENT_APPROVED ? '报名成功' : '报名成功，请等待审核'),
    onSuccess: onApplied,
  });
  const applied = c.studentStatus === 0 || c.studentStatus === STUDENT_APPROVED;
  return (
    <>
      <div className="dj-train-info__top">
        {c.coverPicture ? <img className="dj-train-info__cover" src={c.coverPicture} alt={`${c.className}封面`} /> : <div className="dj-train-info__cover" aria-hidden />}
        <dl className="dj-train-info__facts">
          <dt>主办单位</dt>
          <dd>{c.createOrganName}</dd>
          <dt>培训时间</dt>
          <dd>{range(c.startTime, c.endTime)}</dd>
          <dt>报名时间</dt>
          <dd>{range(c.applyStartTime, c.applyEndTime)}</dd>
          <dt>培训地点</dt>
          <dd>{c.address || '—'}</dd>
          {c.teachingObjects ? (
            <>
              <dt>培训对象</dt>
              <dd>{c.teachingObjects}</dd>
            </>
          ) : null}
          <dt>名额</dt>
          <dd>{c.trainNumbers > 0 ? `${c.studentCount}/${c.trainNumbers} 人` : `${c.studentCount} 人（不限名额）`}</dd>
          <dt>培训状态</dt>
          <dd>
            <Tag color={STATE_COLOR[c.state]}>{c.statusText}</Tag>
          </dd>
          <dt>我的状态</dt>
          <dd data-testid="train-student-status">
            {c.studentStatus === null ? <Tag>未报名</Tag> : <Tag color={STUDENT_COLOR[c.studentStatus]}>{c.studentStatusText}</Tag>}
          </dd>
        </dl>
      </div>
      {!applied ? (
        <div className="dj-train-info__actions">
          <Button type="primary" size="large" disabled={!c.canApply} loading={apply.loading} onClick={() => void apply.run()}>
            报名
          </Button>
          {!c.canApply ? <span className="dj-train-course__hint">当前不可报名（{c.statusText}）</span> : null}
        </div>
      ) : null}
      <section className="dj-train-info__section" aria-labelledby="train-intro">
        <h3 id="train-intro">培训简介</h3>
        {c.introduction ? <Value col={{ field: 'introduction', valueType: 'html' }} record={c as unknown as Record<string, unknown>} /> : <p>暂无简介</p>}
      </section>
    </>
  );
}

/** The QR code's course and signed token: offered for one-click sign-in while that course is not signed and its window is open. */
function ScanSignIn({ course, signIn }: { course: ClassCourse; signIn: QrSignIn }) {
  const phase = signPhase(course, Date.now());
  return (
    <div className="dj-train-scan" data-testid="train-scan-signin">
      <QrcodeOutlined />
      <span>
        扫码签到：<strong>{course.courseName}</strong>
      </span>
      {phase === 'open' ? (
        <Button type="primary" loading={signIn.loading} onClick={() => void signIn.run()}>
          一键签到
        </Button>
      ) : (
        <span className="dj-train-course__hint">
          {phase === 'before' && course.startTime ? `签到将于 ${formatPlatform(signOpensAt(course.startTime), MINUTE_FORMAT)} 开放` : '不在签到时间内'}
        </span>
      )}
    </div>
  );
}

export default function TrainInfo() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const scanCourse = Number(params.get('courseId')) || 0;
  // the page shows refusals itself (不存在, 您不是该培训班的学员)
  const cls = useRequest(() => trainCourseService.myClass(id, { silent: true }), { ready: id > 0, refreshDeps: [id], onError: () => undefined });
  const c = cls.data;
  // the courses are a student's: not asked (and refused) before the application is approved
  const approved = c?.studentStatus === STUDENT_APPROVED;
  const courses = useRequest(() => trainCourseService.courses(id, { silent: true }), { ready: id > 0 && approved, refreshDeps: [id, approved], onError: () => undefined });
  const refresh = () => {
    cls.refresh();
    if (approved) courses.refresh();
  };
  // the QR code's course and signed token (the token and courseId leave the address once used)
  const qr = useQrSignIn((token) => trainCourseService.signInByToken(scanCourse, token), () => courses.refresh(), ['courseId']);
  const scanToken = qr.token;

  if (!id || (cls.error && !c)) {
    const message = cls.error instanceof ApiError ? cls.error.message : '培训班不存在或已删除';
    return (
      <MemberPage title="培训班详情" back={TRAIN.list} backText="返回集中轮训">
        <Result status="warning" title={message} extra={id ? <Button onClick={refresh}>重新加载</Button> : null} />
      </MemberPage>
    );
  }
  if (cls.loading || courses.loading) {
    if (!c)
      return (
        <MemberPage title="培训班详情" back={TRAIN.list} backText="返回集中轮训">
          <Skeleton active paragraph={{ rows: 8 }} />
        </MemberPage>
      );
  }
  const items = courses.data?.items ?? [];
  const student = approved;
  const scanTarget = scanCourse && scanToken ? items.find((x) => x.id === scanCourse) : undefined;

  return (
    <MemberPage title={c?.className ?? '培训班详情'} back={TRAIN.list} backText="返回集中轮训" className="dj-train-info">
      {c ? <ClassHeader c={c} onApplied={refresh} /> : cls.error ? <Alert type="warning" showIcon message={`培训班信息加载失败：${cls.error.message}`} action={<Button size="small" onClick={cls.refresh}>重新加载</Button>} /> : null}

      {student && scanTarget && !scanTarget.isSigned ? <ScanSignIn course={scanTarget} signIn={qr} /> : null}
      {scanCourse && scanToken && !student ? <p className="dj-train-course__hint">您不是该培训班的学员，不能签到。</p> : null}

      {student ? (
        <section className="dj-train-info__section" aria-labelledby="train-courses">
          <h3 id="train-courses">课程安排</h3>
          {courses.error ? <Result status="warning" title={courses.error.message} extra={<Button onClick={courses.refresh}>重新加载</Button>} /> : null}
          {courses.data && items.length === 0 ? <p>暂无课程</p> : null}
          <ul className="dj-train-courses">
            {items.map((x, i) => <CourseItem key={x.id} course={x} classId={id} index={i} onSigned={courses.refresh} />)}
          </ul>
        </section>
      ) : null}

      {student ? <ClassMinds classId={id} /> : null}
    </MemberPage>
  );
}
