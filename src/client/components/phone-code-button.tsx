/** 获取验证码 with a 60-second countdown. */
import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { toastError, toastSuccess } from '../api/toast';
import { isPhone } from '../../contract/validators';
import { MSG } from '../../contract/messages';
import { userService, type PhoneCodePurpose } from '../api/endpoints';

export function PhoneCodeButton({ phone, purpose }: { phone: () => string | undefined; purpose: PhoneCodePurpose }) {
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  const send = async () => {
    const p = (phone() ?? '').trim();
    if (!p) return void toastError(MSG.phoneRequired);
    if (!isPhone(p)) return void toastError(MSG.phoneInvalid);
    setBusy(true);
    try {
      await userService.sendPhoneCode(p, purpose);
      void toastSuccess('验证码已发送');
      setLeft(60);
    } catch {
      /* toast shown */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="large" onClick={send} disabled={left > 0} loading={busy} style={{ minWidth: 112 }}>
      {left > 0 ? `${left}秒后重发` : '获取验证码'}
    </Button>
  );
}
