/**
 * 线下学时申报 (/partyMember/iStudy/learningassess/studydeclaration): title, study date (not after
 * today), hours 0.5–24, content and evidence files; the superior organisation audits it.
 */
import { useRef, useState } from 'react';
import { Button, Form, Input, InputNumber, message } from 'antd';
import type { Dayjs } from 'dayjs';
import { useNavigate } from 'react-router-dom';
import { offlinePeriodService } from '../../api/study';
import FileUpload from '../../widgets/file-upload';
import PlatformDatePicker from '../../widgets/basic/platform-picker';
import { isAfterPlatformToday, pickedDay } from '../../utils/platform-time';
import './study.css';

const LIST = '/partyMember/iStudy/learningassess/studydeclaration/list';

interface Values {
  title: string;
  studyDate: Dayjs;
  hours: number;
  content?: string;
  /** file ids from the FileUpload widget */
  evidence?: string[] | null;
}

/** Up to 9 evidence files (the server's limit). */
export const EVIDENCE_MAX = 9;

/**
 * The widget's value is the file ids; the names are those of its finished items, in the same order
 * (the widget lists finished files in the order of its value).
 */
function evidenceNames(box: HTMLElement | null): string[] {
  if (!box) return [];
  return Array.from(box.querySelectorAll('[data-testid="file-item"][data-status="finished"]')).map(
    (el) => (el.querySelector('.ant-upload-list-item-name')?.textContent ?? '').trim(),
  );
}

export default function Declaration() {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const evidenceBox = useRef<HTMLDivElement>(null);

  const submit = async (v: Values) => {
    setSaving(true);
    try {
      await offlinePeriodService.create({
        title: v.title.trim(),
        studyDate: pickedDay(v.studyDate),
        hours: v.hours,
        content: v.content?.trim() || undefined,
        evidence: (() => {
          const ids = Array.isArray(v.evidence) ? v.evidence : v.evidence ? [v.evidence] : [];
          const names = evidenceNames(evidenceBox.current);
          return ids.map((id, i) => ({ id, name: names[i] || `佐证材料${i + 1}` }));
        })(),
      });
      void message.success('申报成功，等待上级组织审核', 3);
      navigate(LIST);
    } catch {
      /* the wrapper showed the error */
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="dj-card dj-study-panel" style={{ paddingTop: 16 }}>
      <h2 style={{ margin: '0 0 16px', fontSize: 18 }}>线下学时申报</h2>
      <Form<Values> form={form} layout="vertical" className="dj-declaration" onFinish={submit} initialValues={{ hours: 1 }}>
        <Form.Item label="学习内容" name="title" rules={[{ required: true, whitespace: true, message: '请输入学习内容' }, { max: 100, message: '学习内容不能超过100个字' }]}>
          <Input placeholder="如：参加支部主题党日集中学习" maxLength={100} showCount />
        </Form.Item>
        <Form.Item label="学习日期" name="studyDate" rules={[{ required: true, message: '请选择学习日期' }]}>
          {/* "today" is the platform's day, wherever the member's browser is (the server checks it too) */}
          <PlatformDatePicker style={{ width: '100%' }} format="YYYY-MM-DD" disabledDate={isAfterPlatformToday} placeholder="请选择学习日期" />
        </Form.Item>
        <Form.Item label="学时" name="hours" rules={[{ required: true, message: '请输入学时' }, { type: 'number', min: 0.5, max: 24, message: '学时须在0.5至24小时之间' }]}>
          <InputNumber min={0.5} max={24} step={0.5} precision={1} style={{ width: '100%' }} addonAfter="小时" />
        </Form.Item>
        <Form.Item label="学习心得" name="content" rules={[{ max: 2000, message: '学习心得不能超过2000个字' }]}>
          <Input.TextArea rows={5} maxLength={2000} showCount placeholder="请简要填写学习内容与心得体会" />
        </Form.Item>
        <Form.Item label="佐证材料" extra={`可上传照片、签到表、学习笔记等，最多${EVIDENCE_MAX}个文件`}>
          <div ref={evidenceBox}>
            <Form.Item name="evidence" noStyle>
              <FileUpload max={EVIDENCE_MAX} attachClass={2} buttonText="上传佐证材料" />
            </Form.Item>
          </div>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>提交申报</Button>
          <Button style={{ marginLeft: 8 }} onClick={() => navigate(LIST)}>申报记录</Button>
        </Form.Item>
      </Form>
    </div>
  );
}
