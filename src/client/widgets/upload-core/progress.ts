/**
 * One file to the file server as an antd Upload `customRequest`, shared by ImageUpload and
 * FileUpload: the bar follows the bytes the browser has sent (api.upload), a failure shows the
 * server's message (文件大小超出范围, 文件格式错误, …) and drops the item.
 */
import { type UploadProps } from 'antd';
import { uploadFile, type UploadedFile } from './transport';
import { toastError } from '../../api/toast';

export function serverUpload(opts: { attachClass: number; project?: string; keep?: (r: UploadedFile, file: File) => UploadedFile }): NonNullable<UploadProps['customRequest']> {
  return ({ file, onProgress, onSuccess, onError }) => {
    const f = file as File;
    uploadFile(f, { attachClass: opts.attachClass, project: opts.project, silent: true, onProgress: (percent) => onProgress?.({ percent }) }).then(
      (r) => onSuccess?.(opts.keep ? opts.keep(r, f) : r),
      (e: Error) => {
        void toastError(e.message || '上传失败');
        onError?.(e);
      },
    );
  };
}

/** antd's item status → the spec's upload item status (core §4). */
export const itemStatus = (s?: string): 'finished' | 'failed' | 'active' => (s === 'done' ? 'finished' : s === 'error' ? 'failed' : 'active');
