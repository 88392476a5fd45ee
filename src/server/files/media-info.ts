import { spawn, spawnSync } from 'node:child_process';
import { open } from 'node:fs/promises';

/** Media duration: ffprobe when the machine has it, otherwise read from the MP4 (mvhd) or MP3 headers. */
let tools: { ffprobe: boolean; ffmpeg: boolean } | null = null;
export function mediaTools() {
  if (!tools) {
    const has = (cmd: string) => spawnSync(cmd, ['-version'], { stdio: 'ignore' }).status === 0;
    tools = { ffprobe: has('ffprobe'), ffmpeg: has('ffmpeg') };
  }
  return tools;
}

export async function probeDuration(path: string, kind: string): Promise<number | null> {
  if (kind !== 'video' && kind !== 'audio') return null;
  if (mediaTools().ffprobe) {
    const seconds = await new Promise<number | null>((resolve) => {
      const p = spawn('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', path]);
      let out = '';
      p.stdout.on('data', (d) => (out += d));
      p.on('error', () => resolve(null));
      p.on('close', () => {
        const n = Number.parseFloat(out.trim());
        resolve(Number.isFinite(n) ? n : null);
      });
    });
    if (seconds != null) return seconds;
  }
  return (await mp4Duration(path)) ?? (await mp3Duration(path));
}

/** Walks the MP4 boxes to moov/mvhd: duration / timescale. */
export async function mp4Duration(path: string): Promise<number | null> {
  const fh = await open(path, 'r');
  try {
    const size = (await fh.stat()).size;
    const read = async (pos: number, len: number) => {
      const b = Buffer.alloc(len);
      const { bytesRead } = await fh.read(b, 0, len, pos);
      return b.subarray(0, bytesRead);
    };
    const find = async (start: number, end: number, type: string): Promise<[number, number] | null> => {
      let pos = start;
      while (pos + 8 <= end) {
        const h = await read(pos, 16);
        if (h.length < 8) return null;
        let boxSize = h.readUInt32BE(0);
        const boxType = h.subarray(4, 8).toString('latin1');
        let header = 8;
        if (boxSize === 1) {
          boxSize = Number(h.readBigUInt64BE(8));
          header = 16;
        } else if (boxSize === 0) boxSize = end - pos;
        if (boxSize < header) return null;
        if (boxType === type) return [pos + header, pos + boxSize];
        pos += boxSize;
      }
      return null;
    };
    const moov = await find(0, size, 'moov');
    if (!moov) return null;
    const mvhd = await find(moov[0], moov[1], 'mvhd');
    if (!mvhd) return null;
    const b = await read(mvhd[0], 32);
    const version = b[0];
    const timescale = version === 1 ? b.readUInt32BE(20) : b.readUInt32BE(12);
    const duration = version === 1 ? Number(b.readBigUInt64BE(24)) : b.readUInt32BE(16);
    return timescale ? duration / timescale : null;
  } finally {
    await fh.close();
  }
}

const MP3_BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MP3_RATES = [44100, 48000, 32000];

/** MPEG-1 Layer III: the Xing frame count when present, else size over the first frame's bitrate. */
export async function mp3Duration(path: string): Promise<number | null> {
  const fh = await open(path, 'r');
  try {
    const size = (await fh.stat()).size;
    const head = Buffer.alloc(Math.min(size, 65536));
    await fh.read(head, 0, head.length, 0);
    let pos = 0;
    if (head.subarray(0, 3).toString('latin1') === 'ID3') pos = 10 + ((head[6] << 21) | (head[7] << 14) | (head[8] << 7) | head[9]);
    while (pos + 4 < head.length && !(head[pos] === 0xff && (head[pos + 1] & 0xe0) === 0xe0)) pos++;
    if (pos + 4 >= head.length) return null;
    const bitrate = MP3_BITRATES[head[pos + 2] >> 4] * 1000;
    const rate = MP3_RATES[(head[pos + 2] >> 2) & 3];
    if (!bitrate || !rate) return null;
    const xing = head.indexOf('Xing', pos) >= 0 ? head.indexOf('Xing', pos) : head.indexOf('Info', pos);
    if (xing > 0 && xing < pos + 64 && head.readUInt32BE(xing + 4) & 1) return (head.readUInt32BE(xing + 8) * 1152) / rate;
    return ((size - pos) * 8) / bitrate;
  } finally {
    await fh.close();
  }
}

export const hhmmss = (seconds: number | null) => {
  const s = Math.max(0, Math.round(seconds ?? 0));
  return [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
};

/** The codecs of a media file's first video and audio streams (ffprobe), and the video's pixel format; null without ffprobe or on an unreadable file. */
export async function probeCodecs(path: string): Promise<{ video: string | null; audio: string | null; pixFmt: string | null } | null> {
  if (!mediaTools().ffprobe) return null;
  return new Promise((resolve) => {
    const p = spawn('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,pix_fmt', '-of', 'json', path]);
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('error', () => resolve(null));
    p.on('close', (code) => {
      try {
        if (code !== 0) return resolve(null);
        const streams = (JSON.parse(out).streams ?? []) as { codec_type?: string; codec_name?: string; pix_fmt?: string }[];
        const v = streams.find((s) => s.codec_type === 'video');
        const a = streams.find((s) => s.codec_type === 'audio');
        resolve({ video: v?.codec_name ?? null, audio: a?.codec_name ?? null, pixFmt: v?.pix_fmt ?? null });
      } catch {
        resolve(null);
      }
    });
  });
}
