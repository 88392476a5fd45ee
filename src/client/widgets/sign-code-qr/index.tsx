/**
 * SignCodeQr: an event's sign-in QR code (a course's TrainClassCourseService/SignCode, a meeting's
 * GetMeetingSignCode, a volunteer activity's SignInCode answer {code, validFrom, validTo, signUrl}).
 * It encodes the absolute address of signUrl — the member page, which offers one-click sign-in —
 * under the client's base path (/dj). signUrl carries a signed token expiring with the sign-in
 * window, not the code; 更换签到码 voids it.
 *
 * In a screen's call-result dialog: `{ "field": "signUrl", "title": "签到二维码", "widget": "SignCodeQr" }`
 * (the widget reads code and validTo from the whole answer, its `record`).
 */
import { QRCode, Typography } from 'antd';
import { MINUTE_FORMAT, formatPlatform } from '../../utils/platform-time';
import type { ReadProps } from '../registry';
import { absoluteSignUrl } from './sign-url';

export function SignCodeQr({ value, record }: ReadProps) {
  const signUrl = typeof value === 'string' && value ? value : typeof record?.signUrl === 'string' ? record.signUrl : '';
  if (!signUrl) return <span className="dj-empty-value">-</span>;
  const url = absoluteSignUrl(signUrl);
  const code = record?.code ? String(record.code) : null;
  const validTo = record?.validTo;
  return (
    <div className="dj-sign-code-qr" data-testid="sign-code-qr" style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 8 }}>
      <QRCode value={url} size={200} errorLevel="M" bordered={false} />
      {code ? (
        <Typography.Text strong style={{ fontSize: 24, letterSpacing: 4 }} copyable={{ text: code }}>
          {code}
        </Typography.Text>
      ) : null}
      {validTo ? <Typography.Text type="secondary">有效期至 {formatPlatform(validTo, MINUTE_FORMAT)}</Typography.Text> : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        请学员用手机扫码签到
      </Typography.Text>
    </div>
  );
}

export default SignCodeQr;
export const Read = SignCodeQr;
