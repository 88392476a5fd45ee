/**
 * Video packaging, remux against transcode (docs/BENCHMARKS.md "Video packaging"): generates an
 * H.264/AAC clip (BENCH_SECONDS, default 60, at 1280×720, 25 fps), then packages it to HLS once with
 * each plan of src/server/files/hls.ts and prints the wall time and the output size of each.
 *   npx tsx scripts/bench-hls.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hlsArgs, hlsPlan } from '../src/server/files/hls';
import { probeCodecs } from '../src/server/files/media-info';

const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const dir = mkdtempSync(join(tmpdir(), 'bench-hls-'));
try {
  const src = join(dir, 'src.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440',
    '-t', String(seconds), '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', src]);
  const codecs = await probeCodecs(src);
  console.log(`source: ${seconds} s 1280x720, ${JSON.stringify(codecs)}, plan chosen: ${hlsPlan(codecs)}`);
  for (const plan of ['copy', 'encode'] as const) {
    const out = join(dir, plan);
    execFileSync('mkdir', ['-p', out]);
    const t = process.hrtime.bigint();
    execFileSync('ffmpeg', hlsArgs(src, out, plan).filter((a, i, all) => a !== '-progress' && all[i - 1] !== '-progress'), { stdio: 'ignore' });
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    const bytes = readdirSync(out).reduce((n, f) => n + statSync(join(out, f)).size, 0);
    console.log(`${plan.padEnd(6)} ${(ms / 1000).toFixed(2)} s wall, ${(seconds / (ms / 1000)).toFixed(1)}× real time, ${(bytes / 1e6).toFixed(1)} MB of segments`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
