/**
 * 村官申请 (/partyMember/partySpace/villageOfficial/create): the form of schemas/village-official.json
 * — the schema ApplyVillageOffical validates with — posted for the member's own organisation to audit.
 */
import { Alert, Button } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { villageOfficialService, type VillageOfficialInput } from '../../api/village-official';
import { toastSuccess } from '../../api/toast';
import { MemberForm, MemberPage } from '../kit';
import { VILLAGE } from './index';
import './village-official.css';

const FIELDS = ['villageName', 'post', 'startDate', 'photo', 'introduction', 'achievements'];

export default function VillageApply() {
  const navigate = useNavigate();
  const submit = async (v: Record<string, unknown>) => {
    const text = (x: unknown) => (typeof x === 'string' ? x.trim() : '');
    const input: VillageOfficialInput = {
      villageName: text(v.villageName),
      post: v.post as string,
      startDate: v.startDate as string,
      introduction: text(v.introduction),
      photo: (v.photo as string | null | undefined) || undefined,
      achievements: text(v.achievements) || undefined,
    };
    await villageOfficialService.apply(input);
    void toastSuccess('申请已提交，请等待党组织审核');
    navigate(`${VILLAGE}/history`);
  };

  return (
    <MemberPage
      title="村官申请"
      back={VILLAGE}
      backText="返回风采墙"
      className="dj-vo-page"
      extra={
        <Link to={`${VILLAGE}/history`}>
          <Button icon={<UnorderedListOutlined />}>申请记录</Button>
        </Link>
      }
    >
      <Alert className="dj-vo-apply-note" type="info" showIcon message="所在党组织审核通过后，您将出现在本县（区）的村官风采墙上。" />
      <MemberForm entity="villageOfficial" fields={FIELDS} submitText="提交申请" onSubmit={submit} />
    </MemberPage>
  );
}
