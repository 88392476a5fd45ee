/**
 * Images and videos as people look at them, not as their paths: valueType `image` is a thumbnail
 * (click to preview; the image widget's read mode), valueType `video` a 播放 button that opens the
 * platform's player in a dialog, over the record's poster (`props.posterField`) when it has one.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Modal, Spin } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { getWidget } from '../widgets/registry';

const VideoPlayer = lazy(() => import('../widgets/video-player'));

const paths = (v: unknown): string[] => (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : []).map((x) => String(x).trim()).filter(Boolean);

export function ImageCell({ value, inTable }: { value: unknown; inTable?: boolean }) {
  if (!paths(value).length) return <span className="dj-empty-value">-</span>;
  const { Read } = getWidget('ImageUpload');
  const box = inTable ? { width: 64, height: 40 } : {};
  return (
    <Suspense fallback={<span>…</span>}>
      <Read value={paths(value)} {...box} />
    </Suspense>
  );
}

export function VideoCell({ value, record, title, props }: { value: unknown; record: Record<string, unknown>; title?: string; props?: Record<string, unknown> }) {
  const [open, setOpen] = useState(false);
  const url = paths(value)[0];
  if (!url) return <span className="dj-empty-value">-</span>;
  const name = String(record[String(props?.titleField ?? 'title')] ?? title ?? '视频');
  const poster = props?.posterField ? paths(record[String(props.posterField)])[0] : undefined;
  return (
    <>
      <Button type="link" size="small" className="dj-video-cell" icon={<PlayCircleOutlined />} aria-label={`播放视频：${name}`} onClick={() => setOpen(true)} data-video={url}>
        {poster ? <img src={poster} alt="" className="dj-video-cell__poster" /> : null}
        播放
      </Button>
      <Modal open={open} title={name} width={880} footer={null} destroyOnHidden onCancel={() => setOpen(false)}>
        <Suspense fallback={<Spin />}>
          <VideoPlayer url={url} autoplay={false} height={460} />
        </Suspense>
      </Modal>
    </>
  );
}
