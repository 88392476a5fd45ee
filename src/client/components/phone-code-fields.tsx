/** Phone number and SMS code with its send button: one form group for sign-up, binding a phone and recovering a password. */
import { Form, Input, Space, type FormInstance } from 'antd';
import { codeRules, phoneRules } from './form-rules';
import type { PhoneCodePurpose } from '../api/endpoints';
import { PhoneCodeButton } from './phone-code-button';

export function PhoneCodeFields({ form, purpose, phonePlaceholder = '请输入手机号', codeName = 'code' }: { form: FormInstance; purpose: PhoneCodePurpose; phonePlaceholder?: string; codeName?: string }) {
  return (
    <>
      <Form.Item label="手机号" name="phoneNumber" rules={phoneRules}>
        <Input size="large" placeholder={phonePlaceholder} maxLength={11} inputMode="numeric" />
      </Form.Item>
      <Form.Item label="短信验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name={codeName} rules={codeRules} noStyle>
            <Input size="large" placeholder="请输入短信验证码" maxLength={6} />
          </Form.Item>
          <PhoneCodeButton phone={() => form.getFieldValue('phoneNumber')} purpose={purpose} />
        </Space.Compact>
      </Form.Item>
    </>
  );
}
