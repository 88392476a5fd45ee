import type { ActionDef } from '../http/actions';

/** Issue 14 — filled in by its part (see src/server/services/train-class.ts). */
/** TrainClassService actions of this part (notes, training records) */
export const classCourseActions: Record<string, ActionDef> = {};
/** TrainClassCourseService actions */
export const courseActions: Record<string, ActionDef> = {};
