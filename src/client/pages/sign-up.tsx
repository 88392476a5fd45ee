/** /signUp: party member self-registration (pending until approved). */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Form, Input, Result } from 'antd';
import { partyMemberService } from '../api/endpoints';
import { AuthShell } from '../components/auth-shell';
import { confirmRules, idCardRules, nameRules, organRules, passwordRules } from '../components/form-rules';
import { PhoneCodeFields } from '../components/phone-code-fields';
import OrganSearch from '../widgets/organ-cascader/organ-search';

export default function SignUpPage() {
  const [form] = Form.useForm();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const onFinish = async (v: any) => {
    setBusy(true);
    try {
      await partyMemberService.register({
        name: v.name.trim(),
        organId: v.organId,
        phoneNumber: v.phoneNumber.trim(),
        idCard: v.idCard.trim(),
        password: v.password,
        phoneCode: v.phoneCode.trim(),
      });
      setDone(true);
    } catch {
      /* toast shown */
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthShell title="党员注册" wide>
      {done ? (
        <Result status="success" title="注册信息已提交" subTitle="请等待所在党组织审核，审核通过后即可登录。" extra={<Link to="/login">返回登录</Link>} />
      ) : (
        <Form form={form} layout="vertical" onFinish={onFinish} requiredMark>
          <Form.Item label="姓名" name="name" rules={nameRules}>
            <Input size="large" placeholder="请输入姓名" maxLength={20} />
          </Form.Item>
          <Form.Item label="所在党组织" name="organId" rules={organRules}>
            <OrganSearch />
          </Form.Item>
          <Form.Item label="身份证号" name="idCard" rules={idCardRules(true)}>
            <Input size="large" placeholder="请输入身份证号" maxLength={18} />
          </Form.Item>
          <PhoneCodeFields form={form} purpose="register" codeName="phoneCode" />
          <Form.Item label="登录密码" name="password" rules={passwordRules} extra="8至20位，须包含字母和数字">
            <Input.Password size="large" placeholder="请设置登录密码" autoComplete="new-password" />
          </Form.Item>
          <Form.Item label="确认密码" name="confirm" dependencies={['password']} rules={confirmRules('password')}>
            <Input.Password size="large" placeholder="请再次输入密码" autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>提交注册</Button>
          <div className="dj-auth__links" style={{ marginTop: 16 }}>
            <span>已有账号？<Link to="/login">去登录</Link></span>
          </div>
        </Form>
      )}
    </AuthShell>
  );
}
