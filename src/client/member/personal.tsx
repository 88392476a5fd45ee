/** /partyMember/personal (个人信息): the member profile form, every group, validation of core §5. */
import { useEffect, useState } from 'react';
import { Alert, Avatar, Button, Card, Col, Form, Input, Row, Select, Skeleton, Switch, Tabs } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { BaseCodeItem } from '../../contract/types';
import { partyMemberService, type MemberProfile } from '../api/endpoints';
import { toastSuccess } from '../api/toast';
import { isMemberLocked } from '../../contract/member-self-edit';
import { idCardRules, nameRules, phoneRules } from '../components/form-rules';
import { idCardFacts } from '../../contract/validators';
import { setState, useAppState } from '../state/store';
import OrganCascader from '../widgets/organ-cascader';
import PlatformDatePicker from '../widgets/basic/platform-picker';
import { noEnterSubmit } from '../utils/no-enter-submit';
import { ADDITION_FIELDS, coerceFlags, PARTY_FIELDS, toBool, type ProfileField } from './profile-fields';
import './member.css';

const DATE_FORMAT = 'YYYY-MM-DD';
const dateProps = {
  getValueProps: (v?: string | null) => ({ value: v ? dayjs(v) : null }),
  normalize: (d?: dayjs.Dayjs | null) => (d ? d.format(DATE_FORMAT) : null),
};

function flatten(items: BaseCodeItem[] = []): BaseCodeItem[] {
  return items.flatMap((i) => [i, ...flatten(i.children)]);
}

/** Form.Item hands value, checked, onChange and id to its child: pass them on to the control. */
function FieldInput({ field, codes, ...control }: { field: ProfileField; codes: Record<string, BaseCodeItem[]> | null; [prop: string]: any }) {
  switch (field.kind) {
    case 'sex':
      return <Select {...control} allowClear options={[{ label: '男', value: 1 }, { label: '女', value: 2 }]} placeholder="请选择" />;
    case 'memberType':
      return <Select {...control} options={[{ label: '正式党员', value: 1 }, { label: '预备党员', value: 2 }]} />;
    case 'code': {
      const list = field.table ? codes?.[field.table] : undefined;
      return list ? (
        <Select {...control} allowClear showSearch optionFilterProp="label" placeholder="请选择" options={flatten(list).map((c) => ({ label: c.label, value: c.value }))} />
      ) : (
        <Input {...control} placeholder="请输入" />
      );
    }
    case 'tags':
      return <Select {...control} mode="tags" placeholder="输入姓名后回车" open={false} />;
    case 'organ':
      return <OrganCascader {...control} placeholder="请选择党组织" />;
    case 'textarea':
      return <Input.TextArea {...control} rows={3} maxLength={500} showCount />;
    case 'date':
      return <PlatformDatePicker {...control} style={{ width: '100%' }} format={DATE_FORMAT} />;
    case 'flag':
      return <Switch {...control} checkedChildren="是" unCheckedChildren="否" />;
    default:
      return <Input {...control} placeholder="请输入" />;
  }
}

function FieldGrid({ group, fields, codes }: { group: 'addition' | 'partyMember'; fields: ProfileField[]; codes: Record<string, BaseCodeItem[]> | null }) {
  return (
    <Row gutter={16}>
      {fields.map((fd) => {
        // kept by the organisation (src/contract/member-self-edit.ts): shown, not edited
        const locked = isMemberLocked(group, fd.name);
        return (
          <Col key={fd.name} xs={24} md={12} xl={8}>
            <Form.Item
              label={fd.label}
              name={[group, fd.name]}
              valuePropName={fd.kind === 'flag' ? 'checked' : 'value'}
              rules={fd.name === 'idCard' && !locked ? idCardRules(false) : undefined}
              {...(fd.kind === 'date' ? dateProps : {})}
            >
              <FieldInput field={fd} codes={codes} disabled={locked} />
            </Form.Item>
          </Col>
        );
      })}
    </Row>
  );
}

export default function PersonalInfo() {
  const [form] = Form.useForm();
  const codes = useAppState((s) => s.baseCode);
  const [profile, setProfile] = useState<MemberProfile | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    partyMemberService
      .currentInfo()
      .then((p) => {
        const v = {
          ...p,
          isJoinOneLineSituation: toBool(p.isJoinOneLineSituation),
          addition: coerceFlags(p.addition, ADDITION_FIELDS),
          partyMember: (() => {
            const g = coerceFlags(p.partyMember, PARTY_FIELDS);
            return { ...g, partyMemeberType: g.partyMemeberType ?? 1 };
          })(),
        };
        setProfile(v);
        setState({ memberinfo: v });
        form.setFieldsValue(v);
      })
      .catch(() => setProfile({} as MemberProfile));
  }, [form]);

  const onFinish = async (v: MemberProfile) => {
    setSaving(true);
    try {
      const body = { ...profile, ...v, addition: { ...profile?.addition, ...v.addition }, partyMember: { ...profile?.partyMember, ...v.partyMember } } as MemberProfile;
      await partyMemberService.updateInfo(body);
      setState({ memberinfo: body });
      void toastSuccess('保存成功');
    } catch {
      /* toast shown */
    } finally {
      setSaving(false);
    }
  };

  if (!profile) return <Card><Skeleton active avatar paragraph={{ rows: 8 }} /></Card>;

  return (
    <Card title="个人信息" className="dj-personal" data-testid="personal-form">
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        onKeyDown={noEnterSubmit}
        scrollToFirstError
        onValuesChange={(changed: Partial<MemberProfile>) => {
          // the ID card does the typing (contract/validators.ts idCardFacts): 性别 and 出生日期 follow a whole, valid number
          const facts = idCardFacts((changed.addition as { idCard?: string } | undefined)?.idCard);
          if (facts) form.setFieldsValue({ addition: { sex: facts.sex, birthday: facts.birthday } });
        }}
      >
        <Tabs
          items={[
            {
              key: 'base',
              label: '基本资料',
              forceRender: true,
              children: (
                <Row gutter={16}>
                  <Col xs={24} style={{ marginBottom: 16 }}>
                    <Avatar size={72} src={profile.headImage || undefined} icon={<UserOutlined />} />
                    <span style={{ marginLeft: 12, color: 'var(--dj-text-muted)' }}>账号：{profile.userName}</span>
                  </Col>
                  <Col xs={24} md={12} xl={8}>
                    <Form.Item label="姓名" name="name" rules={nameRules}>
                      <Input placeholder="请输入姓名" maxLength={50} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12} xl={8}>
                    {/* changed only through 组织关系转接 or by an administrator: shown, never sent changed */}
                    <Form.Item label="所在党组织" htmlFor="personal-organ" extra="如需变更，请通过组织关系转接办理">
                      <Input id="personal-organ" value={profile.organName} readOnly variant="filled" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12} xl={8}>
                    <Form.Item label="手机号" name="phoneNumber" rules={phoneRules}>
                      <Input placeholder="请输入手机号" maxLength={11} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={12} xl={8}>
                    <Form.Item label="是否一线" name="isJoinOneLineSituation" valuePropName="checked">
                      <Switch checkedChildren="是" unCheckedChildren="否" />
                    </Form.Item>
                  </Col>
                </Row>
              ),
            },
            { key: 'addition', label: '基本信息', forceRender: true, children: <FieldGrid group="addition" fields={ADDITION_FIELDS} codes={codes} /> },
            {
              key: 'partyMember',
              label: '党员信息',
              forceRender: true,
              children: (
                <>
                  <Alert type="info" showIcon style={{ marginBottom: 16 }} message="党员信息由所在党组织管理员维护，如有变动请联系党组织" />
                  <FieldGrid group="partyMember" fields={PARTY_FIELDS} codes={codes} />
                </>
              ),
            },
          ]}
        />
        <Button type="primary" htmlType="submit" loading={saving} size="large">保存</Button>
      </Form>
    </Card>
  );
}
