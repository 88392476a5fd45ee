/**
 * /login (core §2): password sign-in; Area=510115 selects the district's page and logo; an
 * accessToken query signs in with that token (the guard has logged the previous user out).
 * Plain HTML on purpose: this page's first load carries no antd (see README, login size).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { tokenAuth, userService } from '../api/endpoints';
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
  // 长辈模式's alternative to the image captcha: a code texted to the account's phone
  const [viaSms, setViaSms] = useState(false);
  const [phone, setPhone] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [smsLeft, setSmsLeft] = useState(0);
  const [smsNote, setSmsNote] = useState<string | null>(null);
  // why the last session ended, when the server said (the idle timeout): shown once
  const [error, setError] = useState<string | null>(() => {
    const notice = sessionStorage.getItem(SIGNED_OUT_NOTICE_KEY);
    sessionStorage.removeItem(SIGNED_OUT_NOTICE_KEY);
    return notice;
  });
  const [fieldError, setFieldError] = useState<{ userName?: string; password?: string; captcha?: string; phone?: string }>({});
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

  useEffect(() => {
    if (smsLeft <= 0) return;
    const t = setTimeout(() => setSmsLeft(smsLeft - 1), 1000);
    return () => clearTimeout(t);
  }, [smsLeft]);

  const useSms = () => {
    setViaSms(true);
    setSmsNote(null);
    if (!phone && /^1[3-9]\d{9}$/.test(userName.trim())) setPhone(userName.trim());
  };

  const sendSms = async () => {
    const p = phone.trim();
    if (!/^1[3-9]\d{9}$/.test(p)) {
      setFieldError((f) => ({ ...f, phone: p ? '手机号格式错误' : '请输入手机号' }));
      return;
    }
    setFieldError((f) => ({ ...f, phone: undefined }));
    try {
      await userService.sendPhoneCode(p, 'signIn');
      setSmsNote(`验证码已发送至 ${p.slice(0, 3)}****${p.slice(7)}，10分钟内有效`);
      setSmsLeft(60);
    } catch (err) {
      setSmsNote(null);
      setFieldError((f) => ({ ...f, phone: (err as ApiError).message || '验证码发送失败' }));
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const fe: typeof fieldError = {};
    if (!userName.trim()) fe.userName = '请输入用户名';
    if (!password) fe.password = '请输入密码';
    if (captcha && !viaSms && !captchaCode.trim()) fe.captcha = '请输入图形验证码';
    if (captcha && viaSms && !/^\d{6}$/.test(smsCode.trim())) fe.captcha = '请输入6位短信验证码';
    setFieldError(fe);
    if (Object.keys(fe).length) return;
    setError(null);
    setLoading(true);
    try {
      const session = await tokenAuth.signIn({
        userName: userName.trim(),
        password,
        ...(captcha && viaSms ? { smsCode: smsCode.trim() } : captcha ? { captchaKey: captcha.key, captchaCode: captchaCode.trim() } : {}),
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
      // said in words, not only by a red frame
      setError(`登录失败：${ae.message || '请稍后再试'}`);
      if (ae.code === CAPTCHA_REQUIRED || captcha) void refreshCaptcha();
      setSmsCode('');
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
          <input ref={userRef} className={`dj-input ${fieldError.userName ? 'is-error' : ''}`} placeholder="用户名/手机号" autoComplete="username" aria-label="用户名/手机号" aria-invalid={!!fieldError.userName} value={userName} onChange={(e) => { warmShell(); setUserName(e.target.value); }} />
          {fieldError.userName ? <span className="dj-field__err">{fieldError.userName}</span> : null}
        </label>
        <label className="dj-field">
          <span className="dj-sr">密码</span>
          <input className={`dj-input ${fieldError.password ? 'is-error' : ''}`} type="password" placeholder="密码" autoComplete="current-password" aria-label="密码" aria-invalid={!!fieldError.password} value={password} onChange={(e) => { warmShell(); setPassword(e.target.value); }} />
          {fieldError.password ? <span className="dj-field__err">{fieldError.password}</span> : null}
        </label>
        {captcha && !viaSms ? (
          <div className="dj-field">
            <label className="dj-captcha">
              <span className="dj-sr">图形验证码</span>
              <input className={`dj-input ${fieldError.captcha ? 'is-error' : ''}`} placeholder="请输入图形验证码" aria-label="图形验证码" aria-invalid={!!fieldError.captcha} maxLength={6} value={captchaCode} onChange={(e) => setCaptchaCode(e.target.value)} />
              <img src={captcha.image} alt="图形验证码" title="看不清？换一张" onClick={() => void refreshCaptcha()} data-testid="captcha-image" />
            </label>
            {fieldError.captcha ? <span className="dj-field__err">{fieldError.captcha}</span> : null}
            <span className="dj-captcha__alt">
              <button type="button" className="dj-linkbtn" onClick={() => void refreshCaptcha()}>换一张</button>
              <button type="button" className="dj-linkbtn" onClick={useSms} data-testid="captcha-sms">看不清？改用短信验证码</button>
            </span>
          </div>
        ) : null}
        {captcha && viaSms ? (
          <div className="dj-field" data-testid="sms-instead">
            <span className="dj-captcha">
              <label className="dj-grow">
                <span className="dj-sr">账号绑定的手机号</span>
                <input className={`dj-input ${fieldError.phone ? 'is-error' : ''}`} placeholder="账号绑定的手机号" aria-label="账号绑定的手机号" aria-invalid={!!fieldError.phone} inputMode="numeric" maxLength={11} value={phone} onChange={(e) => setPhone(e.target.value)} />
              </label>
              <button type="button" className="dj-btn dj-btn--ghost" disabled={smsLeft > 0} onClick={() => void sendSms()}>
                {smsLeft > 0 ? `${smsLeft}秒后重发` : '发送验证码'}
              </button>
            </span>
            {fieldError.phone ? <span className="dj-field__err">{fieldError.phone}</span> : null}
            {smsNote ? <span className="dj-field__note" role="status">{smsNote}</span> : null}
            <label>
              <span className="dj-sr">短信验证码</span>
              <input className={`dj-input ${fieldError.captcha ? 'is-error' : ''}`} placeholder="6位短信验证码" aria-label="短信验证码" aria-invalid={!!fieldError.captcha} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={smsCode} onChange={(e) => setSmsCode(e.target.value)} />
            </label>
            {fieldError.captcha ? <span className="dj-field__err">{fieldError.captcha}</span> : null}
            <span className="dj-captcha__alt">
              <button type="button" className="dj-linkbtn" onClick={() => setViaSms(false)}>改用图形验证码</button>
            </span>
          </div>
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
