import { CLASS_POLICY } from './policy';
import { hhmmss } from './media-info';

/**
 * What the platform answers about a stored file, for the file server and every domain that plays
 * or links one (resources, live replays, upload results): one place for the addresses.
 */
export type FileRow = { id: string; storageKey: string; name: string; size: number; attachClass: number; kind: string; contentType: string; durationSeconds: number | null; hlsStatus: string | null };

export const publicPath = (key: string) => `/file/f/${key}`;

/** The upload answer: path and id, and `value` (id for classes 2 and 4, else path) as the client stores it. */
export function uploadResult(f: FileRow) {
  const path = publicPath(f.storageKey);
  return { id: f.id, name: f.name, size: Number(f.size), path, url: path, value: CLASS_POLICY[f.attachClass]?.byId ? f.id : path, contentType: f.contentType };
}

/** The video upload result of core §3. */
export function mediaResult(f: FileRow, ifExist: boolean) {
  const orgfile = publicPath(f.storageKey);
  const url = f.hlsStatus && f.hlsStatus !== 'failed' ? `/file/hls/${f.storageKey}/index.m3u8` : orgfile;
  return { id: f.id, url, orgfile, share: orgfile, metadata: { time: Math.round(f.durationSeconds ?? 0) }, duration: hhmmss(f.durationSeconds), ifExist, hlsStatus: f.hlsStatus };
}

/**
 * Where a player loads a stored media file: its HLS playlist once packaging is ready, else the
 * address the record holds (the file itself).
 */
export const playableUrl = (file: { hlsStatus: string | null; storageKey: string | null }, fallback: string | null) =>
  file.hlsStatus === 'ready' && file.storageKey ? `/file/hls/${file.storageKey}/index.m3u8` : fallback;
