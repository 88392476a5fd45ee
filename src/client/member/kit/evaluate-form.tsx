/**
 * The evaluation of a finished workflow record (the step `evaluate`: a transfer, a flow, a help
 * record): 满意度 — required by the step, not by the entity, which lets it be empty until then — and
 * 评价内容, from the entity's own schema.
 */
import { useMemo } from 'react';
import type { EntityDef } from '../../engine/types';
import { toastSuccess } from '../../api/toast';
import { MemberForm } from './member-form';
import { useEntity } from './use-entity';
import './workflow.css';

export interface Evaluation {
  evaluateLevel: number;
  evaluateContent?: string;
}

export interface EvaluateFormProps {
  entity: string;
  title: string;
  onSubmit: (evaluation: Evaluation) => Promise<unknown>;
  onDone: () => void;
}

const FIELDS = ['evaluateLevel', 'evaluateContent'];

export function EvaluateForm({ entity, title, onSubmit, onDone }: EvaluateFormProps) {
  const { entity: def } = useEntity(entity);
  const evaluation = useMemo<EntityDef | undefined>(() => (def ? { ...def, schema: { ...def.schema, required: ['evaluateLevel'] } } : undefined), [def]);
  if (!evaluation) return null;
  return (
    <section className="dj-workflow__evaluate" data-testid="evaluate-form">
      <h3 className="dj-workflow__section-title">{title}</h3>
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
