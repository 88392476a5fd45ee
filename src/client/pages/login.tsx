/**
 * /login (core §2): password sign-in; Area=510115 selects the district's page and logo; an
 * accessToken query signs in with that token (the guard has logged the previous user out).
 * Plain HTML on purpose: this page's first load carries no antd (see README, login size).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { tokenAuth } from '../api/endpoints';
import type { ApiError } from '../api/request';
import { AuthShell } from '../components/auth-shell';
import { completeLogin, currentLanding, DISTRICT_AREA, loginWithToken, rememberArea, SIGNED_OUT_NOTICE_KEY } from '../state/session';
import { beginPasswordChange, needsSecondFactor } from './pending-login';

export const CAPTCHA_REQUIRED = 1001;
export const ACCOUNT_LOCKED = 1002;

const idle = (fn: () => void) => ((window as any).requestIdleCallback ?? ((f: () => void) => setTimeout(f, 300)))(fn);

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const area = params.get('Area') ?? params.get('area');
  const district = area === DISTRICT_AREA;
  const accessToken = params.get('accessToken');
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState<{ key: string; image: string } | null>(null);
  const [captchaCode, setCaptchaCode] = useState('');
  // why the last session ended, when the server said (the idle timeout): shown once
  const [error, setError] = useState<string | null>(() => {
    const notice = sessionStorage.getItem(SIGNED_OUT_NOTICE_KEY);
    sessionStorage.removeItem(SIGNED_OUT_NOTICE_KEY);
    return notice;
  });
  const [fieldError, setFieldError] = useState<{ userName?: string; password?: string; captcha?: string }>({});
  const [loading, setLoading] = useState(false);
  const userRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    rememberArea(area);
  }, [area]);

  useEffect(() => {
    // the signed-in shell (antd, the member layout: most of the weight) only once someone starts
    // typing — a visit that never signs in does not pay for it
    userRef.current?.focus();
  }, []);
  const shellWarmed = useRef(false);
  const warmShell = () => {
    if (shellWarmed.current) return;
    shellWarmed.current = true;
    idle(() => {
      void import('../routing/antd-shell');
      void import('../layouts/member-layout');
    });
  };

  useEffect(() => {
    if (!accessToken) return;
    setLoading(true);
    loginWithToken(accessToken)
      .then(() => navigate(currentLanding(), { replace: true }))
      .catch((e: Error) => setError(e.message || '登录凭据无效'))
      .finally(() => setLoading(false));
  }, [accessToken, navigate]);

  const refreshCaptcha = async () => {
    try {
      const r = await tokenAuth.randomCode();
      setCaptcha(r);
      setCaptchaCode('');
    } catch {
      /* toast shown */
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const fe: typeof fieldError = {};
    if (!userName.trim()) fe.userName = '请输入用户名';
    if (!password) fe.password = '请输入密码';
    if (captcha && !captchaCode.trim()) fe.captcha = '请输入图形验证码';
    setFieldError(fe);
    if (Object.keys(fe).length) return;
    setError(null);
    setLoading(true);
    try {
      const session = await tokenAuth.signIn({
        userName: userName.trim(),
        password,
        ...(captcha ? { captchaKey: captcha.key, captchaCode: captchaCode.trim() } : {}),
      });
      if (session.needChangePassword) {
        beginPasswordChange(session);
        navigate('/changepassword', { replace: true });
        return;
      }
      if (needsSecondFactor(session)) {
        beginPasswordChange(session);
        navigate('/secondFactor', { replace: true });
        return;
      }
      await completeLogin(session);
      navigate(currentLanding(), { replace: true });
    } catch (err) {
      const ae = err as ApiError;
      setError(ae.message || '登录失败');
      if (ae.code === CAPTCHA_REQUIRED || captcha) void refreshCaptcha();
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthShell title={district ? '温江区党员登录' : '用户登录'} district={district}>
      {error ? (
        <div className="dj-alert" role="alert" data-testid="login-error">
          {error}
        </div>
      ) : null}
      <form className="dj-form" onSubmit={onSubmit} noValidate>
        <label className="dj-field">
          <span className="dj-sr">用户名/手机号</span>
          <input ref={userRef} className={`dj-input ${fieldError.userName ? 'is-error' : ''}`} placeholder="用户名/手机号" autoComplete="username" aria-label="用户名/手机号" value={userName} onChange={(e) => { warmShell(); setUserName(e.target.value); }} />
          {fieldError.userName ? <span className="dj-field__err">{fieldError.userName}</span> : null}
        </label>
        <label className="dj-field">
          <span className="dj-sr">密码</span>
          <input className={`dj-input ${fieldError.password ? 'is-error' : ''}`} type="password" placeholder="密码" autoComplete="current-password" aria-label="密码" value={password} onChange={(e) => { warmShell(); setPassword(e.target.value); }} />
          {fieldError.password ? <span className="dj-field__err">{fieldError.password}</span> : null}
        </label>
        {captcha ? (
          <label className="dj-field">
            <span className="dj-sr">图形验证码</span>
            <span className="dj-captcha">
              <input className={`dj-input ${fieldError.captcha ? 'is-error' : ''}`} placeholder="请输入图形验证码" aria-label="图形验证码" maxLength={6} value={captchaCode} onChange={(e) => setCaptchaCode(e.target.value)} />
              <img src={captcha.image} alt="图形验证码" title="看不清？换一张" onClick={() => void refreshCaptcha()} data-testid="captcha-image" />
            </span>
            {fieldError.captcha ? <span className="dj-field__err">{fieldError.captcha}</span> : null}
          </label>
        ) : null}
        <button className="dj-btn" type="submit" disabled={loading}>
          {loading ? '登录中…' : '登 录'}
        </button>
      </form>
      <div className="dj-auth__links">
        <Link to="/signUp">党员注册</Link>
        <Link to="/forgetPassword">忘记密码</Link>
        <Link to="/ukeyLogin">证书登录</Link>
      </div>
    </AuthShell>
  );
}
