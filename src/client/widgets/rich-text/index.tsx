/**
 * RichText: for now a plain text area holding the HTML (braft-editor arrives with the uploads issue
 * and keeps this name). Read-pretty shows the HTML after DOMPurify; plain text keeps its lines.
 */
import { Input } from 'antd';
import DOMPurify from 'dompurify';
import { Empty, isEmpty } from '../basic/empty';

export default function RichText({ value, onChange, placeholder = '请输入内容', ...rest }: { value?: string | null; onChange?: (v: string) => void; placeholder?: string; [k: string]: unknown }) {
  return (
    <Input.TextArea
      {...(rest as any)}
      data-widget="RichText"
      autoSize={{ minRows: 6, maxRows: 20 }}
      placeholder={placeholder}
      value={value ?? ''}
      onChange={(e) => onChange?.(e.target.value)}
    />
  );
}

export const looksLikeHtml = (s: string) => /<[a-z][\s\S]*>/i.test(s);

export function Read({ value }: { value: unknown }) {
  if (isEmpty(value)) return <Empty />;
  const s = String(value);
  if (!looksLikeHtml(s)) return <div style={{ whiteSpace: 'pre-wrap' }}>{s}</div>;
  return <div className="dj-rich-text" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(s) }} />;
}
