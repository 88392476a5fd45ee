import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { AppContext } from '../context';
import type { JobDef } from '../jobs/runner';
import type { FileStorage } from './storage';
import { mediaTools, probeCodecs } from './media-info';

/** The job kind of HLS packaging; its key is the file id (one job a file). */
export const HLS_JOB = 'files.hls';

type Codecs = Awaited<ReturnType<typeof probeCodecs>>;

/**
 * H.264 video (in 4:2:0, what every browser decodes) with AAC audio or none is cut into segments as
 * it is (`-c copy`: seconds, no quality lost); anything else is transcoded to H.264/AAC.
 */
export function hlsPlan(codecs: Codecs): 'copy' | 'encode' {
  if (!codecs || codecs.video !== 'h264') return 'encode';
  if (codecs.pixFmt && !['yuv420p', 'yuvj420p'].includes(codecs.pixFmt)) return 'encode';
  return codecs.audio === null || codecs.audio === 'aac' ? 'copy' : 'encode';
}

/** ffmpeg's arguments for one packaging: the source, the playlist folder and the plan. */
export function hlsArgs(source: string, outDir: string, plan: 'copy' | 'encode') {
  const codec = plan === 'copy'
    ? ['-c', 'copy', '-bsf:v', 'h264_mp4toannexb']
    : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k'];
  return [
    '-hide_banner', '-y', '-i', source, '-map', '0:v:0', '-map', '0:a:0?', ...codec,
    '-f', 'hls', '-hls_time', '6', '-hls_playlist_type', 'vod', '-hls_segment_filename', join(outDir, 'seg%05d.ts'),
    '-progress', 'pipe:1', '-nostats', join(outDir, 'index.m3u8'),
  ];
}

type FileForHls = { id: string; storageKey: string; durationSeconds: number | null };

/** Runs ffmpeg once for a file; resolves on success, rejects on failure; killed when `signal` aborts. */
async function packageHls(ctx: AppContext, storage: FileStorage, file: FileForHls, signal: AbortSignal) {
  const source = storage.objectPath(file.storageKey);
  const plan = hlsPlan(await probeCodecs(source));
  const args = hlsArgs(source, storage.hlsDir(file.storageKey), plan);
  await new Promise<void>((resolve, reject) => {
    const p = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let last = 0;
    let errTail = '';
    p.stdout.on('data', (d: Buffer) => {
      const m = /out_time_us=(\d+)/.exec(d.toString());
      if (!m || !file.durationSeconds) return;
      const pct = Math.min(99, Math.floor(Number(m[1]) / 1e6 / file.durationSeconds * 100));
      if (pct >= last + 10) {
        last = pct;
        void ctx.db.updateTable('files').set({ hlsProgress: pct }).where('id', '=', file.id).execute().catch(() => {});
      }
    });
    p.stderr.on('data', (d: Buffer) => (errTail = (errTail + d.toString()).slice(-500)));
    const kill = () => p.kill('SIGKILL');
    signal.addEventListener('abort', kill, { once: true });
    p.on('error', (err) => reject(err));
    p.on('close', (code) => {
      signal.removeEventListener('abort', kill);
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg (${plan}) exited with ${code}: ${errTail.trim().split('\n').pop() ?? ''}`));
    });
  });
}

/**
 * The packaging job (registered by the file server on a machine with ffmpeg): taken by whichever
 * process is free, at most JOB_CONCURRENCY at once on a machine, retried with back-off. Progress is
 * kept on the file row (what VodService/GetVideoPlayAuth reports); the end goes through the same
 * hook an external transcoder calls (VodService/AliVideoCallBack).
 */
export function hlsJob(ctx: AppContext, storage: FileStorage): JobDef<{ fileId: string }> {
  return {
    kind: HLS_JOB,
    concurrency: ctx.config.jobs.concurrency,
    run: async ({ fileId }, job) => {
      const f = await ctx.db.selectFrom('files').select(['id', 'storageKey', 'durationSeconds', 'hlsStatus']).where('id', '=', fileId).executeTakeFirst();
      if (!f || f.hlsStatus === 'ready') return;
      await ctx.db.updateTable('files').set({ hlsStatus: 'processing', hlsProgress: 0 }).where('id', '=', f.id).execute();
      await packageHls(ctx, storage, f, job.signal);
      if (!job.signal.aborted) await completeHls(ctx, f.id, true);
    },
    onFailed: async ({ fileId }) => completeHls(ctx, fileId, false),
  };
}

type VideoRow = { id: string; kind: string; hlsStatus: string | null };

/**
 * Queues the packaging of a video that has no playlist yet: a new upload, one reused by checksum
 * (md5Check, a merge of known bytes) whose first upload predates ffmpeg, a seeded one. A job already
 * queued or running is left as it is. Returns the status to report.
 */
export async function ensureHls(ctx: AppContext, f: VideoRow): Promise<string | null> {
  if (f.kind !== 'video' || f.hlsStatus === 'ready' || f.hlsStatus === 'failed' || !mediaTools().ffmpeg) return f.hlsStatus;
  await ctx.db.updateTable('files').set({ hlsStatus: 'processing', hlsProgress: 0 }).where('id', '=', f.id).where('hlsStatus', 'is', null).execute();
  // the source and its playlist are on this machine's disk (storage.ts, DATA_DIR/files): only its processes
  // may package it; with storage every machine shares, any machine's may (thisMachine: false)
  await ctx.jobs.enqueue(HLS_JOB, f.id, { fileId: f.id }, { thisMachine: true });
  return 'processing';
}

/** At start: queues the videos left without a playlist (the demo's, or files from before the job queue); queued jobs need nothing. */
export async function resumeHlsJobs(ctx: AppContext) {
  if (!mediaTools().ffmpeg) return;
  const rows = await ctx.db
    .selectFrom('files')
    .select(['id', 'kind', 'hlsStatus'])
    .where('kind', '=', 'video')
    .where('attachClass', '=', 5)
    .where((eb) => eb.or([eb('hlsStatus', 'is', null), eb('hlsStatus', '=', 'processing')]))
    .execute();
  for (const f of rows) await ensureHls(ctx, f);
}

/** The completion hook: marks the packaging done or failed. */
export async function completeHls(ctx: AppContext, fileId: string, ok: boolean) {
  try {
    await ctx.db.updateTable('files').set({ hlsStatus: ok ? 'ready' : 'failed', hlsProgress: ok ? 100 : null }).where('id', '=', fileId).execute();
  } catch (err) {
    ctx.log.warn({ err, fileId }, 'HLS status update failed');
  }
}
