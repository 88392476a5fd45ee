/** /singleSignOn?ticket=…: exchange the ticket for a session. */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Result, Spin } from 'antd';
import { tokenAuth } from '../api/endpoints';
import { AuthShell } from '../components/auth-shell';
import { completeLogin, currentLanding, logout } from '../state/session';
import { getState } from '../state/store';

export default function SingleSignOnPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ticket = params.get('ticket');
  const [error, setError] = useState<string | null>(ticket ? null : '缺少单点登录凭据');

  useEffect(() => {
    if (!ticket) return;
    let cancelled = false;
    (async () => {
      try {
        if (getState().session) await logout({ navigate: false });
        const session = await tokenAuth.ssoSignIn(ticket);
        await completeLogin(session);
        if (!cancelled) navigate(currentLanding(), { replace: true });
      } catch (e) {
        if (!cancelled) setError((e as Error).message || '单点登录失败');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [ticket, navigate]);

  return (
    <AuthShell title="单点登录">
      {error ? (
        <Result status="warning" title={error} extra={<Link to="/login">返回登录</Link>} />
      ) : (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
          <div style={{ marginTop: 12, color: 'var(--dj-text-muted)' }}>正在登录，请稍候…</div>
        </div>
      )}
    </AuthShell>
  );
}
