/**
 * One course of a class for an approved student: time, place or online, teacher, 学时 and whether
 * he signed in; 签到 with the six-digit code while the window is open (30 minutes before the start
 * to the end — the server decides, the page only says when); the course's resources as cards that
 * open the ordinary players (so the study report credits 学时); and his 学习笔记 on the course.
 */
import { useState } from 'react';
import { useRequest } from 'ahooks';
import { Button, Skeleton, Tag } from 'antd';
import { CheckCircleFilled, EditOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { fmtHours } from '../../api/study';
import { trainCourseService } from '../../api/train-courses';
import type { ClassCourse } from '../../../contract/training';
import { MINUTE_FORMAT, formatPlatform } from '../../utils/platform-time';
import { SignInCode } from '../kit';
import { openResource, ResourceCard } from '../study/resource-card';
import { CourseNote } from './course-note';
import { signOpensAt, signPhase } from './sign-phase';

const TYPE_TEXT: Record<number, string> = { 1: '线下', 2: '线上' };

export function CourseItem({ course: c, classId, index, onSigned }: { course: ClassCourse; classId: number; index: number; onSigned: () => void }) {
  const navigate = useNavigate();
  const [showResources, setShowResources] = useState(false);
  const [noteOpen, setNoteOpen] = useState(false);
  const resources = useRequest(() => trainCourseService.resources(c.id), { ready: showResources, refreshDeps: [c.id, showResources] });
  const phase = signPhase(c, Date.now());
  const time = c.startTime ? `${formatPlatform(c.startTime, MINUTE_FORMAT)} 至 ${c.endTime ? formatPlatform(c.endTime, MINUTE_FORMAT) : ''}` : '时间待定';

  return (
    <li className="dj-train-course" data-testid="train-course">
      <div className="dj-train-course__head">
        <strong>第{index + 1}课 {c.courseName}</strong>
        <Tag color={c.courseType === 2 ? 'blue' : 'volcano'}>{TYPE_TEXT[c.courseType] ?? '线下'}</Tag>
        {c.isSigned ? (
          <Tag color="success" icon={<CheckCircleFilled />}>已签到</Tag>
        ) : (
          <Tag>未签到</Tag>
        )}
      </div>
      <p className="dj-train-course__meta">
        <span>时间：{time}</span>
        <span>{c.courseType === 2 ? '线上课程' : `地点：${c.address || c.baseName || '待定'}`}</span>
        <span>讲师：{c.teacherName || '待定'}</span>
        <span>学时：{fmtHours(c.period)}</span>
        {c.isSigned && c.signTime ? <span className="dj-train-course__signed">签到时间：{formatPlatform(c.signTime, MINUTE_FORMAT)}</span> : null}
      </p>
      {c.description ? <p className="dj-train-course__desc">{c.description}</p> : null}
      <div className="dj-train-course__actions">
        {!c.isSigned && phase === 'open' ? (
          <SignInCode className="dj-train-course__signin" label={`${c.courseName}签到码`} signIn={(v) => trainCourseService.signIn(c.id, v)} onSigned={onSigned} />
        ) : null}
        {!c.isSigned && phase === 'before' && c.startTime ? (
          <span className="dj-train-course__hint">签到将于 {formatPlatform(signOpensAt(c.startTime), MINUTE_FORMAT)} 开放</span>
        ) : null}
        {!c.isSigned && phase === 'after' ? <span className="dj-train-course__hint">课程已结束，未签到</span> : null}
        {c.resourceCount > 0 ? (
          <Button icon={<FolderOpenOutlined />} onClick={() => setShowResources((v) => !v)} aria-expanded={showResources}>
            {showResources ? '收起学习资源' : `学习资源（${c.resourceCount}）`}
          </Button>
        ) : null}
        <Button icon={<EditOutlined />} onClick={() => setNoteOpen(true)}>
          学习笔记
        </Button>
      </div>
      {showResources ? (
        <div className="dj-train-course__resources">
          {resources.loading && !resources.data ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
          <div className="dj-res-grid">
            {resources.data?.items.map((r) => <ResourceCard key={r.id} resource={r} onOpen={(x) => openResource(x, navigate)} />)}
          </div>
        </div>
      ) : null}
      {noteOpen ? <CourseNote classId={classId} course={c} onClose={() => setNoteOpen(false)} /> : null}
    </li>
  );
}
