/** 忘记密码: phone code, then a new password. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Form, Input, Result, Space, Steps } from 'antd';
import { userService } from '../api/endpoints';
import { AuthShell } from '../components/auth-shell';
import { codeRules, confirmRules, passwordRules, phoneRules } from '../components/form-rules';
import { PhoneCodeButton } from '../components/phone-code-button';

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
          <Form.Item label="手机号" name="phoneNumber" rules={phoneRules}>
            <Input size="large" placeholder="请输入绑定的手机号" maxLength={11} inputMode="numeric" />
          </Form.Item>
          <Form.Item label="短信验证码" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" rules={codeRules} noStyle>
                <Input size="large" placeholder="请输入短信验证码" maxLength={6} />
              </Form.Item>
              <PhoneCodeButton phone={() => form.getFieldValue('phoneNumber')} purpose="findPassword" />
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>下一步</Button>
        </Form>
      ) : step === 1 ? (
        <Form layout="vertical" onFinish={reset}>
          <Form.Item label="新密码" name="newPassword" rules={passwordRules} extra="8至20位，须包含字母和数字">
            <Input.Password size="large" autoComplete="new-password" />
          </Form.Item>
          <Form.Item label="确认新密码" name="confirm" dependencies={['newPassword']} rules={confirmRules()}>
            <Input.Password size="large" autoComplete="new-password" />
          </Form.Item>
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
