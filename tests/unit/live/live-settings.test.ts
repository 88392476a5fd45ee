/** The live-streaming server of the deployment (config.ts liveSettings): all three settings or none. */
import { describe, expect, it } from 'vitest';
import { liveSettings } from '../../../src/server/config';

const FULL = { LIVE_RTMP_URL: 'rtmp://live.example.org/live/', LIVE_PULL_BASE: 'https://live.example.org/live', LIVE_SIGN_KEY: '0123456789abcdef' };

describe('liveSettings', () => {
  it('none: rooms play their recorded video', () => {
    expect(liveSettings({})).toBeNull();
  });

  it('all three: addresses without a trailing slash, a default time to live', () => {
    expect(liveSettings(FULL)).toEqual({ rtmpUrl: 'rtmp://live.example.org/live', pullBase: 'https://live.example.org/live', signKey: '0123456789abcdef', ttlSeconds: 14400 });
    expect(liveSettings({ ...FULL, LIVE_URL_TTL_SECONDS: '600' })?.ttlSeconds).toBe(600);
  });

  it('a half or wrong configuration stops the start', () => {
    expect(() => liveSettings({ LIVE_RTMP_URL: FULL.LIVE_RTMP_URL })).toThrow(/LIVE_PULL_BASE/);
    expect(() => liveSettings({ ...FULL, LIVE_RTMP_URL: 'https://live.example.org/live' })).toThrow(/LIVE_RTMP_URL/);
    expect(() => liveSettings({ ...FULL, LIVE_SIGN_KEY: 'short' })).toThrow(/LIVE_SIGN_KEY/);
    expect(() => liveSettings({ ...FULL, LIVE_URL_TTL_SECONDS: '5' })).toThrow(/LIVE_URL_TTL_SECONDS/);
  });
});
