/**
 * The header's message preview and unread count (core §3 `messageList`, `unReadCount`) live in the
 * store; this is the one way to (re)load them. The bell loads them on mount; a page that reads a
 * message or marks all read calls `refreshMessages` too, so the badge and the 重要通知 dropdown
 * follow at once, without a reload.
 */
import { siteMessageService } from '../api/endpoints';
import { setState } from './store';

export type MessageSource = 1 | 2;

/** the source the header shows (set by the bell): a page of the other space must not overwrite it */
let shownSource: MessageSource | null = null;
/** answers of an older refresh arriving after a newer one are dropped */
let generation = 0;

/** Reloads the preview (six, unread first) and the unread count of a source into the store. */
export async function refreshMessages(source: MessageSource): Promise<void> {
  if (shownSource !== null && shownSource !== source) return;
  const mine = ++generation;
  const [preview, count] = await Promise.all([
    siteMessageService.preview(source).catch(() => undefined),
    siteMessageService.unreadCount(source).catch(() => undefined),
  ]);
  if (mine !== generation) return;
  setState({
    ...(preview ? { messageList: preview.items ?? [] } : {}),
    ...(count !== undefined ? { unReadCount: Number(count) || 0 } : {}),
  });
}

/** The bell: the header shows this source from now on, loaded at once. */
export function showMessages(source: MessageSource): Promise<void> {
  shownSource = source;
  return refreshMessages(source);
}
