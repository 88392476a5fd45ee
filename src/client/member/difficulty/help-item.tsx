/** One help record as a card: what, when, how much, by whom, and whether I have evaluated it. */
import type { DifficultyHelp } from '../../api/difficulty';
import { WorkflowItem, type FieldValue } from '../kit/workflow-item';

const content = (h: DifficultyHelp, field: FieldValue) => ({
  title: h.title,
  meta: [<>帮扶方式：{field('helpType')}</>, `帮扶日期：${h.helpDate}`, h.helpAmount ? `帮扶金额：${h.helpAmount} 元` : null, h.organName],
  desc: h.helpDetail,
});

export function HelpItem({ help, to }: { help: DifficultyHelp; to: string }) {
  return <WorkflowItem entity="difficultyHelp" statusList="evaluation" record={help} to={to} content={content} />;
}
