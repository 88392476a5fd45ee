/**
 * ImageUpload (core §5, §9): jpg, jpeg and png only, at most 5 MB, at most `max` images (default 6),
 * a 130 × 183 box, preview. Images go to the file server with AttachClass 3; the value is the path
 * (max 1) or the list of paths.
 */
import { useState } from 'react';
import { Image, Upload, type UploadFile } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Empty, isEmpty } from '../basic/empty';
import { ATTACH_CLASS, checkImage, IMAGE_BOX, IMAGE_MAX_COUNT, IMAGE_MAX_KB, toList } from '../upload-core/limits';
import type { UploadedFile } from '../upload-core/transport';
import { serverUpload } from '../upload-core/progress';
import { useUploadList } from '../upload-core/use-upload-list';
import '../upload-core/upload.css';
import { toastError } from '../../api/toast';

export interface ImageUploadProps {
  value?: string | string[] | null;
  onChange?: (v: string | string[] | null) => void;
  max?: number;
  maxKB?: number;
  attachClass?: number;
  project?: string;
  width?: number;
  height?: number;
  disabled?: boolean;
  [k: string]: unknown;
}

const toFile = (path: string): UploadFile => ({ uid: path, name: path.split('/').pop() ?? path, status: 'done', url: path });

export default function ImageUpload({ value, onChange, max = IMAGE_MAX_COUNT, maxKB = IMAGE_MAX_KB, attachClass = ATTACH_CLASS.image, project, width = IMAGE_BOX.width, height = IMAGE_BOX.height, disabled }: ImageUploadProps) {
  const { list, setList, listRef, emit: emitValues } = useUploadList(value, toFile, max, onChange);
  const [preview, setPreview] = useState<string | null>(null);
  const emit = (next: UploadFile[]) => emitValues(next.filter((f) => f.status === 'done' && f.url).map((f) => f.url!));

  return (
    <div className="dj-image-upload" data-widget="ImageUpload" style={{ ['--dj-image-w' as any]: `${width}px`, ['--dj-image-h' as any]: `${height}px` }}>
      <Upload
        listType="picture-card"
        accept=".jpg,.jpeg,.png"
        multiple={max > 1}
        disabled={disabled}
        fileList={list}
        beforeUpload={(file, batch) => {
          const err = checkImage(file, { maxKB, max, count: listRef.current.length + batch.indexOf(file) });
          if (err) {
            void toastError(err);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={serverUpload({ attachClass, project })}
        onChange={({ file, fileList }) => {
          // a failed upload is dropped (its message was shown); a finished one carries its path
          const next = fileList
            .filter((f) => f.status !== 'error')
            .map((f) => (f.status === 'done' && !f.url && f.response ? { ...f, url: (f.response as UploadedFile).path } : f));
          setList(next);
          if (file.status === 'done' || file.status === 'removed' || file.status === 'error') emit(next);
        }}
        onPreview={(f) => setPreview(f.url ?? (f.response as UploadedFile | undefined)?.path ?? f.thumbUrl ?? null)}
      >
        {list.length >= max || disabled ? null : (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>上传图片</div>
          </div>
        )}
      </Upload>
      {preview ? <Image style={{ display: 'none' }} src={preview} preview={{ visible: true, src: preview, onVisibleChange: (v) => !v && setPreview(null) }} /> : null}
    </div>
  );
}

/** Read-only: the images in their box, with preview. */
export function Read({ value, width = IMAGE_BOX.width, height = IMAGE_BOX.height }: { value: unknown; width?: number; height?: number }) {
  if (isEmpty(value)) return <Empty />;
  return (
    <div className="dj-image-read" data-widget="ImageUpload">
      <Image.PreviewGroup>
        {toList(value).map((p) => (
          <Image key={p} src={p} width={width} height={height} alt="" />
        ))}
      </Image.PreviewGroup>
    </div>
  );
}
