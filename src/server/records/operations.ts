import type { Builder } from './op-kit';
import { CRUD_OPERATIONS } from './ops/crud';
import { LIST_OPERATIONS } from './ops/lists';
import { REPORT_OPERATIONS } from './ops/reports';
import { MARK_OPERATIONS } from './ops/marks';
import { REPLY_OPERATIONS } from './ops/replies';
import { ISSUE_OPERATIONS } from './ops/issues';
import { WORKFLOW_OPERATIONS } from './ops/workflow';
import { PARTICIPANT_OPERATIONS } from './ops/participants';
import { CHILD_OPERATIONS } from './ops/children';
import { STATISTICS_OPERATIONS } from './ops/statistics';
import { IMPORT_OPERATIONS } from './ops/import';

/**
 * The registry of the generic operations a configured action maps onto (`"op"` in an entity file's
 * `x-service`), one family per file in ops/. Each builder returns an ordinary ActionDef, so
 * configured services get the same permission check, envelope, validation and OpenAPI entry as
 * hand-written ones. What the builders share (input schemas, filters, paging, scope, record DTOs)
 * is in op-kit.ts; the store's queries in store.ts.
 */
export type { Builder, OpContext } from './op-kit';

export const OPERATIONS: Record<string, Builder> = {
  ...CRUD_OPERATIONS,
  ...LIST_OPERATIONS,
  ...REPORT_OPERATIONS,
  ...MARK_OPERATIONS,
  ...REPLY_OPERATIONS,
  ...ISSUE_OPERATIONS,
  ...WORKFLOW_OPERATIONS,
  ...PARTICIPANT_OPERATIONS,
  ...CHILD_OPERATIONS,
  ...STATISTICS_OPERATIONS,
  ...IMPORT_OPERATIONS,
};
