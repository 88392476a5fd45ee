/** /partyMember/setpassword (密码设置). */
import { Card } from 'antd';
import { partyMemberService } from '../api/endpoints';
import { PasswordForm } from '../components/password-form';

export default function MemberSetPassword() {
  return (
    <Card title="密码设置">
      <PasswordForm submit={(v) => partyMemberService.updatePassword(v)} />
    </Card>
  );
}
