/**
 * /secondFactor: the second step of an administrator's sign-in (docs/SECURITY.md §17) — a code of
 * the TOTP authenticator, a one-time recovery code or the usb key; and the first enrolment of an
 * authenticator (scan the QR code, confirm a code, keep the recovery codes shown once).
 * Serves a sign-in still pending (pending-login) and a signed-in session whose administrator role
 * asked for it (UserChangeRole answered 1005).
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Button, Form, Input, QRCode, Result, Space, Steps, Tabs, Typography } from 'antd';
import { tokenAuth } from '../api/endpoints';
import type { ApiError } from '../api/request';
import type { SessionData } from '../../contract/types';
import { AuthShell } from '../components/auth-shell';
import { completeLogin, currentLanding, logout } from '../state/session';
import { getState, setState } from '../state/store';
import { createDriver } from './ukey-login';
import { clearPendingLogin, pendingLogin } from './pending-login';

type Status = { enrolled: boolean; ukey: boolean };

export default function SecondFactorPage() {
  const navigate = useNavigate();
  const pending = pendingLogin();
  const signedIn = getState().session;
  const token = pending?.accessToken;
  const userName = pending?.userName ?? signedIn?.userName ?? '';
  const [status, setStatus] = useState<Status | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [enrol, setEnrol] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [recovery, setRecovery] = useState<{ codes: string[]; session: SessionData } | null>(null);

  useEffect(() => {
    if (!pending && !signedIn) return;
    tokenAuth
      .secondFactorStatus(token)
      .then((s) => setStatus({ enrolled: s.enrolled, ukey: s.ukey }))
      .catch((e: ApiError) => setError(e.message || '读取认证状态失败'));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!pending && !signedIn) {
    return (
      <AuthShell title="身份验证">
        <Result status="info" title="请先登录" extra={<Link to="/login">去登录</Link>} />
      </AuthShell>
    );
  }

  /** The session proved its second factor: finish the sign-in, or go on in the signed-in one. */
  const done = async (session: SessionData) => {
    if (pending) {
      clearPendingLogin();
      await completeLogin({ ...pending, ...session, accessToken: pending.accessToken });
    } else {
      setState((s) => ({ session: s.session ? { ...s.session, secondFactor: session.secondFactor } : s.session }));
    }
    navigate(currentLanding(), { replace: true });
  };

  const run = async (fn: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await fn();
    } catch (e) {
      const ae = e as ApiError;
      setError(ae.message || '验证失败');
      // five wrong codes lock the account and end the sign-in
      if (ae.code === 1002 || ae.status === 401) clearPendingLogin();
    } finally {
      setBusy(false);
    }
  };

  const verifyCode = (method: 'totp' | 'recovery') => (v: { code: string }) =>
    run(async () => done(await tokenAuth.verifySecondFactor({ method, code: v.code.trim() }, token)));

  const verifyUkey = () =>
    run(async () => {
      const driver = createDriver(userName);
      if (!(await driver.detect())) throw new Error('未检测到证书，请插入证书后重试');
      const { challengeId, challenge } = await tokenAuth.ukeyChallenge(userName);
      const signature = await driver.sign(challenge);
      await done(await tokenAuth.verifySecondFactor({ method: 'ukey', challengeId, signature }, token));
    });

  const skip = async () => {
    if (!pending) return navigate(currentLanding(), { replace: true });
    await run(async () => {
      clearPendingLogin();
      await completeLogin(pending);
      navigate(currentLanding(), { replace: true });
    });
  };

  const codeInput = (
    <Form.Item name="code" label="动态口令" rules={[{ required: true, message: '请输入动态口令' }, { pattern: /^\d{6}$/, message: '动态口令为6位数字' }]}>
      <Input size="large" maxLength={6} inputMode="numeric" autoComplete="one-time-code" placeholder="验证器中的6位数字" aria-label="动态口令" />
    </Form.Item>
  );

  const ukeyButton = status?.ukey ? (
    <Button block size="large" onClick={verifyUkey} loading={busy}>使用证书（UKey）验证</Button>
  ) : null;

  let body;
  if (recovery) {
    body = (
      <>
        <Steps size="small" current={1} items={[{ title: '绑定验证器' }, { title: '保存恢复码' }]} style={{ marginBottom: 16 }} />
        <Alert type="warning" showIcon message="请将以下恢复码抄写或打印后妥善保存：手机丢失时，每个恢复码可代替动态口令登录一次。恢复码仅显示这一次。" style={{ marginBottom: 12 }} />
        <pre className="dj-recovery-codes" data-testid="recovery-codes" style={{ fontSize: 16, lineHeight: 1.8, textAlign: 'center', background: '#fafafa', padding: 12 }}>
          {recovery.codes.join('\n')}
        </pre>
        <Button type="primary" size="large" block onClick={() => void done(recovery.session)}>我已保存恢复码，进入系统</Button>
      </>
    );
  } else if (status && !status.enrolled) {
    body = (
      <>
        <Steps size="small" current={0} items={[{ title: '绑定验证器' }, { title: '保存恢复码' }]} style={{ marginBottom: 16 }} />
        <Typography.Paragraph>管理员登录须使用第二因素认证。请在手机上安装动态口令验证器（如微信小程序“腾讯身份验证器”、阿里云、Microsoft Authenticator 等），扫描二维码绑定本账号。</Typography.Paragraph>
        {!enrol ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Button type="primary" size="large" block loading={busy} onClick={() => run(async () => setEnrol(await tokenAuth.beginTotpEnrol(token)))}>开始绑定动态口令</Button>
            {ukeyButton}
          </Space>
        ) : (
          <Form layout="vertical" onFinish={(v: { code: string }) => run(async () => {
            const r = await tokenAuth.confirmTotpEnrol(v.code.trim(), token);
            setRecovery({ codes: r.recoveryCodes, session: r.session });
          })}>
            <div style={{ display: 'flex', justifyContent: 'center', marginBottom: 8 }}>
              <QRCode value={enrol.otpauthUri} size={180} data-testid="totp-qr" />
            </div>
            <Typography.Paragraph style={{ textAlign: 'center' }}>
              无法扫码时手工输入密钥：<Typography.Text code copyable data-testid="totp-secret">{enrol.secret}</Typography.Text>
            </Typography.Paragraph>
            {codeInput}
            <Button type="primary" htmlType="submit" size="large" block loading={busy}>确认绑定</Button>
          </Form>
        )}
      </>
    );
  } else if (status) {
    body = (
      <Tabs
        items={[
          {
            key: 'totp',
            label: '动态口令',
            children: (
              <Form layout="vertical" onFinish={verifyCode('totp')}>
                {codeInput}
                <Button type="primary" htmlType="submit" size="large" block loading={busy}>验 证</Button>
              </Form>
            ),
          },
          {
            key: 'recovery',
            label: '恢复码',
            children: (
              <Form layout="vertical" onFinish={verifyCode('recovery')}>
                <Form.Item name="code" label="恢复码" rules={[{ required: true, message: '请输入恢复码' }]}>
                  <Input size="large" maxLength={16} placeholder="xxxxx-xxxxx" aria-label="恢复码" />
                </Form.Item>
                <Button type="primary" htmlType="submit" size="large" block loading={busy}>验 证</Button>
              </Form>
            ),
          },
          ...(status.ukey ? [{ key: 'ukey', label: '证书', children: ukeyButton }] : []),
        ]}
      />
    );
  }

  return (
    <AuthShell title="管理员身份验证">
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="second-factor-error" /> : null}
      {body}
      <div className="dj-auth__links" style={{ marginTop: 16 }}>
        {!recovery ? <a onClick={() => void skip()}>暂以党员身份进入</a> : null}
        <a
          onClick={() => {
            clearPendingLogin();
            if (pending) {
              void tokenAuth.logout(pending.accessToken).catch(() => undefined);
              navigate('/login', { replace: true });
            } else void logout();
          }}
        >
          退出登录
        </a>
      </div>
    </AuthShell>
  );
}
