import type { AppContext } from '../context';
import type { CurrentUser } from '../http/auth';
import { recordHoldsFileFor } from '../records/file-holders';

/**
 * Who may download a file by id (classes 2 and 4 are served only so): its uploader, or whoever may
 * read a record that holds it. Deny by default — a domain that stores such file ids registers its
 * holder (its `fileHolders` in index.ts), answering with the same visibility rule as its own loader
 * (docs/SECURITY.md).
 */
export type FileHolder = (ctx: AppContext, user: CurrentUser, fileId: string) => Promise<boolean>;

/** configured records with FileUpload fields: their owners, their parents' owners, administrators of their subtree */
const HOLDERS: FileHolder[] = [recordHoldsFileFor];

/** Called by the composition root with each domain's holders. */
export function registerFileHolders(holders: FileHolder[]) {
  for (const h of holders) if (!HOLDERS.includes(h)) HOLDERS.push(h);
}

export async function mayReadFile(ctx: AppContext, user: CurrentUser, file: { id: string; uploaderUserId: number | null }) {
  if (file.uploaderUserId === user.userId) return true;
  for (const holds of HOLDERS) if (await holds(ctx, user, file.id)) return true;
  return false;
}
