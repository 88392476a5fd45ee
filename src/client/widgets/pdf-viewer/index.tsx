/**
 * The PDF viewer (core §2, §5): pdf.js renders one page at the container's width times the zoom, with
 * pdf.js's own text layer over the canvas (pdfjs-dist's TextLayer) so that the text can be selected,
 * found with the browser's search or the viewer's own, and read by a screen reader or 朗读本页 (the
 * browser's speech synthesis). A page input goes from 1 to the page count, with previous and next
 * buttons; zoom by the buttons or the keyboard (+ / − / 0 when the page has the focus; PageUp /
 * PageDown turn pages). The worker comes through Vite's ?url.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Input, InputNumber, Spin, Tooltip } from 'antd';
import { LeftOutlined, RightOutlined, ZoomInOutlined, ZoomOutOutlined, ColumnWidthOutlined, SoundOutlined } from '@ant-design/icons';
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { clampZoom, findPages, ZOOM_STEP } from './reading';
import './pdf-viewer.css';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfViewerProps {
  url?: string | null;
  value?: string | null;
  onPages?: (count: number) => void;
}

type PageText = string;

export default function PdfViewer(props: PdfViewerProps) {
  const url = props.url ?? props.value ?? '';
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<pdfjs.PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(1);
  const [input, setInput] = useState<number | null>(1);
  const [error, setError] = useState('');
  const [width, setWidth] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<string>('');
  const [speaking, setSpeaking] = useState(false);
  const texts = useRef<Map<number, PageText>>(new Map());
  const canSpeak = typeof window !== 'undefined' && 'speechSynthesis' in window && typeof SpeechSynthesisUtterance !== 'undefined';

  useEffect(() => {
    if (!url) return;
    let gone = false;
    const task = pdfjs.getDocument({ url });
    setDoc(null);
    setError('');
    texts.current = new Map();
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
    if (!doc || !canvas.current || !textLayer.current || !sheet.current || !width) return;
    let task: pdfjs.RenderTask | null = null;
    let text: pdfjs.TextLayer | null = null;
    let gone = false;
    void doc.getPage(page).then((p) => {
      if (gone || !canvas.current || !textLayer.current || !sheet.current) return;
      const base = p.getViewport({ scale: 1 });
      // 100 % is the page at the box's width (at most 900 px); the zoom multiplies that
      const scale = (Math.min(width, 900) / base.width) * zoom;
      const ratio = window.devicePixelRatio || 1;
      const vp = p.getViewport({ scale: scale * ratio });
      const c = canvas.current;
      c.width = Math.floor(vp.width);
      c.height = Math.floor(vp.height);
      c.style.width = `${Math.floor(vp.width / ratio)}px`;
      c.style.height = `${Math.floor(vp.height / ratio)}px`;
      task = p.render({ canvas: c, viewport: vp });
      task.promise.catch(() => undefined);
      // the text layer: transparent text placed over the glyphs (pdf.js sizes it by --total-scale-factor)
      const layer = textLayer.current;
      layer.replaceChildren();
      sheet.current.style.setProperty('--total-scale-factor', String(scale));
      text = new pdfjs.TextLayer({ textContentSource: p.streamTextContent(), container: layer, viewport: p.getViewport({ scale }) });
      text.render().then(
        () => {
          if (gone) return;
          layer.dataset.ready = 'true';
          markMatches(layer, query);
        },
        () => undefined,
      );
      layer.dataset.ready = 'false';
    });
    return () => {
      gone = true;
      task?.cancel();
      text?.cancel();
    };
    // the query marks spans after a render; a new query marks them in its own effect
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc, page, width, zoom]);

  useEffect(() => {
    if (textLayer.current?.dataset.ready === 'true') markMatches(textLayer.current, query);
  }, [query]);

  // leaving the page (or the document) stops reading aloud
  useEffect(() => {
    if (!canSpeak) return;
    window.speechSynthesis.cancel();
    setSpeaking(false);
  }, [page, url, canSpeak]);
  useEffect(() => () => void (canSpeak && window.speechSynthesis.cancel()), [canSpeak]);

  const count = doc?.numPages ?? 0;
  const goTo = useCallback(
    (n: number) => {
      const v = Math.min(Math.max(1, Math.round(n)), Math.max(1, count));
      setPage(v);
      setInput(v);
    },
    [count],
  );

  const pageText = async (n: number): Promise<string> => {
    const hit = texts.current.get(n);
    if (hit !== undefined || !doc) return hit ?? '';
    const content = await (await doc.getPage(n)).getTextContent();
    const s = content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : '') : '')).join('');
    texts.current.set(n, s);
    return s;
  };

  const search = async (from: number) => {
    const q = query.trim();
    if (!doc || !q) return setFound('');
    const all = await Promise.all(Array.from({ length: count }, (_, i) => pageText(i + 1)));
    const pages = findPages(all, q);
    if (!pages.length) return setFound(`未找到「${q}」`);
    const next = pages.find((p) => p > from) ?? pages[0];
    goTo(next);
    setFound(`「${q}」在 ${pages.length} 页出现，当前第 ${next} 页（第 ${pages.indexOf(next) + 1} / ${pages.length} 处）`);
  };

  const speak = async () => {
    if (!canSpeak) return;
    if (speaking) {
      window.speechSynthesis.cancel();
      setSpeaking(false);
      return;
    }
    const u = new SpeechSynthesisUtterance(await pageText(page));
    u.lang = 'zh-CN';
    u.onend = u.onerror = () => setSpeaking(false);
    setSpeaking(true);
    window.speechSynthesis.speak(u);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === '+' || e.key === '=') setZoom((z) => clampZoom(z + ZOOM_STEP));
    else if (e.key === '-' || e.key === '_') setZoom((z) => clampZoom(z - ZOOM_STEP));
    else if (e.key === '0') setZoom(1);
    else if (e.key === 'PageDown') goTo(page + 1);
    else if (e.key === 'PageUp') goTo(page - 1);
    else if (e.key === 'Home' && e.target === e.currentTarget) goTo(1);
    else if (e.key === 'End' && e.target === e.currentTarget) goTo(count);
    else return;
    e.preventDefault();
  };

  return (
    <div className="dj-pdf-viewer">
      <div className="dj-pdf-viewer__bar">
        <span className="dj-pdf-viewer__group">
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
        </span>
        <span className="dj-pdf-viewer__group" role="group" aria-label="缩放">
          <Tooltip title="缩小（-）">
            <Button icon={<ZoomOutOutlined />} aria-label="缩小" disabled={!count || zoom <= clampZoom(0)} onClick={() => setZoom((z) => clampZoom(z - ZOOM_STEP))} />
          </Tooltip>
          <span className="dj-pdf-viewer__zoom" data-testid="pdf-zoom" aria-live="polite">
            {Math.round(zoom * 100)}%
          </span>
          <Tooltip title="放大（+）">
            <Button icon={<ZoomInOutlined />} aria-label="放大" disabled={!count || zoom >= clampZoom(99)} onClick={() => setZoom((z) => clampZoom(z + ZOOM_STEP))} />
          </Tooltip>
          <Tooltip title="适合宽度（0）">
            <Button icon={<ColumnWidthOutlined />} aria-label="适合宽度" disabled={!count || zoom === 1} onClick={() => setZoom(1)} />
          </Tooltip>
        </span>
        <span className="dj-pdf-viewer__group">
          <Input.Search
            className="dj-pdf-viewer__search"
            placeholder="在文档中查找"
            aria-label="在文档中查找"
            allowClear
            disabled={!count}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              if (!e.target.value) setFound('');
            }}
            onSearch={() => void search(found && query.trim() ? page : 0)}
            enterButton="查找"
          />
          {canSpeak ? (
            <Button icon={<SoundOutlined />} disabled={!count} aria-pressed={speaking} onClick={() => void speak()}>
              {speaking ? '停止朗读' : '朗读本页'}
            </Button>
          ) : null}
        </span>
        {found ? (
          <div className="dj-pdf-viewer__found" role="status" data-testid="pdf-found">
            {found}
          </div>
        ) : null}
      </div>
      <div className="dj-pdf-viewer__page" ref={box} tabIndex={0} role="region" aria-label={`文档第 ${page} 页，共 ${count} 页（+ 放大，- 缩小，0 适合宽度，PageUp / PageDown 翻页）`} onKeyDown={onKeyDown}>
        {error ? <div className="dj-pdf-viewer__error">{error}</div> : !doc && <Spin />}
        <div className="dj-pdf-viewer__sheet" ref={sheet} style={{ display: doc ? 'block' : 'none' }}>
          <canvas ref={canvas} data-testid="pdf-canvas" data-page={doc ? page : 0} data-zoom={zoom} aria-hidden />
          <div ref={textLayer} className="textLayer" data-testid="pdf-text-layer" />
        </div>
      </div>
    </div>
  );
}

/** Marks the text layer's spans that hold the query (the page's found places). */
function markMatches(layer: HTMLElement, query: string) {
  const q = query.trim();
  layer.querySelectorAll('span').forEach((s) => {
    const hit = !!q && !s.querySelector('span') && (s.textContent ?? '').includes(q);
    s.classList.toggle('dj-pdf-hit', hit);
  });
}

/** Read-only (detail screens): the document at its address. */
export function Read({ value }: { value: unknown }) {
  if (typeof value !== 'string' || !value) return <span className="dj-empty-value">-</span>;
  return <PdfViewer url={value} />;
}
