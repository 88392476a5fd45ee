/** /changepassword: a sign-in whose password is weak or was reset must set a new one first. */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Form, Input, Result } from 'antd';
import { userService } from '../api/endpoints';
import { AuthShell } from '../components/auth-shell';
import { confirmRules, passwordRules } from '../components/form-rules';
import { completeLogin, currentLanding } from '../state/session';
import { clearPendingLogin, pendingLogin } from './pending-login';

export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const pending = pendingLogin();
  const [busy, setBusy] = useState(false);
  if (!pending) {
    return (
      <AuthShell title="修改密码">
        <Result status="info" title="请先登录后再修改密码" extra={<Link to="/login">去登录</Link>} />
      </AuthShell>
    );
  }
  const onFinish = async (v: { newPassword: string }) => {
    setBusy(true);
    try {
      await userService.updateWeakPassword(v.newPassword, pending.accessToken);
      clearPendingLogin();
      await completeLogin({ ...pending, needChangePassword: false });
      navigate(currentLanding(), { replace: true });
    } catch {
      /* toast shown */
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthShell title="修改密码">
      <Alert type="warning" showIcon message="您的密码强度过低或已被重置，请设置新密码后继续使用。" style={{ marginBottom: 16 }} />
      <Form layout="vertical" onFinish={onFinish}>
        <Form.Item label="账号">
          <Input size="large" value={pending.userName} disabled />
        </Form.Item>
        <Form.Item label="新密码" name="newPassword" rules={passwordRules} extra="8至20位，须包含字母和数字">
          <Input.Password size="large" autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="确认新密码" name="confirm" dependencies={['newPassword']} rules={confirmRules()}>
          <Input.Password size="large" autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>确定并登录</Button>
      </Form>
    </AuthShell>
  );
}
