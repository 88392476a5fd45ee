/**
 * 创建示范岗 / 创建责任区 (/partyMember/iPractice/demoStration, /response): the member's own one — the
 * form of its entity schema (the schema the server validates with), empty for a first one
 * (Create…), filled with his record to change it (Update…). One per member: the server refuses a
 * second, so the page never offers one.
 */
import { Alert, Button, Result, Skeleton } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { Link, useNavigate } from 'react-router-dom';
import { toastSuccess } from '../../api/toast';
import { MemberForm, MemberPage } from '../kit';
import { DEMO_KIND, RESPONSE_KIND, type PracticeKind } from './kinds';
import './demo-posts.css';

export function PracticeEdit({ kind }: { kind: PracticeKind }) {
  const navigate = useNavigate();
  const mine = useRequest(() => kind.calls.mine({ silent: true }), { refreshDeps: [kind.entity] });
  const record = mine.data ?? null;
  const submit = async (values: Record<string, unknown>) => {
    if (record) await kind.calls.update({ ...values, id: record.id });
    else await kind.calls.create(values);
    void toastSuccess(record ? '修改成功' : '创建成功');
    navigate(kind.indexPath);
  };

  let body;
  if (mine.loading && mine.data === undefined) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (mine.error)
    body = <Result status="warning" title={`我的${kind.noun}加载失败`} extra={<Button onClick={mine.refresh}>重新加载</Button>} />;
  else {
    const initial = record ? Object.fromEntries(kind.fields.map((f) => [f, record[f] ?? undefined])) : undefined;
    body = (
      <>
        <Alert className="dj-practice__hint" type="info" showIcon message={record ? `您已创建${kind.noun}，可在此修改。` : kind.hint} />
        <MemberForm key={record?.id ?? 'new'} entity={kind.entity} fields={kind.fields} initialValues={initial} submitText={record ? '保存修改' : `创建${kind.noun}`} onSubmit={submit} />
      </>
    );
  }

  return (
    <MemberPage
      title={record ? `我的${kind.noun}` : `创建${kind.noun}`}
      className="dj-practice-page"
      extra={
        <Link to={kind.indexPath}>
          <Button icon={<AppstoreOutlined />}>党员{kind.noun}</Button>
        </Link>
      }
    >
      {body}
    </MemberPage>
  );
}

export const DemoEdit = () => <PracticeEdit kind={DEMO_KIND} />;
export const ResponseEdit = () => <PracticeEdit kind={RESPONSE_KIND} />;
