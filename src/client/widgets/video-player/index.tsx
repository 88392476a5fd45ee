/**
 * The video player (core §2, §9): DPlayer, with hls.js for .m3u8 sources (customType 'customHls').
 * Autoplay on, width 100%, height 500px; a live source offers 高清 and 普通. The media element's
 * playing / pause / waiting / ended events go to the caller (the study timer).
 */
import { useEffect, useRef } from 'react';
import DPlayer from 'dplayer';
import './video-player.css';

export interface VideoPlayerProps {
  /** the play address (.m3u8 plays through hls.js) */
  url?: string | null;
  live?: boolean;
  /** live sources: 高清 and 普通 */
  liveSources?: { high?: string | null; normal?: string | null };
  autoplay?: boolean;
  height?: number | string;
  onPlaying?: () => void;
  onPause?: () => void;
  onWaiting?: () => void;
  onEnded?: () => void;
  /** the schema engine hands a value; it is the play address too */
  value?: string | null;
}

export const isHls = (url: string) => /\.m3u8($|\?)/i.test(url);

type Hls = import('hls.js').default;

/** DPlayer's control buttons carry only icons: name them for screen readers (axe button-name). */
const CONTROL_LABELS: [string, string][] = [
  ['.dplayer-play-icon', '播放/暂停'],
  ['.dplayer-volume-icon', '静音'],
  ['.dplayer-setting-icon', '设置'],
  ['.dplayer-full-in-icon', '网页全屏'],
  ['.dplayer-full-icon', '全屏'],
  ['.dplayer-camera-icon', '截图'],
  ['.dplayer-comment-icon', '弹幕'],
  ['.dplayer-quality-icon', '清晰度'],
];
function labelControls(root: HTMLElement) {
  for (const [selector, label] of CONTROL_LABELS) {
    root.querySelectorAll<HTMLElement>(`button${selector}, ${selector} button`).forEach((b) => b.setAttribute('aria-label', label));
  }
}

function attachHls(video: HTMLVideoElement, player: DPlayer & { __hls?: Hls }) {
  void import('hls.js').then(({ default: HlsCtor }) => {
    if (HlsCtor.isSupported()) {
      const hls = new HlsCtor();
      hls.loadSource(video.src);
      hls.attachMedia(video);
      player.__hls = hls;
    } else if (video.canPlayType('application/vnd.apple.mpegurl')) {
      // Safari plays HLS itself
    }
  });
}

/** DPlayer's zh-cn pack calls loop 洗脑循环 (a joke); a party platform says it plainly. */
export const LOOP_LABEL = '循环播放';
function relabelSettings(container: HTMLElement) {
  const loop = container.querySelector('.dplayer-setting-loop .dplayer-label');
  if (loop) loop.textContent = LOOP_LABEL;
}

/** The speeds of the right-click menu (DPlayer's settings panel offers the same). */
export const VIDEO_RATES = [0.75, 1, 1.25, 1.5, 2] as const;

/**
 * The right-click menu: our speeds, then DPlayer's own 视频统计信息. DPlayer always appends 关于作者
 * and its version, both links to third-party sites (issue 33): those items go.
 */
export function videoContextMenu() {
  return VIDEO_RATES.map((r) => ({ text: r === 1 ? '正常速度' : `${r} 倍速`, click: (p: DPlayer) => p.speed(r) }));
}
export function stripThirdPartyMenu(container: HTMLElement) {
  container.querySelectorAll<HTMLElement>('.dplayer-menu .dplayer-menu-item').forEach((item) => {
    const a = item.querySelector('a');
    const href = a?.getAttribute('href') ?? '';
    if (/^(https?:)?\/\//i.test(href) || a?.target === '_blank') item.remove();
    // DPlayer's own items are `javascript:` links, which the server's CSP refuses to run; the click
    // handler is the item's, so the link becomes a button
    else if (a && /^javascript:/i.test(href)) {
      a.removeAttribute('href');
      a.setAttribute('role', 'button');
      a.tabIndex = 0;
    }
  });
}

export default function VideoPlayer(props: VideoPlayerProps) {
  const box = useRef<HTMLDivElement>(null);
  const handlers = useRef(props);
  handlers.current = props;
  const url = props.url ?? props.value ?? '';
  const { live = false, autoplay = true } = props;
  const high = props.liveSources?.high ?? '';
  const normal = props.liveSources?.normal ?? '';

  useEffect(() => {
    if (!box.current || (!url && !high && !normal)) return;
    const source = (u: string) => (isHls(u) ? { url: u, type: 'customHls' } : { url: u, type: 'auto' });
    const quality = live && (high || normal)
      ? [
          ...(high ? [{ name: '高清', ...source(high) }] : []),
          ...(normal ? [{ name: '普通', ...source(normal) }] : []),
        ]
      : null;
    const dp = new DPlayer({
      container: box.current,
      autoplay,
      live,
      lang: 'zh-cn',
      screenshot: false,
      hotkey: true,
      preload: 'auto',
      contextmenu: videoContextMenu() as any,
      video: quality
        ? ({ quality, defaultQuality: 0, customType: { customHls: attachHls } } as any)
        : ({ ...source(url), customType: { customHls: attachHls } } as any),
    }) as DPlayer & { __hls?: Hls; video: HTMLVideoElement };
    relabelSettings(box.current);
    stripThirdPartyMenu(box.current);
    labelControls(box.current);
    const video = dp.video;
    const on = (name: string, fn: () => void) => video.addEventListener(name, fn);
    on('playing', () => handlers.current.onPlaying?.());
    on('pause', () => handlers.current.onPause?.());
    on('waiting', () => handlers.current.onWaiting?.());
    on('ended', () => handlers.current.onEnded?.());
    return () => {
      handlers.current.onPause?.();
      dp.__hls?.destroy();
      dp.destroy();
    };
  }, [url, live, high, normal, autoplay]);

  return (
    <div className="dj-video-player" style={{ width: '100%', ['--dj-video-height' as any]: typeof props.height === 'number' ? `${props.height}px` : props.height ?? '500px' }}>
      <div ref={box} data-testid="video-player" />
    </div>
  );
}

/** Read-only (detail screens): the video at its address, not started by itself. */
export function Read({ value, height = 360 }: { value: unknown; height?: number | string }) {
  if (typeof value !== 'string' || !value) return <span className="dj-empty-value">-</span>;
  return <VideoPlayer url={value} autoplay={false} height={height} />;
}
