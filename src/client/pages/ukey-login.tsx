/** /ukeyLogin: sign in with the hardware key through the driver interface. */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Descriptions, Form, Input, Steps } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { tokenAuth } from '../api/endpoints';
import { AuthShell } from '../components/auth-shell';
import { completeLogin, currentLanding } from '../state/session';
import type { UkeyCertificate, UkeyDriver } from '../ukey/driver';
import { SoftwareKeyDriver } from '../ukey/software-driver';

/** Which driver to use; a deployment with a vendor plug-in swaps this factory. */
export const createDriver = (userName: string): UkeyDriver => new SoftwareKeyDriver(userName);

export default function UkeyLoginPage() {
  const navigate = useNavigate();
  const [userName, setUserName] = useState('admin');
  const [driver, setDriver] = useState<UkeyDriver | null>(null);
  const [cert, setCert] = useState<UkeyCertificate | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const read = async () => {
    setError(null);
    setBusy(true);
    try {
      const d = createDriver(userName.trim());
      if (!(await d.detect())) throw new Error('未检测到证书，请插入证书后重试');
      setCert(await d.readCertificate());
      setDriver(d);
    } catch (e) {
      setError((e as Error).message || '读取证书失败');
      setCert(null);
    } finally {
      setBusy(false);
    }
  };

  const signIn = async () => {
    if (!driver || !cert) return;
    setError(null);
    setBusy(true);
    try {
      const { challengeId, challenge } = await tokenAuth.ukeyChallenge(cert.userName);
      const signature = await driver.sign(challenge);
      const session = await tokenAuth.signUkey({ userName: cert.userName, challengeId, signature });
      await completeLogin(session);
      navigate(currentLanding(), { replace: true });
    } catch (e) {
      setError((e as Error).message || '证书登录失败');
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title="证书登录">
      <Steps size="small" current={cert ? 1 : 0} items={[{ title: '读取证书' }, { title: '签名登录' }]} style={{ marginBottom: 20 }} />
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="ukey-error" /> : null}
      {!cert ? (
        <Form layout="vertical" size="large" onFinish={read}>
          <Form.Item label="证书账号" required>
            <Input value={userName} onChange={(e) => setUserName(e.target.value)} aria-label="证书账号" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block icon={<SafetyCertificateOutlined />} loading={busy}>
            读取证书
          </Button>
        </Form>
      ) : (
        <>
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="证书类型">{driver?.name}</Descriptions.Item>
            <Descriptions.Item label="账号">{cert.userName}</Descriptions.Item>
            <Descriptions.Item label="证书主题">{cert.subject}</Descriptions.Item>
          </Descriptions>
          <Button type="primary" size="large" block onClick={signIn} loading={busy}>
            证书登录
          </Button>
          <Button type="link" block onClick={() => setCert(null)}>更换证书</Button>
        </>
      )}
      <div className="dj-auth__links" style={{ marginTop: 16 }}>
        <Link to="/login">密码登录</Link>
      </div>
    </AuthShell>
  );
}
