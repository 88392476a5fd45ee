import type { AppContext } from '../context';
import type { CurrentUser } from '../http/auth';
import { declarationHoldsFileFor } from './study-period';
import { resourceHoldsFileFor } from './resource-library';
import { recordHoldsFileFor } from '../records/file-holders';

/**
 * Who may download a file by id (classes 2 and 4 are served only so): its uploader, or whoever may
 * read a record that holds it. Deny by default — a service that stores such file ids adds its
 * holder here, answering with the same visibility rule as its own loader (docs/SECURITY.md).
 */
type FileHolder = (ctx: AppContext, user: CurrentUser, fileId: string) => Promise<boolean>;

const HOLDERS: FileHolder[] = [
  declarationHoldsFileFor, // offline declarations: the declarant and the auditors over his organisation
  resourceHoldsFileFor, // resources: their readers
  recordHoldsFileFor, // configured records with FileUpload fields: their owners, their parents' owners, administrators of their subtree
];

export async function mayReadFile(ctx: AppContext, user: CurrentUser, file: { id: string; uploaderUserId: number | null }) {
  if (file.uploaderUserId === user.userId) return true;
  for (const holds of HOLDERS) if (await holds(ctx, user, file.id)) return true;
  return false;
}
