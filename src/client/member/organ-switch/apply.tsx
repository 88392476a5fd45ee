/**
 * 组织关系转接申请 (/partyMember/partySpace/organswitchapply): the member's fields of
 * schemas/organ-change.json (省内转接 to a 党支部 picked in the cascader, or 转出省外 with the receiving
 * organisation's name). While an application is being handled the server refuses another
 * (您已有一条正在办理的组织关系转接申请), so the page shows that one and links to its detail instead.
 */
import { Button, Result, Skeleton } from 'antd';
import { HistoryOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { useRequest } from 'ahooks';
import { organChangeService } from '../../api/party-space';
import { toastSuccess } from '../../api/toast';
import { formatPlatform } from '../../utils/platform-time';
import { MemberForm, MemberPage, StatusTag } from '../kit';
import { ContactCard } from './contact-card';
import { ORGAN_SWITCH, isOpenChange } from './paths';
import './organ-switch.css';

/** what a member may send (the Apply action's fields); the entity's other fields are the organisations' */
export const APPLY_FIELDS = ['changeType', 'toOrganId', 'toOrganName', 'reason', 'contactPhone', 'explain'];
const INITIAL = { changeType: 1 };

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

export default function OrganSwitchApply() {
  const navigate = useNavigate();
  const mine = useRequest(() => organChangeService.mine(), { onError: () => undefined });
  const open = mine.data && isOpenChange(mine.data.auditStatus) ? mine.data : null;

  const submit = async (v: Record<string, unknown>) => {
    const body: Record<string, unknown> = { changeType: v.changeType, reason: v.reason, contactPhone: trimmed(v.contactPhone) };
    if (v.changeType === 2) body.toOrganName = trimmed(v.toOrganName);
    else body.toOrganId = v.toOrganId;
    const explain = trimmed(v.explain);
    if (explain) body.explain = explain;
    const created = await organChangeService.apply(body);
    void toastSuccess('申请已提交，请等待党组织审核');
    navigate(`${ORGAN_SWITCH.info}?id=${created.id}`);
  };

  let body;
  if (mine.loading && !mine.data) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (open)
    body = (
      <Result
        status="info"
        title="您已有一条正在办理的组织关系转接申请"
        subTitle={
          <span data-testid="open-application">
            {formatPlatform(open.creationTime)} 申请转入 {open.toOrganName || '—'}，当前状态 <StatusTag list="organChange" value={open.auditStatus} />
          </span>
        }
        extra={
          <Link to={`${ORGAN_SWITCH.info}?id=${open.id}`}>
            <Button type="primary">查看办理进度</Button>
          </Link>
        }
      />
    );
  else
    body = (
      <>
        <div className="dj-party-space__intro">
          办理流程：
          <ol>
            <li>省内转接：选择转入的党支部提交申请，先由转出党组织（您现在所在的党组织）审核，再由转入党组织审核，双方审核通过后组织关系即转入新的党支部。</li>
            <li>转出省外：填写转入党组织的名称，转出党组织审核通过后开具《党员组织关系介绍信》，您可在申请详情中查看和打印，持介绍信到转入党组织报到。</li>
            <li>办理期间可以撤回申请；办理完成后请对本次服务作出评价。</li>
          </ol>
        </div>
        <div className="dj-party-space__form">
          <MemberForm entity="organChange" fields={APPLY_FIELDS} initialValues={INITIAL} submitText="提交申请" onSubmit={submit} />
        </div>
      </>
    );

  return (
    <MemberPage
      className="dj-party-space-page"
      title="组织关系转接申请"
      extra={
        <>
          <Link to={ORGAN_SWITCH.myList}>
            <Button icon={<UnorderedListOutlined />}>我的申请</Button>
          </Link>
          <Link to={ORGAN_SWITCH.history}>
            <Button icon={<HistoryOutlined />}>转接记录</Button>
          </Link>
        </>
      }
    >
      {body}
      <ContactCard />
    </MemberPage>
  );
}
