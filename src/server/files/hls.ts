import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { AppContext } from '../context';
import type { FileStorage } from './storage';
import { mediaTools } from './media-info';

/**
 * Background HLS packaging when ffmpeg is on the machine: H.264/AAC sources are remuxed, others
 * transcoded. Progress is kept on the file row; completion goes through the same hook an external
 * transcoder calls (VodService/AliVideoCallBack).
 */
export function startHlsJob(ctx: AppContext, storage: FileStorage, file: { id: string; storageKey: string; durationSeconds: number | null }, source: string) {
  if (!mediaTools().ffmpeg || running.has(file.id) || stopping) return false;
  let finish!: () => void;
  running.set(file.id, new Promise<void>((r) => (finish = r)));
  const out = storage.hlsDir(file.storageKey);
  const args = [
    '-hide_banner', '-y', '-i', source,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-c:a', 'aac', '-b:a', '128k',
    '-f', 'hls', '-hls_time', '6', '-hls_playlist_type', 'vod', '-hls_segment_filename', join(out, 'seg%05d.ts'),
    '-progress', 'pipe:1', '-nostats', join(out, 'index.m3u8'),
  ];
  void ctx.db.updateTable('files').set({ hlsStatus: 'processing', hlsProgress: 0 }).where('id', '=', file.id).execute();
  const p = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'ignore'] });
  children.add(p);
  let last = 0;
  p.stdout.on('data', (d: Buffer) => {
    const m = /out_time_us=(\d+)/.exec(d.toString());
    if (!m || !file.durationSeconds) return;
    const pct = Math.min(99, Math.floor(Number(m[1]) / 1e6 / file.durationSeconds * 100));
    if (pct >= last + 10) {
      last = pct;
      void ctx.db.updateTable('files').set({ hlsProgress: pct }).where('id', '=', file.id).execute().catch(() => {});
    }
  });
  const done = (ok: boolean) => {
    children.delete(p);
    if (!running.delete(file.id)) return;
    // a job cut short by a stop is handed back: its row stays 'processing' and the next start resumes it
    if (stopping) return finish();
    void completeHls(ctx, file.id, ok).finally(finish);
  };
  p.on('error', () => done(false));
  p.on('close', (code) => done(code === 0));
  return true;
}

/** Files being packaged by this process, each with the end of its job. */
const running = new Map<string, Promise<void>>();
const children = new Set<ChildProcess>();
let stopping = false;

/** A stop: no new job starts, running ffmpeg processes are ended, their files are left to the next start. Answers how many were running. */
export async function stopHlsJobs(): Promise<number> {
  stopping = true;
  const jobs = [...running.values()];
  for (const p of children) p.kill('SIGTERM');
  await Promise.all(jobs);
  return jobs.length;
}

type VideoRow = { id: string; storageKey: string; durationSeconds: number | null; kind: string; hlsStatus: string | null };

/**
 * Packages a video that has no playlist yet and is not being packaged: one reused by checksum
 * (md5Check, a merge of known bytes) whose first upload predates ffmpeg, a seeded one, or one whose
 * job a restart cut short. Returns the status to report.
 */
export function ensureHls(ctx: AppContext, storage: FileStorage, f: VideoRow): string | null {
  if (f.kind !== 'video' || f.hlsStatus === 'ready' || f.hlsStatus === 'failed' || running.has(f.id)) return f.hlsStatus;
  return startHlsJob(ctx, storage, f, storage.objectPath(f.storageKey)) ? 'processing' : f.hlsStatus;
}

/** At start: packages the videos left without a playlist (the demo's, or jobs a restart interrupted), one after another. */
export async function resumeHlsJobs(ctx: AppContext, storage: FileStorage) {
  if (!mediaTools().ffmpeg) return;
  const rows = await ctx.db
    .selectFrom('files')
    .select(['id', 'storageKey', 'durationSeconds', 'kind', 'hlsStatus'])
    .where('kind', '=', 'video')
    .where('attachClass', '=', 5)
    .where((eb) => eb.or([eb('hlsStatus', 'is', null), eb('hlsStatus', '=', 'processing')]))
    .execute();
  for (const f of rows) {
    ensureHls(ctx, storage, { ...f, hlsStatus: null });
    await running.get(f.id);
  }
}

/** The completion hook: marks the packaging done or failed. */
export async function completeHls(ctx: AppContext, fileId: string, ok: boolean) {
  try {
    await ctx.db.updateTable('files').set({ hlsStatus: ok ? 'ready' : 'failed', hlsProgress: ok ? 100 : null }).where('id', '=', fileId).execute();
  } catch (err) {
    ctx.log.warn({ err, fileId }, 'HLS status update failed');
  }
}
