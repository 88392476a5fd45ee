/**
 * The background-job queue (src/server/jobs/) on the real database: the concurrency cap across the
 * processes of a machine, retries with back-off and a failure for good, a dead process's job taken
 * by another once its lease has passed, jobs handed back on stop, jobs surviving a restart, a
 * periodic sweep run once across processes; video packaging through it (remux of H.264/AAC, a
 * transcode otherwise, a broken video failed after its retries); and, on PostgreSQL, two real
 * processes sharing the queue while one of them is killed.
 * Runners made here poll only when told (`nudge`) and read the harness's clock, so nothing depends
 * on timing: every wait polls for a state with a generous bound.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multipart, onPostgres, startTestApp, svc, type TestApp } from './harness';
import { JobRunner, type JobDef } from '../../src/server/jobs/runner';
import { claimJob, enqueueJob, jobByKey } from '../../src/server/jobs/queue';
import { jobSettings } from '../../src/server/config';
import { mediaTools } from '../../src/server/files/media-info';
import { HLS_JOB } from '../../src/server/files/hls';

const quiet = { warn() {}, info() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false> | T | null | undefined | false, boundMs = 60_000): Promise<T> {
  const until = Date.now() + boundMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`still waiting for ${what}`);
    await sleep(50);
  }
}
const gate = () => {
  let open!: () => void;
  const p = new Promise<void>((r) => (open = r));
  return { p, open };
};

let app: TestApp;
const runners: JobRunner[] = [];
/** A process's job runner on the app's database and clock; it claims only when nudged. */
function runner(group: string, o: Partial<ConstructorParameters<typeof JobRunner>[0]> = {}) {
  const r = new JobRunner({ db: app.db, now: () => app.ctx.now(), log: quiet, group, pollMs: 3600_000, leaseMs: 30_000, retryBaseMs: 60_000, maxAttempts: 3, stopGraceMs: 0, ...o });
  runners.push(r);
  return r;
}
const rows = (kind: string) => app.db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id').execute();

beforeAll(async () => {
  app = await startTestApp({ seed: false });
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop(0)));
});
afterAll(async () => {
  await app.close();
});

describe('the job queue', () => {
  it('the server runs its sweeps through it: the exam sweep once for all, the chunk clean-up once a machine', async () => {
    await waitFor('sweeps scheduled', async () => (await rows('exam.close-expired')).length && (await rows('files.sweep')).length);
    expect(await rows('exam.close-expired')).toMatchObject([{ key: '', groupOnly: null }]);
    expect(await rows('files.sweep')).toMatchObject([{ key: app.ctx.config.jobs.group, groupOnly: app.ctx.config.jobs.group }]);
    await waitFor('first sweeps ran', async () => (await rows('exam.close-expired'))[0].finishedAt && (await rows('files.sweep'))[0].finishedAt);
  });

  it('holds the concurrency cap across the processes of one machine; another machine has its own', async () => {
    let release = false;
    const gates: ReturnType<typeof gate>[] = [];
    const seen: Record<string, { active: number; max: number }> = { m1: { active: 0, max: 0 }, m2: { active: 0, max: 0 } };
    let started = 0;
    const def = (group: string): JobDef<{ n: number }> => ({
      kind: 'test.cap',
      concurrency: 2,
      run: async () => {
        const s = seen[group];
        s.active++;
        s.max = Math.max(s.max, s.active);
        started++;
        if (!release) {
          const g = gate();
          gates.push(g);
          await g.p;
        }
        s.active--;
      },
    });
    const [a, b] = [runner('m1'), runner('m1')];
    a.register(def('m1'));
    b.register(def('m1'));
    for (let n = 1; n <= 6; n++) await a.enqueue('test.cap', `job-${n}`, { n });
    await a.start();
    await b.start();
    await Promise.all([a.nudge(), b.nudge()]);
    await waitFor('two jobs started', () => started >= 2);
    // both processes look again: the machine's two places are taken
    await Promise.all([a.nudge(), b.nudge()]);
    expect(started).toBe(2);
    const running = (await rows('test.cap')).filter((j) => j.status === 'running');
    expect(running).toHaveLength(2);
    expect(new Set(running.map((j) => j.lockedGroup))).toEqual(new Set(['m1']));
    // a second machine is not held by the first one's cap
    const c = runner('m2');
    c.register(def('m2'));
    await c.start();
    await c.nudge();
    await waitFor('the other machine started', () => started >= 4);
    expect(started).toBe(4);
    release = true;
    gates.forEach((g) => g.open());
    await waitFor('every job done', async () => (await rows('test.cap')).every((j) => j.status === 'done'));
    expect(seen.m1.max).toBe(2);
    expect(seen.m2.max).toBeLessThanOrEqual(2);
    expect((await rows('test.cap')).map((j) => j.attempts)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('retries a failing job with a doubling back-off, then fails it for good and says so once', async () => {
    app.freeze('2026-03-02T02:00:00Z');
    const failed: string[] = [];
    let tries = 0;
    const r = runner('m1', { retryBaseMs: 60_000, maxAttempts: 3 });
    r.register<{ n: number }>({
      kind: 'test.fail',
      run: async () => {
        tries++;
        throw new Error(`转码失败 ${tries}`);
      },
      onFailed: async (_p, error) => void failed.push(error),
    });
    await r.enqueue('test.fail', 'one', { n: 1 });
    await r.start();
    const t0 = app.ctx.now().getTime();
    const job = () => jobByKey(app.db, 'test.fail', 'one').then((j) => j!);
    await waitFor('first failure', async () => (await job()).status === 'queued' && (await job()).attempts === 1);
    expect((await job()).runAt.getTime() - t0).toBe(60_000);
    expect((await job()).lastError).toBe('转码失败 1');
    // not due yet: nothing is claimed
    await r.nudge();
    expect(tries).toBe(1);
    app.advance(60_000);
    await r.nudge();
    await waitFor('second failure', async () => (await job()).attempts === 2 && (await job()).status === 'queued');
    expect((await job()).runAt.getTime() - app.ctx.now().getTime()).toBe(120_000);
    app.advance(119_000);
    await r.nudge();
    expect(tries).toBe(2);
    app.advance(1000);
    await r.nudge();
    await waitFor('failed for good', async () => (await job()).status === 'failed');
    expect(tries).toBe(3);
    expect(failed).toEqual(['转码失败 3']);
    app.advance(3600_000);
    await r.nudge();
    expect(tries).toBe(3);
  });

  it('a job whose process died is taken by another once its lease has passed, and by nobody before', async () => {
    app.freeze('2026-03-02T03:00:00Z');
    const ran: number[] = [];
    const b = runner('m1', { leaseMs: 30_000 });
    // a cap of 2: what keeps the job from b is its lease, not the cap
    b.register<{ n: number }>({ kind: 'test.lease', concurrency: 2, run: async (_p, j) => void ran.push(j.attempt) });
    await enqueueJob(app.db, { kind: 'test.lease', key: 'k', runAt: app.ctx.now() });
    // a process claims it, then dies: no renewal, no completion
    const dead = await claimJob(app.db, { kind: 'test.lease', worker: 'm1:999:dead', group: 'm1', cap: 1, leaseMs: 30_000, now: app.ctx.now() });
    expect(dead?.lockedBy).toBe('m1:999:dead');
    await b.start();
    await b.nudge();
    app.advance(29_000);
    await b.nudge();
    expect(ran).toEqual([]);
    expect((await jobByKey(app.db, 'test.lease', 'k'))!.lockedBy).toBe('m1:999:dead');
    app.advance(1000);
    await b.nudge();
    await waitFor('taken again', async () => (await jobByKey(app.db, 'test.lease', 'k'))!.status === 'done');
    expect(ran).toEqual([2]);
  });

  it('a job that keeps losing its process is failed after its attempts, not run forever', async () => {
    app.freeze('2026-03-02T04:00:00Z');
    const failed: string[] = [];
    const b = runner('m1', { leaseMs: 10_000, maxAttempts: 2 });
    let ran = 0;
    b.register({ kind: 'test.crashy', run: async () => void ran++, onFailed: async (_p, e) => void failed.push(e) });
    await enqueueJob(app.db, { kind: 'test.crashy', key: 'k', runAt: app.ctx.now(), maxAttempts: 2 });
    for (const w of ['m1:1:dead', 'm1:2:dead']) {
      expect(await claimJob(app.db, { kind: 'test.crashy', worker: w, group: 'm1', cap: 1, leaseMs: 10_000, now: app.ctx.now() })).toBeTruthy();
      app.advance(10_000);
    }
    await b.start();
    await b.nudge();
    await waitFor('failed', async () => (await jobByKey(app.db, 'test.crashy', 'k'))!.status === 'failed');
    expect(ran).toBe(0);
    expect(failed).toHaveLength(1);
  });

  it('stop() stops claiming and hands a running job back, its attempt not counted; another process finishes it', async () => {
    app.freeze('2026-03-02T05:00:00Z');
    let aborted = false;
    const a = runner('m1');
    a.register({ kind: 'test.handback', run: (_p, j) => new Promise<void>((resolve) => j.signal.addEventListener('abort', () => ((aborted = true), resolve()))) });
    await a.enqueue('test.handback', 'k');
    await a.enqueue('test.handback', 'k2', {}, { delayMs: 1000 });
    await a.start();
    await waitFor('running', async () => (await jobByKey(app.db, 'test.handback', 'k'))!.status === 'running');
    // draining then app.close(): the second call waits for the first
    await Promise.all([a.stop(0), a.stop(0)]);
    expect(aborted).toBe(true);
    expect(await jobByKey(app.db, 'test.handback', 'k')).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    app.advance(1000);
    await a.nudge();
    expect((await jobByKey(app.db, 'test.handback', 'k2'))!.status).toBe('queued');
    const b = runner('m1');
    b.register({ kind: 'test.handback', run: async () => {} });
    await b.start();
    await waitFor('finished by the other', async () => (await rows('test.handback')).every((j) => j.status === 'done'));
  });

  it('a periodic sweep runs once per period across every process', async () => {
    app.freeze('2026-03-02T06:00:00Z');
    let runs = 0;
    const sweep: JobDef = { kind: 'test.sweep', everyMs: 60_000, run: async () => void runs++ };
    const [a, b] = [runner('m1'), runner('m2')];
    a.register(sweep);
    b.register(sweep);
    await a.start();
    await b.start();
    await waitFor('first sweep', async () => runs === 1 && (await jobByKey(app.db, 'test.sweep', ''))!.status === 'queued');
    await Promise.all([a.nudge(), b.nudge()]);
    expect(runs).toBe(1);
    app.advance(60_000);
    await Promise.all([a.nudge(), b.nudge()]);
    await waitFor('second sweep', async () => runs === 2 && (await jobByKey(app.db, 'test.sweep', ''))!.status === 'queued');
    await Promise.all([a.nudge(), b.nudge()]);
    expect(runs).toBe(2);
    expect((await rows('test.sweep'))).toHaveLength(1);
  });

  it.skipIf(onPostgres)('queued jobs survive a restart of the server (PGlite on disk)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'party-jobs-'));
    try {
      const first = await startTestApp({ seed: false, dataDir });
      await first.ctx.jobs.enqueue('test.persist', 'after-restart', { note: '重启后继续' });
      await first.close();
      const second = await startTestApp({ seed: false, dataDir });
      try {
        const got: unknown[] = [];
        const r = new JobRunner({ db: second.db, now: () => second.ctx.now(), log: quiet, group: 'm1', pollMs: 3600_000, leaseMs: 30_000, retryBaseMs: 1000, maxAttempts: 3, stopGraceMs: 0 });
        r.register({ kind: 'test.persist', run: async (p) => void got.push(p) });
        await r.start();
        await waitFor('run after restart', async () => (await jobByKey(second.db, 'test.persist', 'after-restart'))?.status === 'done');
        expect(got).toEqual([{ note: '重启后继续' }]);
        await r.stop(0);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    }
  }, 240_000);
});

const hasFfmpeg = () => mediaTools().ffmpeg && mediaTools().ffprobe;

/** Merges one video through the chunked upload as the client does; answers the merge's result. */
async function uploadVideo(a: TestApp, token: string, bytes: Buffer, name: string) {
  const md5 = createHash('md5').update(bytes.subarray(0, 31457280)).digest('hex');
  const id = `${md5}-${bytes.length}`;
  const auth = (await a.call('GET', svc('VodService', 'GetUploadAuthor'), { token })).body.result;
  const { payload, contentType } = multipart({ uploadkey: auth.uploadkey, identifier: id, chunkNumber: '1', totalChunks: '1' }, { name: 'blob', content: bytes });
  expect((await a.call('POST', '/file/chunk', { token, headers: { 'content-type': contentType }, rawBody: payload })).status).toBe(200);
  const merged = await a.call('POST', '/file/chunksMerge', { token, body: { name: id, chunks: 1, ext: 'mp4', fileoldname: name, md5, uploadkey: auth.uploadkey } });
  expect(merged.status, JSON.stringify(merged.body)).toBe(200);
  return merged.body.result as { id: string; url: string; hlsStatus: string | null };
}

/** What GetVideoPlayAuth (where the client shows packaging) says, once it says ready or failed. */
async function packaged(a: TestApp, token: string, id: string) {
  return waitFor('packaging finished', async () => {
    const r = (await a.call('GET', svc('VodService', 'GetVideoPlayAuth'), { token, query: { id } })).body.result;
    return r.hlsStatus === 'ready' || r.hlsStatus === 'failed' ? r : null;
  }, 120_000);
}

const probe = (path: string) => JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,profile', '-of', 'json', path]).toString()).streams as { codec_type: string; codec_name: string; profile?: string }[];

describe.skipIf(!hasFfmpeg())('video packaging through the queue', () => {
  let media: TestApp;
  let token: string;
  const dir = mkdtempSync(join(tmpdir(), 'party-hls-jobs-'));
  const make = (name: string, args: string[]) => {
    const out = join(dir, name);
    execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', ...args, '-shortest', out]);
    return readFileSync(out);
  };
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'party-hls-data-'));
    media = await startTestApp({ config: { dataDir, jobs: { ...jobSettings({}), retryBaseMs: 0, maxAttempts: 2, pollMs: 200 } } });
    token = await media.login('member');
  });
  afterAll(async () => {
    await media.close();
    rmSync(dir, { recursive: true, force: true });
    rmSync(media.ctx.config.dataDir!, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  });

  const segment = async (url: string) => {
    const playlist = await media.call('GET', url);
    expect(playlist.status).toBe(200);
    const name = /seg\d{5}\.ts/.exec(String(playlist.body))![0];
    const seg = await media.call('GET', url.replace('index.m3u8', name));
    expect(seg.status).toBe(200);
    const path = join(dir, `${Math.random().toString(36).slice(2)}.ts`);
    writeFileSync(path, seg.raw);
    return probe(path);
  };

  it('an H.264/AAC source is remuxed: the segments keep its own H.264 profile and AAC', async () => {
    const bytes = make('h264.mp4', ['-c:v', 'libx264', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p', '-c:a', 'aac']);
    const merged = await uploadVideo(media, token, bytes, '远程课.mp4');
    expect(merged.hlsStatus).toBe('processing');
    const r = await packaged(media, token, merged.id);
    expect(r.hlsStatus).toBe('ready');
    expect(r.hlsProgress).toBe(100);
    const streams = await segment(r.playUrl);
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', profile: 'Constrained Baseline' });
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    // the source is on this machine's disk: only this machine's processes may package it
    expect(await jobByKey(media.db, HLS_JOB, merged.id)).toMatchObject({ status: 'done', attempts: 1, groupOnly: media.ctx.config.jobs.group });
  }, 180_000);

  it('an MPEG-4 Part 2 / MP3 source is transcoded to H.264 (x264\'s High profile) and AAC', async () => {
    const bytes = make('mpeg4.mp4', ['-c:v', 'mpeg4', '-c:a', 'libmp3lame']);
    expect(probe(join(dir, 'mpeg4.mp4')).find((s) => s.codec_type === 'video')!.codec_name).toBe('mpeg4');
    const merged = await uploadVideo(media, token, bytes, '旧格式.mp4');
    const r = await packaged(media, token, merged.id);
    expect(r.hlsStatus).toBe('ready');
    const streams = await segment(r.playUrl);
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({ codec_name: 'h264', profile: 'High' });
    expect(streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
  }, 180_000);

  it('a video ffmpeg cannot read is retried, then reported failed where the client looks', async () => {
    const good = make('cut.mp4', ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac']);
    // a real MP4 header (the upload checks the bytes) cut off long before its media
    const bytes = Buffer.concat([good.subarray(0, 64), Buffer.alloc(4096, 7)]);
    const merged = await uploadVideo(media, token, bytes, '损坏.mp4');
    const r = await packaged(media, token, merged.id);
    expect(r.hlsStatus).toBe('failed');
    expect(r.playUrl).toBe(r.orgfile);
    const job = await jobByKey(media.db, HLS_JOB, merged.id);
    expect(job).toMatchObject({ status: 'failed', attempts: 2 });
    expect(job!.lastError).toMatch(/ffmpeg/);
  }, 180_000);
});

describe.skipIf(!onPostgres)('two processes on PostgreSQL', () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  });
  const worker = (group: string, schema: string) => {
    const c = spawn(process.execPath, ['--import', 'tsx', 'tests/api/job-worker.ts'], {
      env: { ...process.env, JOB_SCHEMA: schema, WORKER_GROUP: group },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    c.stdout!.on('data', (d) => (out += d));
    c.stderr!.on('data', (d) => (out += d));
    children.push(c);
    return { c, out: () => out };
  };

  it('share the queue, each machine within its cap; a killed process\'s job is finished by the other', async () => {
    const schema = (await sql<{ s: string }>`SELECT current_schema() AS s`.execute(app.db)).rows[0].s;
    await sql`CREATE TABLE job_probe (grp text PRIMARY KEY, active int NOT NULL DEFAULT 0, max int NOT NULL DEFAULT 0)`.execute(app.db);
    await sql`CREATE TABLE job_probe_done (n text PRIMARY KEY, grp text NOT NULL)`.execute(app.db);
    await sql`CREATE TABLE job_probe_go (go boolean NOT NULL)`.execute(app.db);
    await sql`INSERT INTO job_probe (grp) VALUES ('a'), ('b')`.execute(app.db);
    for (let n = 1; n <= 6; n++) await enqueueJob(app.db, { kind: 'test.procs', key: `n${n}`, payload: { n }, runAt: new Date() });
    const a = worker('a', schema);
    const b = worker('b', schema);
    // each machine holds one job (cap 1), waiting for the go
    const held = await waitFor('both machines busy', async () => {
      const running = (await rows('test.procs')).filter((j) => j.status === 'running');
      return new Set(running.map((j) => j.lockedGroup)).size === 2 ? running : null;
    }, 90_000);
    expect(held).toHaveLength(2);
    const ofA = held.find((j) => j.lockedGroup === 'a')!;
    a.c.kill('SIGKILL');
    await new Promise((r) => a.c.once('exit', r));
    await sql`INSERT INTO job_probe_go VALUES (true)`.execute(app.db);
    await waitFor('every job done', async () => (await rows('test.procs')).every((j) => j.status === 'done'), 90_000);
    const done = await app.db.selectFrom('job_probe_done' as any).selectAll().execute() as { n: string; grp: string }[];
    expect(done.map((d) => d.n).sort()).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
    expect(done.find((d) => d.n === ofA.key)!.grp).toBe('b');
    expect((await jobByKey(app.db, 'test.procs', ofA.key))!.attempts).toBe(2);
    const caps = await app.db.selectFrom('job_probe' as any).selectAll().execute() as { grp: string; max: number }[];
    for (const c of caps) expect(c.max, c.grp).toBe(1);
    expect(b.out()).not.toMatch(/Error/);
  }, 180_000);
});
