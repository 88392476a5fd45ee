/**
 * Audit: the record read-only plus the decision (通过 / 不通过, a remark required on rejection) posted
 * to the screen's decision call — the same decision form as a workflow transition.
 */
import { toastSuccess } from '../api/toast';
import { invoke } from './calls';
import { DetailView } from './detail';
import { DEFAULT_SUCCESS } from './success';
import { DecisionForm } from './transition';
import type { DecisionDef, DetailDef, EntityDef } from './types';

export { REMARK_REQUIRED } from './transition';

export function AuditPanel({ decision, detail, entity, record, onDone }: { decision: DecisionDef; detail?: DetailDef; entity?: EntityDef; record: Record<string, unknown>; onDone: () => void }) {
  return (
    <div data-testid="audit-panel">
      <DetailView detail={detail} entity={entity} record={record} />
      <DecisionForm
        spec={{ decision: true, remark: 'onReject', approveLabel: decision.approveLabel, rejectLabel: decision.rejectLabel, remarkTitle: decision.remarkTitle ?? '审核意见', remarkMessage: decision.remarkMessage }}
        record={null}
        submitText="提交审核"
        submitTestId="audit-submit"
        onSubmit={async (body) => {
          await invoke(decision.call, 'action', { id: record[decision.idField ?? 'id'], approved: body.approved, remark: body.remark }, { silent: true });
          void toastSuccess(decision.success ?? DEFAULT_SUCCESS);
          onDone();
        }}
      />
    </div>
  );
}
