/**
 * 组织关系转接 on the kit's workflow pages: the application (the member's fields of
 * schemas/organ-change.json: 省内转接 to a 党支部 picked in the cascader, or 转出省外 with the receiving
 * organisation's name), my applications (撤回 while being handled), the completed transfers and the
 * detail with its handling record (转出 / 转入党组织审核 and their remarks), the evaluation once
 * transferred and, for a transfer out of the province, the printable 介绍信. While an application is
 * being handled the server refuses another (您已有一条正在办理的组织关系转接申请), so the apply page shows
 * that one and links to its detail instead.
 */
import { organChangeService, type OrganChange } from '../../api/party-space';
import { ORGAN_CHANGE } from '../../../contract/party-space';
import type { ColumnDef } from '../../engine/types';
import { formatPlatform } from '../../utils/platform-time';
import { workflowFeature } from '../kit/workflow-feature';
import { ORGAN_SWITCH_PAGES } from './index';
import { IntroductionLetter } from './letter';

/** what a member may send (the Apply action's fields); the entity's other fields are the organisations' */
export const APPLY_FIELDS = ['changeType', 'toOrganId', 'toOrganName', 'reason', 'contactPhone', 'explain'];

const S = ORGAN_CHANGE.state;
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
/** a transfer out of the province whose sending organisation gave it a 介绍信 */
const hasLetter = (r: OrganChange) => r.changeType === ORGAN_CHANGE.type.outOfProvince && !!r.letterNo;

export default workflowFeature<OrganChange>({
  entity: 'organChange',
  pages: ORGAN_SWITCH_PAGES,
  links: { apply: '申请转接', myList: '我的申请', history: '转接记录' },
  contact: true,
  item: (r, field) => ({
    title: <>{field('changeType')}：转入 {r.toOrganName || '—'}</>,
    meta: [`申请时间：${formatPlatform(r.creationTime)}`, r.fromOrganName && `转出：${r.fromOrganName}`, <>转接原因：{field('reason')}</>, r.letterNo && `介绍信编号：${r.letterNo}`],
  }),
  apply: {
    mine: organChangeService.mine,
    open: ORGAN_CHANGE.open,
    busy: {
      title: () => '您已有一条正在办理的组织关系转接申请',
      summary: (r) => (
        <>
          {formatPlatform(r.creationTime)} 申请转入 {r.toOrganName || '—'}
        </>
      ),
      testId: 'open-application',
      view: '查看办理进度',
    },
    intro: (
      <>
        办理流程：
        <ol>
          <li>省内转接：选择转入的党支部提交申请，先由转出党组织（您现在所在的党组织）审核，再由转入党组织审核，双方审核通过后组织关系即转入新的党支部。</li>
          <li>转出省外：填写转入党组织的名称，转出党组织审核通过后开具《党员组织关系介绍信》，您可在申请详情中查看和打印，持介绍信到转入党组织报到。</li>
          <li>办理期间可以撤回申请；办理完成后请对本次服务作出评价。</li>
        </ol>
      </>
    ),
    form: { fields: APPLY_FIELDS, initialValues: { changeType: 1 } },
    submitText: '提交申请',
    submit: (v) => {
      const body: Record<string, unknown> = { changeType: v.changeType, reason: v.reason, contactPhone: trimmed(v.contactPhone) };
      if (v.changeType === 2) body.toOrganName = trimmed(v.toOrganName);
      else body.toOrganId = v.toOrganId;
      const explain = trimmed(v.explain);
      if (explain) body.explain = explain;
      return organChangeService.apply(body);
    },
    success: '申请已提交，请等待党组织审核',
  },
  myList: { load: organChangeService.myApplications, empty: '暂无组织关系转接申请' },
  history: { load: organChangeService.history, empty: '暂无已完成的组织关系转接' },
  detail: {
    get: (id) => organChangeService.get(id),
    notFound: '未找到该申请',
    loadFailed: '申请加载失败',
    notices: {
      [S.sending]: { type: 'info', message: '申请已提交，等待转出党组织（您所在的党组织）审核；办结前可以撤回。' },
      [S.receiving]: { type: 'info', message: '转出党组织已审核通过，等待转入党组织审核。' },
      [S.done]: (r) => ({
        type: 'success',
        message:
          r.changeType === ORGAN_CHANGE.type.outOfProvince
            ? '转出党组织已审核通过并开具介绍信，请持介绍信到转入党组织报到。'
            : '组织关系已转接，您已转入新的党支部。',
        description: '请对本次组织关系转接服务作出评价。',
      }),
      [S.evaluated]: { type: 'success', message: '组织关系转接已办结，感谢您的评价。' },
      [S.rejected]: { type: 'error', message: '申请未通过', refusal: true },
      [S.withdrawn]: { type: 'warning', message: '申请已撤回，如有需要可重新申请。' },
    },
    sections: (r) => {
      const info: (string | ColumnDef)[] = [
        { field: 'auditStatus', title: '办理状态', valueType: 'status', statusList: 'organChange' },
        { field: 'creationTime', title: '申请时间', valueType: 'dateTime' },
        'changeType', 'reason',
        { field: 'fromOrganName', title: '转出党组织' },
        { field: 'toOrganName', title: '转入党组织' },
        'contactPhone',
        ...(hasLetter(r) ? ['letterNo', 'letterDate'] : []),
      ];
      return [
        { title: '申请信息', fields: info },
        { fields: ['explain'], column: 1 },
        ...(r.evaluateLevel ? [{ title: '我的评价', column: 1, fields: ['evaluateLevel', 'evaluateContent'] }] : []),
      ];
    },
    panels: (r) => (hasLetter(r) ? <IntroductionLetter record={r} /> : null),
    reapply: { states: [S.rejected, S.withdrawn], text: '重新申请' },
  },
  withdraw: { call: (r) => organChangeService.withdraw(r.id), confirm: '确认撤回该组织关系转接申请？撤回后可重新申请。', success: '申请已撤回', button: '撤回申请' },
  evaluate: { title: '评价本次转接服务', call: (r, v) => organChangeService.evaluate(r.id, v) },
});
