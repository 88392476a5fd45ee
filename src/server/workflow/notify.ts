import type { Kysely } from 'kysely';
import statusLabels from '../../contract/status-labels.json' with { type: 'json' };
import type { DB } from '../db/schema';
import { MESSAGE_SOURCE, sendSiteMessage } from '../services/site-message';
import type { WorkflowDef } from './types';

/** EnumMessageType 3 审核通知 */
const AUDIT_NOTICE = '3';

export const stateLabel = (wf: WorkflowDef, state: number) =>
  (statusLabels as Record<string, Record<string, { label: string }>>)[wf.statuses]?.[String(state)]?.label ?? String(state);

export interface StateChange {
  wf: WorkflowDef;
  /** what the member calls it: the entity's title */
  title: string;
  recordId: number;
  ownerUserId: number | null;
  /** the step taken ('提交' for the submission) */
  stepTitle: string;
  to: number;
  approved?: boolean;
  remark?: string | null;
  /** who acted */
  organId: number | null;
  organName: string;
}

/**
 * A workflow with `notify` tells the record's owner of every state change in his 通知公告 (member
 * messages), in the transaction of the change: a member learns that his transfer was approved
 * without watching the page.
 */
export async function notifyStateChange(trx: Kysely<DB>, c: StateChange) {
  if (!c.wf.notify || !c.ownerUserId) return;
  const label = stateLabel(c.wf, c.to);
  const verdict = c.approved === undefined ? '' : c.approved ? '（通过）' : '（不通过）';
  const parts = [`${c.stepTitle}${verdict}`, `当前状态：${label}`];
  if (c.organName) parts.push(`办理组织：${c.organName}`);
  if (c.remark) parts.push(`意见：${c.remark}`);
  await sendSiteMessage(trx, {
    title: `您的${c.title}：${label}`,
    content: `${parts.join('；')}。`,
    messageType: AUDIT_NOTICE,
    senderOrganId: c.organId,
    organName: c.organName,
    userIds: [c.ownerUserId],
    source: MESSAGE_SOURCE.member,
    linkUrl: c.wf.notify.link.replace('{id}', String(c.recordId)),
  });
}
