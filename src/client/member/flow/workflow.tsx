/**
 * 流动党员 on the kit's workflow pages: 流动党员登记 (the member's fields of schemas/moving-record.json —
 * 省内流动 anchored to a 党支部 picked in the cascader, or 流出省外 — audited by the sending
 * organisation), 我的流动申请 (撤回 while it waits), 流动申请记录 (the flows that happened) and the
 * detail (结束流动 while the member flows, the evaluation once the flow has ended). While a
 * registration is audited or a flow goes on the server refuses another, so the apply page shows that
 * one with 结束流动 / 查看详情 instead.
 */
import { Button } from 'antd';
import { Link } from 'react-router-dom';
import { movingService, type MovingRecord } from '../../api/party-space';
import { FLOW } from '../../../contract/party-space';
import type { ColumnDef } from '../../engine/types';
import { workflowFeature } from '../kit/workflow-feature';
import { FLOW_PAGES } from './index';

/** what a member may send (the Apply action's fields) */
export const APPLY_FIELDS = ['flowType', 'flowInOrganId', 'flowInOrganName', 'flowPlace', 'flowReason', 'startDate', 'endDate', 'contactPhone', 'explain'];

const S = FLOW.state;
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const endFlow = (
  <Link to={FLOW_PAGES.end.path}>
    <Button type="primary">结束流动</Button>
  </Link>
);

export function flowPeriod(r: MovingRecord): string {
  const end = r.actualEndDate || r.endDate;
  return `${r.startDate} 至 ${end || '—'}${r.actualEndDate ? '' : r.endDate ? '（预计）' : ''}`;
}

export default workflowFeature<MovingRecord>({
  entity: 'movingRecord',
  pages: FLOW_PAGES,
  links: { apply: '登记流动', myList: '我的登记', history: '流动记录' },
  contact: true,
  item: (r, field) => ({
    title: <>{field('flowType')}：{r.flowPlace}</>,
    meta: [`流动期间：${flowPeriod(r)}`, r.flowInOrganName && `流入党组织：${r.flowInOrganName}`, <>流动原因：{field('flowReason')}</>],
  }),
  apply: {
    mine: movingService.mine,
    open: FLOW.open,
    busy: {
      title: (r) => (r.auditStatus === S.flowing ? '您当前正在流动中' : '您已有一条待审核的流动登记'),
      summary: (r) => (
        <>
          流入地 {r.flowPlace}
          {r.flowInOrganName ? `（${r.flowInOrganName}）` : ''}，{flowPeriod(r)}
        </>
      ),
      testId: 'open-flow',
      view: '查看详情',
      actions: (r) => (r.auditStatus === S.flowing ? endFlow : null),
    },
    intro: (
      <>
        外出务工、经商、求学等离开所在地六个月以上的党员，请登记流动：
        <ol>
          <li>省内流动请选择流入地的党支部，流动期间参加其组织生活；流出省外请填写流入地，已联系流入地党组织的可填写其名称。</li>
          <li>登记由您所在的党组织审核，审核通过后即为流动党员，流出和流入党组织都将与您保持联系。</li>
          <li>返回后请在“结束流动”中结束本次流动，并对流动期间的服务作出评价。</li>
        </ol>
      </>
    ),
    form: { fields: APPLY_FIELDS, initialValues: { flowType: 1 } },
    submitText: '提交登记',
    submit: (v) => {
      const body: Record<string, unknown> = {};
      for (const f of APPLY_FIELDS) {
        const value = trimmed(v[f]);
        if (value !== undefined && value !== null && value !== '') body[f] = value;
      }
      if (v.flowType === FLOW.type.outOfProvince) delete body.flowInOrganId;
      else delete body.flowInOrganName;
      return movingService.apply(body);
    },
    success: '登记已提交，请等待党组织审核',
  },
  myList: { load: movingService.myApplications, empty: '暂无流动登记' },
  history: { load: movingService.history, empty: '暂无流动记录' },
  detail: {
    get: (id) => movingService.get(id),
    notFound: '未找到该流动登记',
    loadFailed: '流动登记加载失败',
    notices: {
      [S.pending]: { type: 'info', message: '登记已提交，等待您所在的党组织审核；审核前可以撤回。' },
      [S.flowing]: { type: 'info', message: '审核已通过，您当前为流动党员。返回后请结束流动。' },
      [S.ended]: { type: 'success', message: '本次流动已结束', description: '请对流动期间的服务作出评价。' },
      [S.evaluated]: { type: 'success', message: '本次流动已结束，感谢您的评价。' },
      [S.rejected]: { type: 'error', message: '登记未通过', refusal: true },
      [S.withdrawn]: { type: 'warning', message: '登记已撤回，如有需要可重新登记。' },
    },
    sections: (r) => {
      const ended = r.auditStatus === S.ended || r.auditStatus === S.evaluated;
      const info: (string | ColumnDef)[] = [
        { field: 'auditStatus', title: '状态', valueType: 'status', statusList: 'movingRecord' },
        { field: 'creationTime', title: '登记时间', valueType: 'dateTime' },
        'flowType',
        'flowReason',
        { field: 'outOrganName', title: '流出党组织' },
        { field: 'flowInOrganName', title: '流入党组织' },
        'flowPlace', 'contactPhone', 'startDate', 'endDate',
        ...(ended ? ['actualEndDate'] : []),
      ];
      return [
        { title: '流动信息', fields: info },
        { fields: ['explain', ...(ended ? ['endReason'] : [])], column: 1 },
        ...(r.evaluateLevel ? [{ title: '我的评价', column: 1, fields: ['evaluateLevel', 'evaluateContent'] }] : []),
      ];
    },
    extra: (r) => (r.auditStatus === S.flowing ? endFlow : null),
    reapply: { states: [S.rejected, S.withdrawn], text: '重新登记' },
  },
  withdraw: { call: (r) => movingService.withdraw(r.id), confirm: '确认撤回该流动登记？撤回后可重新登记。', success: '登记已撤回', button: '撤回登记' },
  evaluate: { title: '评价流动期间的服务', call: (r, v) => movingService.evaluate(r.id, v) },
});
