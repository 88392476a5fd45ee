import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LiveSettings } from '../../config';

/**
 * Signed, expiring stream addresses, as the usual RTMP servers check them (SRS / nginx-rtmp
 * `on_publish` / `on_play` hooks, Aliyun's auth_key): the address carries `expires` (Unix seconds)
 * and `sign` = hex HMAC-SHA256 of `<path>:<expires>` under LIVE_SIGN_KEY, where path is the stream's
 * path (`/live/room-12`). The hook recomputes it with `verifyStreamSign`: a changed path or expiry,
 * or one past, is refused. One key for push and pull; the stream name is the room's id.
 */
export const streamName = (roomId: number) => `room-${roomId}`;

export const signStream = (key: string, path: string, expires: number) => createHmac('sha256', key).update(`${path}:${expires}`).digest('hex');

export function verifyStreamSign(key: string, path: string, expires: number, sign: string, now: Date): boolean {
  if (!Number.isInteger(expires) || expires * 1000 <= now.getTime()) return false;
  const want = Buffer.from(signStream(key, path, expires), 'hex');
  const got = Buffer.from(/^[0-9a-f]{64}$/i.test(sign) ? sign : '', 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}

const pathOf = (base: string) => new URL(base.replace(/^rtmps?:/, 'http:')).pathname.replace(/\/+$/, '');

/** The anchor's address: server + stream key (OBS asks for both) and the whole URL. */
export function pushAddress(live: LiveSettings, roomId: number, now: Date) {
  const expires = Math.floor(now.getTime() / 1000) + live.ttlSeconds;
  const name = streamName(roomId);
  const query = `expires=${expires}&sign=${signStream(live.signKey, `${pathOf(live.rtmpUrl)}/${name}`, expires)}`;
  return { server: live.rtmpUrl, streamKey: `${name}?${query}`, pushUrl: `${live.rtmpUrl}/${name}?${query}`, expireTime: new Date(expires * 1000).toISOString() };
}

/** The viewers' addresses: HLS (the player's 高清) and HTTP-FLV (普通), signed on the path of each. */
export function pullAddresses(live: LiveSettings, roomId: number, now: Date) {
  const expires = Math.floor(now.getTime() / 1000) + live.ttlSeconds;
  const base = pathOf(live.pullBase);
  const signed = (ext: string) => {
    const file = `${streamName(roomId)}.${ext}`;
    return `${live.pullBase}/${file}?expires=${expires}&sign=${signStream(live.signKey, `${base}/${file}`, expires)}`;
  };
  return { hlsUrl: signed('m3u8'), flvUrl: signed('flv'), expireTime: new Date(expires * 1000).toISOString() };
}
