/**
 * The pure parts of the job queue and of video packaging: the retry back-off, the JOB_* settings,
 * and the choice between remuxing and transcoding with ffmpeg's arguments for each.
 */
import { describe, expect, it } from 'vitest';
import { backoffMs } from '../../src/server/jobs/queue';
import { jobSettings } from '../../src/server/config';
import { hlsArgs, hlsPlan } from '../../src/server/files/hls';

describe('job retry back-off', () => {
  it('doubles from the base after each failed attempt, up to the ceiling', () => {
    expect([1, 2, 3, 4].map((a) => backoffMs(a, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20, 30_000)).toBe(3600_000);
    expect(backoffMs(3, 1000, 2500)).toBe(2500);
    expect(backoffMs(0, 1000)).toBe(1000);
  });
});

describe('JOB_* settings', () => {
  it('defaults: one packaging job a machine, named by its host, jobs run', () => {
    const s = jobSettings({});
    expect(s).toMatchObject({ run: true, concurrency: 1, pollMs: 2000, leaseMs: 60_000, maxAttempts: 3, retryBaseMs: 30_000, stopGraceMs: 5000 });
    expect(s.group.length).toBeGreaterThan(0);
  });

  it('reads the variables and refuses a value that is no number', () => {
    const s = jobSettings({ JOBS: '0', JOB_CONCURRENCY: '2', JOB_GROUP: 'node-b', JOB_LEASE_SECONDS: '5', JOB_RETRY_SECONDS: '0', JOB_MAX_ATTEMPTS: '5' });
    expect(s).toMatchObject({ run: false, concurrency: 2, group: 'node-b', leaseMs: 5000, retryBaseMs: 0, maxAttempts: 5 });
    expect(() => jobSettings({ JOB_CONCURRENCY: '0' })).toThrow(/JOB_CONCURRENCY/);
    expect(() => jobSettings({ JOB_CONCURRENCY: '1.5' })).toThrow(/JOB_CONCURRENCY/);
    expect(() => jobSettings({ JOB_LEASE_SECONDS: 'abc' })).toThrow(/JOB_LEASE_SECONDS/);
  });
});

describe('HLS packaging plan', () => {
  it('remuxes H.264 in 4:2:0 with AAC or no audio, transcodes anything else', () => {
    expect(hlsPlan({ video: 'h264', audio: 'aac', pixFmt: 'yuv420p' })).toBe('copy');
    expect(hlsPlan({ video: 'h264', audio: null, pixFmt: 'yuvj420p' })).toBe('copy');
    expect(hlsPlan({ video: 'h264', audio: 'mp3', pixFmt: 'yuv420p' })).toBe('encode');
    expect(hlsPlan({ video: 'h264', audio: 'aac', pixFmt: 'yuv444p' })).toBe('encode');
    expect(hlsPlan({ video: 'vp9', audio: 'opus', pixFmt: 'yuv420p' })).toBe('encode');
    expect(hlsPlan({ video: 'mpeg4', audio: 'aac', pixFmt: 'yuv420p' })).toBe('encode');
    expect(hlsPlan(null)).toBe('encode');
  });

  it('copies the streams when remuxing and encodes H.264/AAC otherwise, into one VOD playlist', () => {
    const copy = hlsArgs('/in.mp4', '/out', 'copy');
    expect(copy.join(' ')).toContain('-c copy');
    expect(copy).not.toContain('libx264');
    const encode = hlsArgs('/in.mp4', '/out', 'encode');
    expect(encode.join(' ')).toContain('-c:v libx264');
    expect(encode.join(' ')).toContain('-c:a aac');
    for (const args of [copy, encode]) {
      expect(args.slice(-1)[0]).toBe('/out/index.m3u8');
      expect(args.join(' ')).toContain('-hls_playlist_type vod');
    }
  });
});
