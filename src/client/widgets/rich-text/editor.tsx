/** The braft-editor edit component of RichText (a lazy chunk of its own, with its CSS). */
import { useEffect, useMemo, useRef, useState } from 'react';
import BraftEditor, { type EditorState, type ExtendControlType } from 'braft-editor';
import { ContentUtils } from 'braft-utils';
import 'braft-editor/dist/index.css';
import { PictureOutlined } from '@ant-design/icons';
import { ATTACH_CLASS, EDITOR_DEBOUNCE_MS, EDITOR_UPLOAD_TIMEOUT, UPLOAD_MSG } from '../upload-core/limits';
import { isTimeout, uploadFile } from '../upload-core/transport';
import { countImages, debounce, editorHtml } from './html';
import { checkEditorImage, IMAGE_CONTROL, RICH_TEXT_CONTROLS } from './toolbar';
import { toastError, toastSuccess } from '../../api/toast';

export interface RichTextProps {
  value?: string | null;
  onChange?: (v: string) => void;
  placeholder?: string;
  disabled?: boolean;
  project?: string;
  /** editor height in px */
  height?: number;
  [k: string]: unknown;
}

const CONTROLS = RICH_TEXT_CONTROLS as unknown as any[];

/** Names for braft's controls that carry no text of their own (axe: every button has a name). */
const CONTROL_NAMES: Record<string, string> = {
  undo: '撤销', redo: '重做', headings: '标题', 'font-size': '字号', bold: '加粗', italic: '斜体', underline: '下划线', 'strike-through': '删除线',
  'text-color': '文字颜色', 'text-align': '对齐', 'list-ul': '无序列表', 'list-ol': '有序列表', blockquote: '引用', link: '链接', hr: '水平线', clear: '清除内容', fullscreen: '全屏',
};

/** Gives every control of the toolbar an accessible name (its tooltip text) and the editing area its label. */
function nameControls(root: HTMLElement | null, label: string) {
  if (!root) return;
  root.querySelectorAll<HTMLElement>('.bf-controlbar button, .bf-controlbar [role="button"]').forEach((b) => {
    if (b.getAttribute('aria-label') || b.textContent?.trim()) return;
    const name = b.getAttribute('data-title') || b.getAttribute('title') || CONTROL_NAMES[b.getAttribute('data-control') ?? ''] || '';
    if (name) b.setAttribute('aria-label', name);
  });
  root.querySelectorAll<HTMLElement>('.bf-controlbar button').forEach((b) => {
    // dropdowns (标题, 字号, 对齐…) show their current value: name them by their tooltip too
    const t = b.getAttribute('data-title');
    if (t && !b.getAttribute('aria-label') && !/[\u4e00-\u9fa5A-Za-z]/.test(b.textContent ?? '')) b.setAttribute('aria-label', t);
  });
  const area = root.querySelector<HTMLElement>('[contenteditable="true"], .public-DraftEditor-content');
  if (area) {
    area.setAttribute('aria-label', label);
    area.setAttribute('aria-multiline', 'true');
    if (!area.getAttribute('role')) area.setAttribute('role', 'textbox');
  }
}

export default function RichTextEditor({ value, onChange, placeholder = '请输入内容', disabled, project, height = 320, ...rest }: RichTextProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const label = (typeof rest['aria-label'] === 'string' && rest['aria-label']) || (typeof rest.title === 'string' && rest.title) || '正文';
  // braft renders its controls itself: name them after every render (dropdowns re-render theirs)
  useEffect(() => {
    nameControls(rootRef.current, label);
    const root = rootRef.current;
    if (!root || typeof MutationObserver === 'undefined') return;
    const obs = new MutationObserver(() => nameControls(root, label));
    obs.observe(root, { childList: true, subtree: true });
    return () => obs.disconnect();
  }, [label]);
  const [state, setState] = useState<EditorState>(() => BraftEditor.createEditorState(value ?? ''));
  const emitted = useRef<string>(value ?? '');
  const pendingUploads = useRef(0);
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  const stateRef = useRef(state);
  stateRef.current = state;

  const push = useMemo(
    () =>
      debounce((s: EditorState) => {
        const html = editorHtml(s);
        if (html === emitted.current) return;
        emitted.current = html;
        changeRef.current?.(html);
      }, EDITOR_DEBOUNCE_MS),
    [],
  );
  // the last keystrokes are not lost when the form goes away
  useEffect(() => () => push.flush(), [push]);

  // a value from outside (another record, a reset) replaces the content
  useEffect(() => {
    const v = value ?? '';
    if (v !== emitted.current) {
      emitted.current = v;
      push.cancel();
      setState(BraftEditor.createEditorState(v));
    }
  }, [value, push]);

  /** Uploads one image (class 3, 180 s) and hands braft its address; messages verbatim (core §8). */
  const upload = (file: File, done: (url: string, meta: Record<string, unknown>) => void, failed?: (msg: string) => void) => {
    pendingUploads.current++;
    uploadFile(file, { attachClass: ATTACH_CLASS.image, project, timeout: EDITOR_UPLOAD_TIMEOUT, silent: true }).then(
      (r) => {
        pendingUploads.current--;
        void toastSuccess(UPLOAD_MSG.editorSuccess);
        done(r.path, { id: r.id, title: r.name, alt: r.name });
      },
      (e) => {
        pendingUploads.current--;
        const msg = isTimeout(e) ? UPLOAD_MSG.editorTimeout : UPLOAD_MSG.editorFailed;
        void toastError(msg);
        failed?.(msg);
      },
    );
  };
  const admit = (file: File) => {
    const why = checkEditorImage(file, countImages(editorHtml(stateRef.current)) + pendingUploads.current);
    if (why) void toastError(why);
    return !why;
  };

  // pasted images go through the same checks and upload
  const media = {
    accepts: { image: IMAGE_CONTROL.accept, video: false as const, audio: false as const },
    externals: { image: false, video: false, audio: false, embed: false },
    pasteImage: true,
    validateFn: admit,
    uploadFn: ({ file, progress, success, error }: any) => {
      progress(10);
      upload(
        file,
        (url, meta) => {
          progress(100);
          success({ url, meta: { ...meta, loop: false, autoPlay: false, controls: false, poster: '' } });
        },
        (msg) => error({ msg }),
      );
    },
  };

  const fileInput = useRef<HTMLInputElement>(null);
  const pick = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      if (!admit(file)) break;
      upload(file, (url, meta) => {
        const next = ContentUtils.insertMedias(stateRef.current, [{ type: 'IMAGE', url, name: String(meta.title ?? ''), meta }]);
        setState(next);
        // an inserted image is one discrete change: the form has it at once, not after the debounce
        push(next);
        push.flush();
      });
    }
    if (fileInput.current) fileInput.current.value = '';
  };
  const extendControls: ExtendControlType[] = [
    'separator',
    {
      key: IMAGE_CONTROL.key,
      type: 'component',
      component: (
        <button
          type="button"
          className="control-item button"
          title={IMAGE_CONTROL.title}
          aria-label={IMAGE_CONTROL.title}
          data-control="image"
          disabled={disabled}
          onClick={() => fileInput.current?.click()}
        >
          <PictureOutlined />
          <input ref={fileInput} type="file" accept={IMAGE_CONTROL.accept} multiple hidden onChange={(e) => pick(e.target.files)} />
        </button>
      ),
    },
  ];

  return (
    <div className="dj-rich-editor" data-widget="RichText" ref={rootRef}>
      <BraftEditor
        value={state}
        onChange={(s: EditorState) => {
          setState(s);
          push(s);
        }}
        onBlur={() => push.flush()}
        controls={CONTROLS}
        extendControls={extendControls}
        media={media as any}
        stripPastedStyles
        placeholder={placeholder}
        readOnly={disabled}
        contentStyle={{ height }}
        imageResizable
        draftProps={{ ariaLabel: label, ariaMultiline: true } as any}
      />
    </div>
  );
}
