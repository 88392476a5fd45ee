import type { ActionDef } from '../../http/actions';
import { classAdminActions } from './class-admin';
import { classAllocationActions } from './class-allocations';
import { classStudentActions } from './class-students';
import { classMemberActions } from './class-member';

export { CLASS_MSG } from './class-common';

/**
 * 培训班 (docs/training.md "Classes"): a class of the administrator's organisation with a teaching
 * scope, dates and places; members apply and the organiser audits, or he adds students directly;
 * places are allocated to organisations of the scope (distributive). The class itself
 * (class-admin.ts), its places (class-allocations.ts), its students (class-students.ts) and the
 * members' side (class-member.ts) are gathered here in the contract's order; courses, notes, minds
 * and rotation batches are modules of their own over the same tables.
 */
export const classCoreActions: Record<string, ActionDef> = {
  ...classAdminActions,
  ...classAllocationActions,
  ...classStudentActions,
  ...classMemberActions,
};
