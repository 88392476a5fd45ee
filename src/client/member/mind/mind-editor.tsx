/**
 * 写思想汇报 / 修改: a dialog with the form of schemas/mind-report.json (the schema SubmitMind
 * validates with) and, for a new mind, the class it belongs to — a choice among the classes the
 * member studies in, or none (a 思想汇报 without class). The classes come from MyClassPageList of the
 * classes' part; when that call fails the choice is hidden and the mind goes without class. An edit
 * keeps its class (SubmitMind without trainClassId).
 */
import { useState } from 'react';
import { useRequest } from 'ahooks';
import { Form, Modal, Select } from 'antd';
import { mindService } from '../../api/mind';
import type { Mind } from '../../../contract/training';
import { toastSuccess } from '../../api/toast';
import { MemberForm } from '../kit';

export interface MindEditorProps {
  open: boolean;
  /** the mind edited; none for a new one */
  mind?: Mind | null;
  /** a new mind of this class (the class page); no choice shown */
  classId?: number;
  onClose: () => void;
  onSaved: (id: number) => void;
}

export function MindEditor({ open, mind, classId, onClose, onSaved }: MindEditorProps) {
  const choose = open && !mind && !classId;
  const classes = useRequest(mindService.studyingClasses, { ready: choose, refreshDeps: [choose], onError: () => undefined });
  const [picked, setPicked] = useState<number | undefined>();

  const submit = async (v: Record<string, unknown>) => {
    const title = String(v.title ?? '').trim();
    const content = String(v.content ?? '');
    const r = mind ? await mindService.submit({ id: mind.id, title, content }) : await mindService.submit({ trainClassId: classId ?? picked ?? null, title, content });
    void toastSuccess(mind ? '思想汇报已修改' : '思想汇报已提交');
    setPicked(undefined);
    onSaved(r.id);
  };

  return (
    <Modal open={open} title={mind ? '修改思想汇报' : '写思想汇报'} width="min(860px, 100vw)" footer={null} onCancel={onClose} destroyOnHidden maskClosable={false}>
      {choose && classes.data?.length ? (
        <Form layout="vertical" className="dj-mind-editor__class">
          <Form.Item label="所属培训班" extra="不选择时为思想汇报，由所在党组织点评；选择培训班时由培训班的组织者点评">
            <Select
              allowClear
              placeholder="不属于培训班"
              value={picked}
              onChange={(v) => setPicked(v)}
              options={classes.data.map((c) => ({ value: c.id, label: c.className }))}
              data-testid="mind-class-picker"
            />
          </Form.Item>
        </Form>
      ) : null}
      {mind?.className ? <p className="dj-mind-editor__fixed">所属培训班：{mind.className}</p> : null}
      <MemberForm
        entity="mindReport"
        fields={['title', 'content']}
        initialValues={mind ? { title: mind.title, content: mind.content } : undefined}
        submitText={mind ? '保存修改' : '提交'}
        onSubmit={submit}
        onCancel={onClose}
      />
    </Modal>
  );
}
