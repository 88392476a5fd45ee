/**
 * 帮扶详情 (/partyMember/partySpace/difficultInfo/helpInfo?id=, and difficultHistoryInfo?id= when
 * reached from an application of the history): one help record, and my evaluation of it — the form
 * (满意度 required: 请选择满意度, 评价内容) while it waits for one, read-only afterwards.
 */
import { useMemo } from 'react';
import { Button, Empty, Result, Skeleton } from 'antd';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useRequest } from 'ahooks';
import { difficultyService } from '../../api/difficulty';
import { toastSuccess } from '../../api/toast';
import type { EntityDef } from '../../engine/types';
import { MemberDetail, MemberForm, MemberPage, useEntity } from '../kit';
import { DIFFICULTY } from './paths';
import './difficulty.css';

const EVALUATION = ['evaluateLevel', 'evaluateContent'];

export default function DifficultyHelpInfo() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const fromHistory = pathname.replace(/\/+$/, '').endsWith('/difficultHistoryInfo');
  const id = params.get('id');
  const { entity } = useEntity('difficultyHelp');
  const req = useRequest(() => difficultyService.help(id!), { ready: !!id, refreshDeps: [id], onError: () => undefined });
  const h = req.data;
  // the evaluation step requires the satisfaction (the workflow's `required`), not the entity itself
  const evaluation = useMemo<EntityDef | undefined>(
    () => (entity ? { ...entity, schema: { ...entity.schema, required: ['evaluateLevel'] } } : undefined),
    [entity],
  );

  let body;
  if (!id) body = <Empty description="未找到该帮扶记录" />;
  else if (!h && req.loading) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (!h) body = <Result status="warning" title="帮扶记录加载失败" extra={<Button onClick={req.refresh}>重新加载</Button>} />;
  else {
    const canEvaluate = h.availableTransitions?.includes('evaluate');
    body = (
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
        {canEvaluate && evaluation ? (
          <section className="dj-difficulty__evaluate" data-testid="evaluate-form">
            <h3 className="dj-difficulty__section-title">评价本次帮扶</h3>
            <MemberForm
              entity={evaluation}
              fields={EVALUATION}
              submitText="提交评价"
              onSubmit={async (v) => {
                const content = typeof v.evaluateContent === 'string' ? v.evaluateContent.trim() : '';
                await difficultyService.evaluate(h.id, { evaluateLevel: v.evaluateLevel as number, ...(content ? { evaluateContent: content } : {}) });
                void toastSuccess('评价已提交，感谢您的反馈');
                req.refresh();
              }}
            />
          </section>
        ) : null}
      </>
    );
  }

  return (
    <MemberPage className="dj-difficulty-page" title="帮扶详情" back={fromHistory ? DIFFICULTY.history : DIFFICULTY.status} backText={fromHistory ? '返回申请记录' : '返回列表'}>
      {body}
    </MemberPage>
  );
}
