/**
 * The PDF viewer (core §2, §5): pdf.js renders one page at the container's width; a page input goes
 * from 1 to the page count, with previous and next buttons. The worker comes through Vite's ?url.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, InputNumber, Spin } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import './pdf-viewer.css';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfViewerProps {
  url?: string | null;
  value?: string | null;
  onPages?: (count: number) => void;
}

export default function PdfViewer(props: PdfViewerProps) {
  const url = props.url ?? props.value ?? '';
  const canvas = useRef<HTMLCanvasElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<pdfjs.PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(1);
  const [input, setInput] = useState<number | null>(1);
  const [error, setError] = useState('');
  const [width, setWidth] = useState(0);

  useEffect(() => {
    if (!url) return;
    let gone = false;
    const task = pdfjs.getDocument({ url });
    setDoc(null);
    setError('');
    task.promise.then(
      (d) => {
        if (gone) return;
        setDoc(d);
        setPage(1);
        setInput(1);
        props.onPages?.(d.numPages);
      },
      () => !gone && setError('文件加载失败'),
    );
    return () => {
      gone = true;
      void task.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(Math.max(0, el.clientWidth - 24)));
    ro.observe(el);
    setWidth(Math.max(0, el.clientWidth - 24));
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    if (!doc || !canvas.current || !width) return;
    let task: pdfjs.RenderTask | null = null;
    let gone = false;
    void doc.getPage(page).then((p) => {
      if (gone || !canvas.current) return;
      const base = p.getViewport({ scale: 1 });
      const scale = Math.min(width, 900) / base.width;
      const ratio = window.devicePixelRatio || 1;
      const vp = p.getViewport({ scale: scale * ratio });
      const c = canvas.current;
      c.width = Math.floor(vp.width);
      c.height = Math.floor(vp.height);
      c.style.width = `${Math.floor(vp.width / ratio)}px`;
      c.style.height = `${Math.floor(vp.height / ratio)}px`;
      task = p.render({ canvas: c, viewport: vp });
      task.promise.catch(() => undefined);
    });
    return () => {
      gone = true;
      task?.cancel();
    };
  }, [doc, page, width]);

  const count = doc?.numPages ?? 0;
  const goTo = (n: number) => {
    const v = Math.min(Math.max(1, Math.round(n)), Math.max(1, count));
    setPage(v);
    setInput(v);
  };

  return (
    <div className="dj-pdf-viewer">
      <div className="dj-pdf-viewer__bar">
        <Button icon={<LeftOutlined />} aria-label="上一页" disabled={!count || page <= 1} onClick={() => goTo(page - 1)} />
        <span>第</span>
        <InputNumber
          aria-label="页码"
          size="middle"
          min={1}
          max={Math.max(1, count)}
          precision={0}
          value={input}
          disabled={!count}
          onChange={(v) => setInput(v)}
          onPressEnter={(e) => {
            // antd keeps an out-of-range entry out of onChange: read the typed text and clamp it
            const typed = Number((e.target as HTMLInputElement).value);
            if (Number.isFinite(typed) && typed > 0) goTo(typed);
            else setInput(page);
          }}
          onBlur={(e) => {
            const typed = Number(e.target.value);
            if (Number.isFinite(typed) && typed > 0) goTo(typed);
            else setInput(page);
          }}
          style={{ width: 72 }}
        />
        <span data-testid="pdf-count">页 / 共 {count} 页</span>
        <Button icon={<RightOutlined />} aria-label="下一页" disabled={!count || page >= count} onClick={() => goTo(page + 1)} />
      </div>
      <div className="dj-pdf-viewer__page" ref={box}>
        {error ? <div className="dj-pdf-viewer__error">{error}</div> : !doc && <Spin />}
        <canvas ref={canvas} data-testid="pdf-canvas" data-page={doc ? page : 0} style={{ display: doc ? 'block' : 'none' }} />
      </div>
    </div>
  );
}

/** Read-only (detail screens): the document at its address. */
export function Read({ value }: { value: unknown }) {
  if (typeof value !== 'string' || !value) return <span className="dj-empty-value">-</span>;
  return <PdfViewer url={value} />;
}
