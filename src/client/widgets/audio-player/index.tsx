/**
 * The audio player (core §4): one button toggles playing and paused; a progress bar seeks; the speed
 * (0.75–2×) and the volume (with 静音) are set beside it. The media element's playing / pause /
 * waiting / ended events go to the caller (the study timer).
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Select, Slider } from 'antd';
import { CustomerServiceOutlined, MutedOutlined, PauseCircleFilled, PlayCircleFilled, SoundOutlined } from '@ant-design/icons';
import './audio-player.css';

/** The speeds offered (issue 33: 0.75–2×), as DPlayer offers the video's. */
export const AUDIO_RATES = [0.75, 1, 1.25, 1.5, 2] as const;

export interface AudioPlayerProps {
  url?: string | null;
  value?: string | null;
  title?: string;
  onPlaying?: () => void;
  onPause?: () => void;
  onWaiting?: () => void;
  onEnded?: () => void;
}

const clock = (s: number) => {
  const v = Number.isFinite(s) ? Math.floor(s) : 0;
  return `${String(Math.floor(v / 60)).padStart(2, '0')}:${String(v % 60).padStart(2, '0')}`;
};

export default function AudioPlayer(props: AudioPlayerProps) {
  const url = props.url ?? props.value ?? '';
  const ref = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [rate, setRate] = useState(1);
  const [volume, setVolume] = useState(100);
  const [muted, setMuted] = useState(false);
  const handlers = useRef(props);
  handlers.current = props;

  useEffect(() => () => handlers.current.onPause?.(), []);
  // the element keeps its own rate and volume; a new source (a load) resets the rate, so set it again
  useEffect(() => {
    const a = ref.current;
    if (!a) return;
    a.playbackRate = rate;
    a.defaultPlaybackRate = rate;
  }, [rate, url]);
  useEffect(() => {
    const a = ref.current;
    if (!a) return;
    a.volume = volume / 100;
    a.muted = muted;
  }, [volume, muted]);

  const toggle = () => {
    const a = ref.current;
    if (!a) return;
    if (a.paused) void a.play().catch(() => setPlaying(false));
    else a.pause();
  };

  return (
    <div className="dj-audio-player">
      <span className={`dj-audio-player__disc${playing ? ' is-playing' : ''}`}><CustomerServiceOutlined /></span>
      <div className="dj-audio-player__body">
        {props.title && <div className="dj-audio-player__title">{props.title}</div>}
        <div className="dj-audio-player__bar">
          <Button
            type="primary"
            shape="circle"
            size="large"
            aria-label={playing ? '暂停' : '播放'}
            icon={playing ? <PauseCircleFilled /> : <PlayCircleFilled />}
            onClick={toggle}
            disabled={!url}
          />
          <Slider
            className="dj-audio-player__slider"
            min={0}
            max={Math.max(1, Math.floor(duration))}
            value={Math.floor(time)}
            tooltip={{ formatter: (v) => clock(v ?? 0) }}
            onChange={(v) => {
              if (ref.current) ref.current.currentTime = v as number;
            }}
          />
          <span className="dj-audio-player__time">{clock(time)} / {clock(duration)}</span>
        </div>
        <div className="dj-audio-player__tools">
          <span className="dj-audio-player__state" data-testid="audio-state">{playing ? '播放中' : '已暂停'}</span>
          <label className="dj-audio-player__rate">
            <span>倍速</span>
            <Select
              size="small"
              aria-label="播放速度"
              value={rate}
              onChange={(v) => setRate(v)}
              options={AUDIO_RATES.map((r) => ({ value: r, label: `${r}×` }))}
              popupMatchSelectWidth={false}
            />
          </label>
          <span className="dj-audio-player__volume">
            <Button type="text" size="small" aria-label={muted ? '取消静音' : '静音'} aria-pressed={muted} icon={muted ? <MutedOutlined /> : <SoundOutlined />} onClick={() => setMuted((m) => !m)} />
            <Slider
              className="dj-audio-player__volume-slider"
              min={0}
              max={100}
              value={muted ? 0 : volume}
              ariaLabelForHandle="音量"
              tooltip={{ formatter: (v) => `${v ?? 0}%` }}
              onChange={(v) => {
                setVolume(v as number);
                if (muted && (v as number) > 0) setMuted(false);
              }}
            />
          </span>
        </div>
      </div>
      <audio
        ref={ref}
        src={url}
        preload="metadata"
        data-testid="audio-element"
        onPlaying={() => {
          setPlaying(true);
          handlers.current.onPlaying?.();
        }}
        onPlay={() => setPlaying(true)}
        onPause={() => {
          setPlaying(false);
          handlers.current.onPause?.();
        }}
        onWaiting={() => handlers.current.onWaiting?.()}
        onEnded={() => {
          setPlaying(false);
          handlers.current.onEnded?.();
        }}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => {
          setDuration(e.currentTarget.duration);
          e.currentTarget.playbackRate = rate;
        }}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
      />
    </div>
  );
}

/** Read-only (detail screens): the audio at its address. */
export function Read({ value, title }: { value: unknown; title?: string }) {
  if (typeof value !== 'string' || !value) return <span className="dj-empty-value">-</span>;
  return <AudioPlayer url={value} title={title} />;
}
