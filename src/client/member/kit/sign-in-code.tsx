/**
 * 签到 with the organiser's six-digit code (a volunteer activity, a class's course): digits only,
 * sent when complete or on Enter; the server's refusal (签到码错误, 不在签到时间内, and after five wrong
 * codes 签到码错误次数过多，请N分钟后再试) is shown by the request wrapper, and the box is emptied after a sign-in.
 */
import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { useAction } from './use-action';

export interface SignInCodeProps {
  /** the box's accessible name (default 签到码) */
  label?: string;
  className?: string;
  signIn: (code: string) => Promise<unknown>;
  onSigned: () => void;
}

export function SignInCode({ label = '签到码', className, signIn, onSigned }: SignInCodeProps) {
  const [code, setCode] = useState('');
  const send = useAction((v: string) => signIn(v), {
    success: '签到成功',
    onSuccess: () => {
      setCode('');
      onSigned();
    },
  });
  const ready = code.length === 6;
  return (
    <Space.Compact className={`dj-signin-code ${className ?? ''}`}>
      <Input
        aria-label={label}
        placeholder="请输入6位签到码"
        inputMode="numeric"
        maxLength={6}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        onPressEnter={() => ready && void send.run(code)}
      />
      <Button type="primary" disabled={!ready} loading={send.loading} onClick={() => void send.run(code)}>
        签到
      </Button>
    </Space.Compact>
  );
}
