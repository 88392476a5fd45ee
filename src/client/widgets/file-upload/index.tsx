/**
 * FileUpload (core §5, §9): an accept list and a size limit per use (defaults by class: 204800 KB for
 * files, 5120 KB for document upload), 文件格式错误 and 文件大小超出范围 checked before sending; a failed
 * upload shows the server's message and is dropped; items are finished, failed or active with
 * progress. AttachClass 2 by default (4 for document upload); the value is the id for classes 2 and
 * 4, else the path — one (max 1) or a list; `valueKey` keeps another property of the upload result
 * instead (e.g. "id" of a class-1 file, which is served by its path). Read also shows files kept as
 * {id, name} objects (evidence lists).
 */
import { Button, Space, Upload, type UploadFile } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Empty, isEmpty } from '../basic/empty';
import { ATTACH_CLASS, checkFile, fileDefaults, toList, valueById } from '../upload-core/limits';
import type { UploadedFile } from '../upload-core/transport';
import { itemStatus, serverUpload } from '../upload-core/progress';
import { useUploadList } from '../upload-core/use-upload-list';
import { downloadFile } from '../download/download';
import { keyedValue } from '../upload-core/value-key';
import { toastError } from '../../api/toast';

export interface FileUploadProps {
  value?: string | string[] | null;
  onChange?: (v: string | string[] | null) => void;
  /** the value is a list of {id, name} (evidence lists): the names travel with the ids */
  withNames?: boolean;
  /** 2 files (default), 4 document upload, 1 general files by path */
  attachClass?: number;
  /** an <input accept> list: ".pdf,.docx", "image/*" */
  accept?: string;
  /** size limit in KB */
  maxKB?: number;
  /** how many files (default 1: the value is one id or path) */
  max?: number;
  project?: string;
  buttonText?: string;
  disabled?: boolean;
  /** keep this property of the upload result (e.g. "id"); default the class's value */
  valueKey?: string;
  [k: string]: unknown;
}

/** The names of files uploaded in this page (an id alone does not carry one). */
const names = new Map<string, string>();

const toFile = (v: string): UploadFile => ({ uid: v, name: names.get(v) ?? (v.includes('/') ? v.split('/').pop()! : `附件 ${v}`), status: 'done', response: { value: v } });

type FileRef = { id: string; name?: string };
const isRef = (v: unknown): v is FileRef => !!v && typeof v === 'object' && typeof (v as FileRef).id === 'string';

export default function FileUpload(props: FileUploadProps) {
  if (!props.withNames) return <IdUpload {...props} />;
  const refs = (Array.isArray(props.value) ? (props.value as unknown[]) : []).filter(isRef);
  refs.forEach((r) => r.name && names.set(r.id, r.name));
  return (
    <IdUpload
      {...props}
      value={refs.map((r) => r.id)}
      onChange={(v) => props.onChange?.((v === null ? [] : Array.isArray(v) ? v : [v]).map((id) => ({ id, name: names.get(id) ?? '' })) as never)}
    />
  );
}

function IdUpload({ value, onChange, attachClass = ATTACH_CLASS.file, accept, maxKB, max = 1, project, buttonText = '上传文件', disabled, valueKey }: FileUploadProps) {
  const defaults = fileDefaults(attachClass);
  const acceptList = accept ?? defaults.accept;
  const limitKB = maxKB ?? defaults.maxKB;
  const { list, setList, listRef, emit: emitValues } = useUploadList(value, toFile, max, onChange);
  const emit = (next: UploadFile[]) => emitValues(next.filter((f) => f.status === 'done').map((f) => String((f.response as UploadedFile).value)));

  return (
    <div className="dj-file-upload" data-widget="FileUpload">
      <Upload
        accept={acceptList || undefined}
        multiple={max > 1}
        disabled={disabled}
        fileList={list}
        beforeUpload={(file, batch) => {
          const err = checkFile(file, { accept: acceptList, maxKB: limitKB });
          if (err) {
            void toastError(err);
            return Upload.LIST_IGNORE;
          }
          if (max > 1 && listRef.current.length + batch.indexOf(file) >= max) {
            void toastError(`最多上传${max}个文件`);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={serverUpload({
          attachClass,
          project,
          keep: (r, f) => {
            const kept = { ...r, name: r.name || f.name };
            if (valueKey) kept.value = String(keyedValue(kept as unknown as Record<string, unknown>, valueKey) ?? '');
            names.set(String(kept.value), kept.name);
            return kept;
          },
        })}
        onChange={({ file, fileList }) => {
          let next = fileList.filter((f) => f.status !== 'error');
          // one file: a new upload replaces the previous one
          if (max === 1 && next.length > 1) next = next.slice(-1);
          setList(next);
          if (file.status === 'done' || file.status === 'removed' || file.status === 'error') emit(next);
        }}
        itemRender={(node, f) => (
          <div data-testid="file-item" data-status={itemStatus(f.status)}>
            {node}
          </div>
        )}
      >
        {disabled ? null : <Button icon={<UploadOutlined />}>{buttonText}</Button>}
      </Upload>
    </div>
  );
}

/** Read-only: files by id are downloaded through the token (download helper); by path, linked. */
export function Read({ value, attachClass = ATTACH_CLASS.file, project, valueKey }: { value: unknown; attachClass?: number; project?: string; valueKey?: string }) {
  if (isEmpty(value)) return <Empty />;
  // {id, name} objects, or JSON text of them
  let v0 = value;
  if (typeof v0 === 'string' && v0.startsWith('[')) {
    try {
      v0 = JSON.parse(v0);
    } catch {
      /* plain text */
    }
  }
  const refs = (Array.isArray(v0) ? v0 : [v0]).filter(isRef);
  refs.forEach((r) => r.name && names.set(r.id, r.name));
  const list = refs.length ? refs.map((r) => r.id) : toList(value);
  if (!list.length) return <Empty />;
  return (
    <Space direction="vertical" size={2} data-widget="FileUpload">
      {list.map((v) =>
        valueKey && valueKey !== 'path' && valueKey !== 'url' && !refs.length ? (
          <span key={v}>{names.get(v) ?? '已上传的文件'}</span>
        ) : (valueById(attachClass) || refs.length) && !v.startsWith('/') ? (
          <Button key={v} type="link" size="small" icon={<DownloadOutlined />} style={{ padding: 0 }} onClick={() => void downloadFile(v, { project })}>
            {names.get(v) ?? `下载附件 ${v}`}
          </Button>
        ) : (
          <a key={v} href={v} target="_blank" rel="noreferrer">
            {v.split('/').pop()}
          </a>
        ),
      )}
    </Space>
  );
}
