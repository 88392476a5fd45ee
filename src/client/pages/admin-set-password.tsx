/** /setpassword: the administrator's password setting, inside the admin shell. */
import { Card } from 'antd';
import { userService } from '../api/endpoints';
import { PasswordForm } from '../components/password-form';

export default function AdminSetPasswordPage() {
  return (
    <Card>
      <PasswordForm submit={(v) => userService.updatePassword(v.oldPassword, v.newPassword)} />
    </Card>
  );
}
