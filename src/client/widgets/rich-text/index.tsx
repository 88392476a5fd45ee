/**
 * RichText: braft-editor (draft-js), loaded on first use — the edit component is a lazy wrapper, so
 * detail screens (Read) never load the editor. Images upload to the file server with AttachClass 3
 * (at most 10485760 bytes each and 6 images, 180 s); pasted text is stripped of markup; the change
 * callback is debounced 500 ms; the value is HTML. Read-pretty shows the HTML after DOMPurify; plain
 * text keeps its lines. (The server sanitises stored HTML too.)
 */
import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import DOMPurify from 'dompurify';
import { Empty, isEmpty } from '../basic/empty';
import type { RichTextProps } from './editor';
import '../upload-core/upload.css';

const Editor = lazy(() => import('./editor'));

export default function RichText(props: RichTextProps) {
  return (
    <Suspense
      fallback={
        <div className="dj-rich-editor" style={{ height: 370, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Spin />
        </div>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}

export const looksLikeHtml = (s: string) => /<[a-z][\s\S]*>/i.test(s);

export function Read({ value }: { value: unknown }) {
  if (isEmpty(value)) return <Empty />;
  const s = String(value);
  if (!looksLikeHtml(s)) return <div style={{ whiteSpace: 'pre-wrap' }}>{s}</div>;
  return <div className="dj-rich-text" data-widget="RichText" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(s) }} />;
}
