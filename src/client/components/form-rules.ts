/** antd form rules carrying the verbatim messages of core §5. */
import type { Rule } from 'antd/es/form';
import { MSG } from '../../contract/messages';
import { isIdCard, isPhone, isStrongPassword } from '../../contract/validators';

export const nameRules: Rule[] = [{ required: true, whitespace: true, message: MSG.nameRequired }];
export const organRules: Rule[] = [{ required: true, message: MSG.organRequired }];
export const phoneRules: Rule[] = [
  { required: true, whitespace: true, message: MSG.phoneRequired },
  { validator: (_, v) => (!v || isPhone(String(v).trim()) ? Promise.resolve() : Promise.reject(new Error(MSG.phoneInvalid))) },
];
export const idCardRules = (required = true): Rule[] => [
  ...(required ? [{ required: true, whitespace: true, message: MSG.idCardRequired } as Rule] : []),
  { validator: (_, v) => (!v || isIdCard(String(v).trim(), { checkDigit: true }) ? Promise.resolve() : Promise.reject(new Error(MSG.idCardInvalid))) },
];
export const passwordRules: Rule[] = [
  { required: true, message: '请输入新密码' },
  { validator: (_, v) => (!v || isStrongPassword(v) ? Promise.resolve() : Promise.reject(new Error(MSG.passwordWeak))) },
];
export const confirmRules = (field = 'newPassword'): Rule[] => [
  { required: true, message: '请再次输入新密码' },
  ({ getFieldValue }) => ({
    validator: (_, v) => (!v || v === getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致'))),
  }),
];
export const codeRules: Rule[] = [{ required: true, whitespace: true, message: '请输入短信验证码' }];
