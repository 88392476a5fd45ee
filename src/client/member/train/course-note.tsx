/**
 * A student's 学习笔记 on one course, in a dialog: the form of schemas/special-note.json (the
 * schema SubmitNote validates with; its content is the rich-text editor). One note per course:
 * an earlier one is loaded, and submitting again replaces it.
 */
import { useMemo } from 'react';
import { useRequest } from 'ahooks';
import { Modal, Result, Skeleton } from 'antd';
import type { EntityDef } from '../../engine/types';
import { trainCourseService } from '../../api/train-courses';
import type { ClassCourse } from '../../../contract/training';
import { toastSuccess } from '../../api/toast';
import { MemberForm, useEntity } from '../kit';

/** The dialog takes notes, not a topic's 学习心得: the shared schema's fields, named for what they are here. */
const NOTE_WORDS: Record<string, { title: string; required: string }> = {
  title: { title: '笔记标题', required: '请输入笔记标题' },
  content: { title: '笔记内容', required: '请输入笔记内容' },
};

export function noteEntity(def: EntityDef): EntityDef {
  const properties = { ...def.schema.properties };
  for (const [k, w] of Object.entries(NOTE_WORDS)) {
    if (properties[k]) properties[k] = { ...properties[k], title: w.title, 'x-required-message': w.required };
  }
  return { ...def, title: '学习笔记', schema: { ...def.schema, properties } };
}

export function CourseNote({ classId, course, onClose }: { classId: number; course: ClassCourse; onClose: () => void }) {
  const note = useRequest(() => trainCourseService.note(classId, course.id), { refreshDeps: [classId, course.id] });
  const { entity } = useEntity('specialNote');
  const def = useMemo(() => (entity ? noteEntity(entity) : null), [entity]);
  const submit = async (v: Record<string, unknown>) => {
    await trainCourseService.submitNote({ trainClassId: classId, courseId: course.id, title: String(v.title ?? '').trim(), content: String(v.content ?? '') });
    void toastSuccess('学习笔记已保存');
    onClose();
  };
  return (
    <Modal open title={`学习笔记 · ${course.courseName}`} footer={null} onCancel={onClose} width={760} destroyOnHidden>
      {note.error ? <Result status="warning" title={note.error.message || '笔记加载失败'} /> : null}
      {note.loading ? <Skeleton active /> : null}
      {!note.loading && !note.error ? (
        <>
          {note.data ? <p className="dj-train-course__hint">您已写过本课程的笔记，再次提交将覆盖原内容。</p> : null}
          <MemberForm
            entity={def ?? 'specialNote'}
            fields={['title', 'content']}
            initialValues={note.data ? { title: note.data.title, content: note.data.content } : { title: `${course.courseName}学习笔记` }}
            submitText={note.data ? '修改笔记' : '保存笔记'}
            onSubmit={submit}
            onCancel={onClose}
          />
        </>
      ) : null}
    </Modal>
  );
}
