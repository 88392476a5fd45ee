/**
 * MediaUpload: resumable chunked upload of video and audio (core §4, §5) on the file server's chunk
 * endpoints. States 等待上传 / 上传中 / 已暂停 / 上传成功 / 上传失败; pause and resume while waiting,
 * uploading or paused; retry on error; no remove once a file succeeded; three at once. The value is
 * the video upload result (url, orgfile, duration, metadata.time, …), or a list of them (`multiple`);
 * with `valueKey` (e.g. "id") only that property of each result, for services that take a file id.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Alert, Button, Progress, Space, Tag, Typography } from 'antd';
import { CloudUploadOutlined, DeleteOutlined, PauseOutlined, CaretRightOutlined, RedoOutlined } from '@ant-design/icons';
import { Empty, isEmpty } from '../basic/empty';
import { CATEGORY_EXTS, checkMedia, chunkedUploadSupported, PROGRESS_DELAY_MS, UPLOAD_MSG, VIDEO_FORMATS, AUDIO_FORMATS, type MediaKind } from '../upload-core/limits';
import { ChunkUploader, type ItemState, type MediaResult, type UploadItem } from './uploader';
import { keyedValue, pickValue, resultOf } from '../upload-core/value-key';
import '../upload-core/upload.css';
import { toastError } from '../../api/toast';

export const STATE_TEXT: Record<ItemState, string> = { waiting: '等待上传', uploading: '上传中', paused: '已暂停', success: '上传成功', error: '上传失败' };
const STATE_COLOR: Record<ItemState, string> = { waiting: 'default', uploading: 'processing', paused: 'warning', success: 'success', error: 'error' };

/** Which buttons a row offers (core §4). */
export const rowActions = (s: ItemState) => ({
  pause: s === 'waiting' || s === 'uploading',
  resume: s === 'paused',
  retry: s === 'error',
  remove: s !== 'success',
});

export const formatSize = (n: number) => (n >= 1048576 ? `${(n / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

function acceptOf(kind: MediaKind) {
  const exts = kind === 'video' ? VIDEO_FORMATS : kind === 'audio' ? AUDIO_FORMATS : kind === 'media' ? [...VIDEO_FORMATS, ...AUDIO_FORMATS] : [...Object.values(CATEGORY_EXTS).flat()];
  return exts.map((e) => `.${e}`).join(',');
}

type Kept = MediaResult | string | number;

export interface MediaUploadProps {
  value?: Kept | Kept[] | null;
  onChange?: (v: Kept | Kept[] | null) => void;
  /** keep only this property of the upload result (e.g. "id"); default the whole result */
  valueKey?: string;
  /** video (default), audio, media (either), any (generic) */
  kind?: MediaKind;
  multiple?: boolean;
  /** bytes per chunk; default 10 MB from the upload authorisation, 1 MB for kind any */
  chunkSize?: number;
  disabled?: boolean;
  buttonText?: string;
  [k: string]: unknown;
}

function Row({ item, up }: { item: UploadItem; up: ChunkUploader }) {
  const a = rowActions(item.state);
  const [showBar, setShowBar] = useState(false);
  useEffect(() => {
    if (item.state !== 'uploading') return setShowBar(item.state === 'paused' || item.state === 'error');
    const t = setTimeout(() => setShowBar(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(t);
  }, [item.state]);
  return (
    <div className="dj-media-row" data-state={item.state} data-testid="media-item">
      <div className="dj-media-row__head">
        <Typography.Text ellipsis className="dj-media-row__name" title={item.name}>
          {item.name}
        </Typography.Text>
        <span className="dj-media-row__size">{formatSize(item.size)}</span>
        <Tag color={STATE_COLOR[item.state]} data-testid="media-state">
          {item.state === 'uploading' && item.hashing ? '校验中' : STATE_TEXT[item.state]}
        </Tag>
        <Space size={0}>
          {a.pause ? <Button size="small" type="link" icon={<PauseOutlined />} onClick={() => up.pause(item.uid)}>暂停</Button> : null}
          {a.resume ? <Button size="small" type="link" icon={<CaretRightOutlined />} onClick={() => up.resume(item.uid)}>继续</Button> : null}
          {a.retry ? <Button size="small" type="link" icon={<RedoOutlined />} onClick={() => up.retry(item.uid)}>重试</Button> : null}
          {a.remove ? <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => up.remove(item.uid)}>删除</Button> : null}
        </Space>
      </div>
      {showBar && item.state !== 'success' ? <Progress aria-label="上传进度" percent={item.percent} size="small" status={item.state === 'error' ? 'exception' : item.state === 'uploading' ? 'active' : 'normal'} /> : null}
      {item.state === 'error' && item.message ? <div className="dj-media-row__error">{item.message}</div> : null}
      {item.state === 'success' && item.result?.duration ? <div className="dj-media-row__meta">时长 {item.result.duration}</div> : null}
    </div>
  );
}

/** A kept value as a result to show: the result itself, or the one remembered for a kept key. */
const shown = (v: Kept): MediaResult => (typeof v === 'object' ? v : ((resultOf(v) as MediaResult | undefined) ?? { url: '', name: '已上传的文件', kept: v }));

export default function MediaUpload({ value, onChange, valueKey, kind = 'video', multiple = false, chunkSize, disabled, buttonText }: MediaUploadProps) {
  const supported = useMemo(() => chunkedUploadSupported(), []);
  const valueRef = useRef(value);
  valueRef.current = value;
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  const up = useMemo(() => new ChunkUploader({ generic: kind === 'any', chunkSize }), []); // eslint-disable-line react-hooks/exhaustive-deps
  up.setOptions({
    generic: kind === 'any',
    chunkSize,
    onSuccess: (it) => {
      const r: Kept = valueKey ? (keyedValue({ ...it.result!, name: it.result!.name ?? it.name }, valueKey) as Kept) : it.result!;
      if (multiple) {
        const cur = Array.isArray(valueRef.current) ? valueRef.current : valueRef.current ? [valueRef.current] : [];
        changeRef.current?.([...cur, r]);
      } else changeRef.current?.(r);
    },
    onError: (it) => void toastError(it.message || '上传失败'),
  });
  const items = useSyncExternalStore(
    (l) => up.subscribe(l),
    () => up.items,
  );
  const input = useRef<HTMLInputElement>(null);

  if (!supported) return <Alert type="warning" showIcon message={UPLOAD_MSG.unsupported} data-testid="media-unsupported" />;

  const pick = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (input.current) input.current.value = '';
    const ok: File[] = [];
    for (const f of files) {
      const err = checkMedia(f, kind);
      if (err) void toastError(err);
      else ok.push(f);
    }
    if (!multiple && ok.length) {
      for (const it of [...up.items]) up.remove(it.uid);
      ok.splice(1);
    }
    if (ok.length) up.add(ok);
  };

  const stored = (Array.isArray(value) ? value : value !== null && value !== undefined && value !== '' ? [value] : []).filter((v) => (valueKey ? typeof v !== 'object' : v && typeof v === 'object'));
  // what this widget uploaded is shown by its own row
  const keyOf = (r: MediaResult | undefined) => (valueKey ? String(pickValue(r, valueKey)) : r?.url);
  const uploaded = new Set(items.filter((i) => i.state === 'success').map((i) => keyOf(i.result)));
  const removeStored = (r: Kept) => {
    if (multiple) changeRef.current?.(stored.filter((x) => x !== r));
    else changeRef.current?.(null);
  };

  return (
    <div className="dj-media-upload" data-widget="MediaUpload">
      <input ref={input} type="file" hidden accept={acceptOf(kind)} multiple={multiple} onChange={(e) => pick(e.target.files)} data-testid="media-input" />
      <Button icon={<CloudUploadOutlined />} disabled={disabled} onClick={() => input.current?.click()}>
        {buttonText ?? (kind === 'audio' ? '上传音频' : kind === 'any' ? '上传文件' : '上传视频')}
      </Button>
      <div className="dj-media-list">
        {stored
          .filter((v) => !uploaded.has(typeof v === 'object' ? v.url : String(v)))
          .map((v, i) => {
            const r = shown(v);
            return (
              <div className="dj-media-row" data-state="stored" key={`${typeof v === 'object' ? v.url : v}-${i}`}>
                <div className="dj-media-row__head">
                  <Typography.Text ellipsis className="dj-media-row__name">{r.name ?? r.url}</Typography.Text>
                  {r.duration ? <span className="dj-media-row__size">时长 {r.duration}</span> : null}
                  <Tag color="success">已上传</Tag>
                  {!disabled ? <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => removeStored(v)}>删除</Button> : null}
                </div>
              </div>
            );
          })}
        {items.map((it) => (
          <Row key={it.uid} item={it} up={up} />
        ))}
      </div>
    </div>
  );
}

/** Read-only: the media itself (a player of the browser), its name and duration. */
export function Read({ value }: { value: unknown }) {
  if (isEmpty(value)) return <Empty />;
  const list = (Array.isArray(value) ? value : [value])
    .map((v) => (v && typeof v === 'object' ? v : resultOf(v)))
    .filter((v): v is MediaResult => !!v && typeof v === 'object' && typeof (v as MediaResult).url === 'string' && !!(v as MediaResult).url);
  if (!list.length) return <span>{Array.isArray(value) ? value.join('、') : String(value)}</span>;
  return (
    <div className="dj-media-read" data-widget="MediaUpload">
      {list.map((r, i) => {
        const src = r.orgfile ?? r.url;
        const audio = /\.(mp3|ogg|wav|aac)$/i.test(r.name ?? src);
        return (
          <div key={i} className="dj-media-read__item">
            {audio ? <audio controls preload="none" src={src} /> : <video controls preload="metadata" src={src} width={320} />}
            <div className="dj-media-row__meta">
              {r.name ?? ''} {r.duration ? `时长 ${r.duration}` : ''}
            </div>
          </div>
        );
      })}
    </div>
  );
}
