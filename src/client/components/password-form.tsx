/** Old password, new password, confirmation. */
import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { toastSuccess } from '../api/toast';
import { confirmRules, passwordRules } from './form-rules';

export function PasswordForm({ submit, withOld = true, submitText = '保存' }: { submit: (v: { oldPassword: string; newPassword: string }) => Promise<unknown>; withOld?: boolean; submitText?: string }) {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const onFinish = async (v: { oldPassword: string; newPassword: string }) => {
    setBusy(true);
    try {
      await submit(v);
      void toastSuccess('密码修改成功');
      form.resetFields();
    } catch {
      /* toast shown */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} style={{ maxWidth: 420 }}>
      {withOld ? (
        <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password size="large" autoComplete="current-password" />
        </Form.Item>
      ) : null}
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" size="large" loading={busy}>{submitText}</Button>
    </Form>
  );
}

/** New password and its confirmation (policy of core §5), shared by every password form. */
export function NewPasswordFields() {
  return (
    <>
      <Form.Item label="新密码" name="newPassword" rules={passwordRules} extra="8至20位，须包含字母和数字">
        <Input.Password size="large" autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="确认新密码" name="confirm" dependencies={['newPassword']} rules={confirmRules()}>
        <Input.Password size="large" autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
