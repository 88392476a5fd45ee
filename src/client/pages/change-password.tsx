/** /changepassword: a sign-in whose password is weak or was reset must set a new one first. */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Form, Input, Result } from 'antd';
import { userService } from '../api/endpoints';
import { AuthShell } from '../components/auth-shell';
import { NewPasswordFields } from '../components/password-form';
import { completeLogin, currentLanding } from '../state/session';
import { beginPasswordChange, clearPendingLogin, needsSecondFactor, pendingLogin } from './pending-login';

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
      if (needsSecondFactor(pending)) {
        // an administrator's sign-in goes on to its second step
        beginPasswordChange({ ...pending, needChangePassword: false });
        navigate('/secondFactor', { replace: true });
        return;
      }
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
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>确定并登录</Button>
      </Form>
    </AuthShell>
  );
}
