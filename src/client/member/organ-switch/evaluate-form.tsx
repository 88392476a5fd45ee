/**
 * The evaluation of a completed transfer or flow (workflow step `evaluate`): 满意度 (required, the
 * step's `required`) and 评价内容, from the entity's own schema.
 */
import { useMemo } from 'react';
import type { EntityDef } from '../../engine/types';
import type { Evaluation } from '../../api/party-space';
import { toastSuccess } from '../../api/toast';
import { MemberForm, useEntity } from '../kit';
import './organ-switch.css';

const FIELDS = ['evaluateLevel', 'evaluateContent'];

export function EvaluateForm({ entity, title, onSubmit, onDone }: { entity: string; title: string; onSubmit: (v: Evaluation) => Promise<unknown>; onDone: () => void }) {
  const { entity: def } = useEntity(entity);
  // the entity lets evaluateLevel be empty (an unevaluated record); the step requires it
  const evaluation = useMemo<EntityDef | undefined>(() => (def ? { ...def, schema: { ...def.schema, required: ['evaluateLevel'] } } : undefined), [def]);
  if (!evaluation) return null;
  return (
    <section className="dj-party-space__evaluate" data-testid="evaluate-form">
      <h3 className="dj-party-space__section-title">{title}</h3>
      <MemberForm
        entity={evaluation}
        fields={FIELDS}
        submitText="提交评价"
        onSubmit={async (v) => {
          const content = typeof v.evaluateContent === 'string' ? v.evaluateContent.trim() : '';
          await onSubmit({ evaluateLevel: v.evaluateLevel as number, ...(content ? { evaluateContent: content } : {}) });
          void toastSuccess('评价已提交，感谢您的反馈');
          onDone();
        }}
      />
    </section>
  );
}
