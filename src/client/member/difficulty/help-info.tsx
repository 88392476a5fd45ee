/**
 * 帮扶详情 (/partyMember/partySpace/difficultInfo/helpInfo?id=, and difficultHistoryInfo?id= when
 * reached from an application of the history): one help record, and my evaluation of it — the form
 * (满意度 required: 请选择满意度, 评价内容) while it waits for one, read-only afterwards.
 */
import { useLocation } from 'react-router-dom';
import { difficultyService } from '../../api/difficulty';
import { MemberDetail, MemberPage } from '../kit';
import { EvaluateForm } from '../kit/evaluate-form';
import { useRecordOfQuery } from '../kit/workflow-feature';
import { DIFFICULTY_PAGES } from './index';
import './difficulty.css';

export default function DifficultyHelpInfo() {
  const { pathname } = useLocation();
  const fromHistory = pathname.replace(/\/+$/, '').endsWith(DIFFICULTY_PAGES.historyHelpInfo.path);
  const { record: h, refresh, fallback } = useRecordOfQuery((id) => difficultyService.help(id), { notFound: '未找到该帮扶记录', loadFailed: '帮扶记录加载失败' });
  const canEvaluate = h?.availableTransitions?.includes('evaluate');
  return (
    <MemberPage
      className="dj-workflow-page dj-difficulty-page"
      title={DIFFICULTY_PAGES.helpInfo.title}
      back={fromHistory ? DIFFICULTY_PAGES.myList.path : DIFFICULTY_PAGES.status.path}
      backText={fromHistory ? '返回申请记录' : '返回列表'}
    >
      {fallback ??
        (h ? (
          <>
            <MemberDetail
              entity="difficultyHelp"
              record={h}
              sections={[
                { title: '帮扶信息', fields: ['title', 'helpType', 'helpDate', 'helpAmount', { field: 'organName', title: '帮扶组织' }, { field: 'creationTime', title: '登记时间', valueType: 'dateTime' }] },
                { fields: ['helpDetail', 'attachs'], column: 1 },
                ...(canEvaluate
                  ? []
                  : [{ title: '我的评价', column: 1, fields: [{ field: 'auditStatus', title: '评价状态', valueType: 'status' as const, statusList: 'evaluation' }, 'evaluateLevel', 'evaluateContent'] }]),
              ]}
            />
            {canEvaluate ? <EvaluateForm entity="difficultyHelp" title="评价本次帮扶" onSubmit={(v) => difficultyService.evaluate(h.id, v)} onDone={refresh} /> : null}
          </>
        ) : null)}
    </MemberPage>
  );
}
