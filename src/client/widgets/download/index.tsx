/** The download helper as a widget module: a button that downloads a file by id (classes 2 and 4). */
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Empty, isEmpty } from '../basic/empty';
import { downloadFile } from './download';

export { downloadFile, saveBlob } from './download';

export default function DownloadButton({ value, project, text = '下载' }: { value?: string | null; project?: string; text?: string }) {
  if (isEmpty(value)) return <Empty />;
  return (
    <Button type="link" icon={<DownloadOutlined />} onClick={() => void downloadFile(String(value), { project })}>
      {text}
    </Button>
  );
}

export const Read = DownloadButton;
