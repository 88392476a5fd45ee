/** 忘记密码: phone code, then a new password. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Form, Result, Steps } from 'antd';
import { userService } from '../api/endpoints';
import { AuthShell } from '../components/auth-shell';
import { NewPasswordFields } from '../components/password-form';
import { PhoneCodeFields } from '../components/phone-code-fields';

export default function ForgetPasswordPage() {
  const [form] = Form.useForm();
  const [step, setStep] = useState(0);
  const [resetToken, setResetToken] = useState('');
  const [busy, setBusy] = useState(false);
  const verify = async (v: { phoneNumber: string; code: string }) => {
    setBusy(true);
    try {
      const r = await userService.findPassword(v.phoneNumber.trim(), v.code.trim());
      setResetToken(r.resetToken);
      setStep(1);
    } catch {
      /* toast shown */
    } finally {
      setBusy(false);
    }
  };
  const reset = async (v: { newPassword: string }) => {
    setBusy(true);
    try {
      await userService.resetPassword(resetToken, v.newPassword);
      setStep(2);
    } catch {
      /* toast shown */
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthShell title="找回密码">
      <Steps size="small" current={step} items={[{ title: '验证手机' }, { title: '设置新密码' }, { title: '完成' }]} style={{ marginBottom: 24 }} />
      {step === 0 ? (
        <Form form={form} layout="vertical" onFinish={verify}>
          <PhoneCodeFields form={form} purpose="findPassword" phonePlaceholder="请输入绑定的手机号" />
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>下一步</Button>
        </Form>
      ) : step === 1 ? (
        <Form layout="vertical" onFinish={reset}>
          <NewPasswordFields />
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>确定</Button>
        </Form>
      ) : (
        <Result status="success" title="密码已重置" extra={<Link to="/login">去登录</Link>} />
      )}
      {step < 2 ? (
        <div className="dj-auth__links" style={{ marginTop: 16 }}>
          <Link to="/login">返回登录</Link>
        </div>
      ) : null}
    </AuthShell>
  );
}
