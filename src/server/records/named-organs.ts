import { AUDIT_WORKFLOW, type WorkflowDef } from '../workflow/types';
import type { EntityFile } from './entities';

/** The entity's workflow: its own, or the one-step audit of `auditOnCreate`. */
export const workflowOf = (entity: EntityFile): WorkflowDef | null => entity.service?.workflow ?? (entity.service?.auditOnCreate ? AUDIT_WORKFLOW : null);

/** Body fields naming organisations that a step's actor is found by (two-sided transfers). */
export const fieldActors = (wf: WorkflowDef | null) =>
  [...new Set(Object.values(wf?.transitions ?? {}).flatMap((t) => (typeof t.actor === 'object' ? [t.actor.field] : [])))];

/** Body fields naming other organisations the record concerns: its field actors and `organFields`. */
export const namedOrganFields = (entity: EntityFile) => [...new Set([...fieldActors(workflowOf(entity)), ...(entity.service?.organFields ?? [])])];

/**
 * The body field whose organisation's path `records.named_organ_path` carries (migration 016): the
 * one an entity names, if it names exactly one; an entity naming several keeps the per-record test.
 */
export const namedOrganColumnField = (entity: EntityFile) => {
  const fields = namedOrganFields(entity);
  return fields.length === 1 ? fields[0] : null;
};
