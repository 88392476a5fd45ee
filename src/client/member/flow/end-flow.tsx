/**
 * 结束流动 (/partyMember/partySpace/endFlow): the flow going on (MyApply in state 流动中) with a
 * 结束说明 and 结束流动 after a confirm; without one, 您当前没有进行中的流动 and a link to register.
 */
import { useState } from 'react';
import { Button, Empty, Input, Skeleton } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { useRequest } from 'ahooks';
import { movingService, type MovingRecord } from '../../api/party-space';
import { FLOW } from '../../../contract/party-space';
import { MemberDetail, MemberPage, useAction, useEntity } from '../kit';
import { FLOW_PAGES } from './index';
import '../kit/workflow.css';
import './flow.css';

export default function EndFlow() {
  const navigate = useNavigate();
  const { entity } = useEntity('movingRecord');
  const mine = useRequest(() => movingService.mine(), { onError: () => undefined });
  const [reason, setReason] = useState('');
  const flow = mine.data && mine.data.auditStatus === FLOW.state.flowing ? mine.data : null;
  const end = useAction((r: MovingRecord) => movingService.end(r.id, reason.trim() || undefined), {
    confirm: '确认结束本次流动？结束后您将不再是流动党员。',
    success: '流动已结束',
    onSuccess: () => navigate(FLOW_PAGES.history.path),
  });
  const endReason = entity?.schema.properties?.endReason as { title?: string; maxLength?: number; 'x-component-props'?: { placeholder?: string } } | undefined;

  let body;
  if (mine.loading && !mine.data) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (!flow)
    body = (
      <Empty description="您当前没有进行中的流动" data-testid="no-flow">
        <Link to={FLOW_PAGES.apply.path}>
          <Button type="primary">登记流动</Button>
        </Link>
      </Empty>
    );
  else
    body = (
      <>
        <MemberDetail
          entity="movingRecord"
          record={flow}
          sections={[
            {
              title: '当前流动',
              fields: [{ field: 'auditStatus', title: '状态', valueType: 'status', statusList: 'movingRecord' }, 'flowType', { field: 'flowInOrganName', title: '流入党组织' }, 'flowPlace', 'startDate', 'endDate'],
            },
          ]}
        />
        <section className="dj-flow__end" data-testid="end-flow-form">
          <label htmlFor="dj-end-reason" className="dj-workflow__section-title">
            {endReason?.title ?? '结束说明'}
          </label>
          <Input.TextArea
            id="dj-end-reason"
            rows={3}
            value={reason}
            maxLength={endReason?.maxLength ?? 300}
            showCount
            placeholder={endReason?.['x-component-props']?.placeholder ?? '选填'}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="dj-flow__end-actions">
            <Button type="primary" danger loading={end.loading} onClick={() => void end.run(flow)}>
              结束流动
            </Button>
            <Link to={`${FLOW_PAGES.detail.path}?id=${flow.id}`}>
              <Button>查看详情</Button>
            </Link>
          </div>
        </section>
      </>
    );

  return (
    <MemberPage className="dj-workflow-page" title={FLOW_PAGES.end.title}>
      {body}
    </MemberPage>
  );
}
