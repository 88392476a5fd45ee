/** /bindPhone: confirm a phone number by SMS code. */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Form, Input, Result, Space } from 'antd';
import { userService } from '../api/endpoints';
import { AuthShell } from '../components/auth-shell';
import { codeRules, phoneRules } from '../components/form-rules';
import { PhoneCodeButton } from '../components/phone-code-button';
import { currentLanding } from '../state/session';

export default function BindPhonePage() {
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const onFinish = async (v: { phoneNumber: string; code: string }) => {
    setBusy(true);
    try {
      await userService.confirmPhone(v.phoneNumber.trim(), v.code.trim());
      setDone(true);
    } catch {
      /* toast shown */
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthShell title="绑定手机">
      {done ? (
        <Result status="success" title="手机号绑定成功" extra={<Button type="primary" onClick={() => navigate(currentLanding())}>进入平台</Button>} />
      ) : (
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <Form.Item label="手机号" name="phoneNumber" rules={phoneRules}>
            <Input size="large" placeholder="请输入手机号" maxLength={11} inputMode="numeric" />
          </Form.Item>
          <Form.Item label="短信验证码" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" rules={codeRules} noStyle>
                <Input size="large" placeholder="请输入短信验证码" maxLength={6} />
              </Form.Item>
              <PhoneCodeButton phone={() => form.getFieldValue('phoneNumber')} purpose="bindPhone" />
            </Space.Compact>
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>绑定</Button>
          <div className="dj-auth__links" style={{ marginTop: 16 }}>
            <Link to="/">暂不绑定</Link>
          </div>
        </Form>
      )}
    </AuthShell>
  );
}
