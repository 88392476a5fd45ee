/** /bindPhone: confirm a phone number by SMS code. */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Form, Result } from 'antd';
import { userService } from '../api/endpoints';
import { AuthShell } from '../components/auth-shell';
import { PhoneCodeFields } from '../components/phone-code-fields';
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
          <PhoneCodeFields form={form} purpose="bindPhone" />
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>绑定</Button>
          <div className="dj-auth__links" style={{ marginTop: 16 }}>
            <Link to="/">暂不绑定</Link>
          </div>
        </Form>
      )}
    </AuthShell>
  );
}
