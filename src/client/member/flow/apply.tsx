/**
 * 流动党员登记 (/partyMember/partySpace/flowanchoredapply): the member's fields of
 * schemas/moving-record.json — 省内流动 anchored to a 党支部 picked in the cascader, or 流出省外 —
 * audited by the sending organisation. While a registration is audited or a flow goes on the server
 * refuses another, so the page shows that one with 结束流动 / 查看详情 instead.
 */
import { Button, Result, Skeleton } from 'antd';
import { HistoryOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { useRequest } from 'ahooks';
import { movingService } from '../../api/party-space';
import { FLOW } from '../../../contract/party-space';
import { toastSuccess } from '../../api/toast';
import { MemberForm, MemberPage, StatusTag } from '../kit';
import { ContactCard } from '../organ-switch/contact-card';
import { flowPeriod } from './flow-item';
import { FLOW_PAGES, isOpenFlow } from './paths';
import '../organ-switch/organ-switch.css';

/** what a member may send (the Apply action's fields) */
export const APPLY_FIELDS = ['flowType', 'flowInOrganId', 'flowInOrganName', 'flowPlace', 'flowReason', 'startDate', 'endDate', 'contactPhone', 'explain'];
const INITIAL = { flowType: 1 };

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

export default function FlowApply() {
  const navigate = useNavigate();
  const mine = useRequest(() => movingService.mine(), { onError: () => undefined });
  const open = mine.data && isOpenFlow(mine.data.auditStatus) ? mine.data : null;

  const submit = async (v: Record<string, unknown>) => {
    const body: Record<string, unknown> = {};
    for (const f of APPLY_FIELDS) {
      const value = trimmed(v[f]);
      if (value !== undefined && value !== null && value !== '') body[f] = value;
    }
    if (v.flowType === FLOW.type.outOfProvince) delete body.flowInOrganId;
    else delete body.flowInOrganName;
    const created = await movingService.apply(body);
    void toastSuccess('登记已提交，请等待党组织审核');
    navigate(`${FLOW_PAGES.info}?id=${created.id}`);
  };

  let body;
  if (mine.loading && !mine.data) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (open) {
    const flowing = open.auditStatus === FLOW.state.flowing;
    body = (
      <Result
        status="info"
        title={flowing ? '您当前正在流动中' : '您已有一条待审核的流动登记'}
        subTitle={
          <span data-testid="open-flow">
            流入地 {open.flowPlace}
            {open.flowInOrganName ? `（${open.flowInOrganName}）` : ''}，{flowPeriod(open)}，当前状态 <StatusTag list="movingRecord" value={open.auditStatus} />
          </span>
        }
        extra={[
          flowing ? (
            <Link key="end" to={FLOW_PAGES.end}>
              <Button type="primary">结束流动</Button>
            </Link>
          ) : null,
          <Link key="info" to={`${FLOW_PAGES.info}?id=${open.id}`}>
            <Button type={flowing ? 'default' : 'primary'}>查看详情</Button>
          </Link>,
        ]}
      />
    );
  } else
    body = (
      <>
        <div className="dj-party-space__intro">
          外出务工、经商、求学等离开所在地六个月以上的党员，请登记流动：
          <ol>
            <li>省内流动请选择流入地的党支部，流动期间参加其组织生活；流出省外请填写流入地，已联系流入地党组织的可填写其名称。</li>
            <li>登记由您所在的党组织审核，审核通过后即为流动党员，流出和流入党组织都将与您保持联系。</li>
            <li>返回后请在“结束流动”中结束本次流动，并对流动期间的服务作出评价。</li>
          </ol>
        </div>
        <div className="dj-party-space__form">
          <MemberForm entity="movingRecord" fields={APPLY_FIELDS} initialValues={INITIAL} submitText="提交登记" onSubmit={submit} />
        </div>
      </>
    );

  return (
    <MemberPage
      className="dj-party-space-page"
      title="流动党员登记"
      extra={
        <>
          <Link to={FLOW_PAGES.myList}>
            <Button icon={<UnorderedListOutlined />}>我的登记</Button>
          </Link>
          <Link to={FLOW_PAGES.history}>
            <Button icon={<HistoryOutlined />}>流动记录</Button>
          </Link>
        </>
      }
    >
      {body}
      <ContactCard />
    </MemberPage>
  );
}
