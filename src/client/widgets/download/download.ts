/**
 * The download helper (core §7): an upload-auth call gives a short-lived token, then the browser goes
 * to /file/download (the server answers with Content-Disposition: attachment, so the page stays).
 * The call names the file: the server checks there that the caller may read it and binds the token
 * to that one file.
 * iOS devices are refused with a message (core §8).
 */
import { api } from '../../api/request';
import { toastError } from '../../api/toast';
import { servicePath } from '../../../contract/paths';
import { DEFAULT_PROJECT, isIOS, UPLOAD_MSG } from '../upload-core/limits';

export const downloadUrl = (a: { project: string; token: string; id: string }) =>
  `/file/download?${new URLSearchParams({ project: a.project, token: a.token, id: a.id })}`;

/** Resolves to the address it navigated to, or null when refused (iOS). */
export async function downloadFile(id: string, opts: { project?: string; navigate?: (url: string) => void } = {}): Promise<string | null> {
  if (isIOS()) {
    void toastError(UPLOAD_MSG.iosDownload);
    return null;
  }
  const auth = await api.get<{ project: string; token: string }>(servicePath('ResourceLibaryService', 'GetUpLoadAuth'), { project: opts.project ?? DEFAULT_PROJECT, id });
  const url = downloadUrl({ project: auth.project, token: auth.token, id });
  (opts.navigate ?? ((u: string) => window.location.assign(u)))(url);
  return url;
}

/**
 * Saves a file the client already holds (an export, an import template) under its name. iOS is
 * refused with the same message as downloadFile (core §8); returns false then.
 */
export function saveBlob(blob: Blob, fileName: string): boolean {
  if (isIOS()) {
    void toastError(UPLOAD_MSG.iosDownload);
    return false;
  }
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // the browser has taken the bytes once the click is handled
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
