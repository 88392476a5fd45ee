/**
 * The audio player (core §4): one button toggles playing and paused; a progress bar seeks. The
 * media element's playing / pause / waiting / ended events go to the caller (the study timer).
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Slider } from 'antd';
import { CustomerServiceOutlined, PauseCircleFilled, PlayCircleFilled } from '@ant-design/icons';
import './audio-player.css';

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
  const handlers = useRef(props);
  handlers.current = props;

  useEffect(() => () => handlers.current.onPause?.(), []);

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
        <div className="dj-audio-player__state" data-testid="audio-state">{playing ? '播放中' : '已暂停'}</div>
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
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
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
