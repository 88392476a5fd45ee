import type { ActionDef } from '../http/actions';

/** Issue 14 — filled in by its part (see src/server/services/train-class.ts). */
export const classCoreActions: Record<string, ActionDef> = {};
