/** The braft-editor edit component of RichText (a lazy chunk of its own, with its CSS). */
import { useEffect, useMemo, useRef, useState } from 'react';
import BraftEditor, { type EditorState } from 'braft-editor';
import 'braft-editor/dist/index.css';
import { message } from 'antd';
import { ATTACH_CLASS, EDITOR_DEBOUNCE_MS, EDITOR_IMAGE_MAX_BYTES, EDITOR_IMAGE_MAX_COUNT, EDITOR_UPLOAD_TIMEOUT, UPLOAD_MSG } from '../upload-core/limits';
import { isTimeout, uploadFile } from '../upload-core/transport';
import { countImages, debounce, editorHtml } from './html';

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

const CONTROLS: any[] = [
  'undo', 'redo', 'separator', 'headings', 'font-size', 'separator', 'bold', 'italic', 'underline', 'strike-through', 'text-color',
  'separator', 'text-align', 'list-ul', 'list-ol', 'blockquote', 'separator', 'link', 'hr', 'separator', 'media', 'separator', 'clear', 'fullscreen',
];

export default function RichTextEditor({ value, onChange, placeholder = '请输入内容', disabled, project, height = 320 }: RichTextProps) {
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

  const media = {
    accepts: { image: 'image/png,image/jpeg,image/jpg', video: false as const, audio: false as const },
    externals: { image: false, video: false, audio: false, embed: false },
    pasteImage: true,
    validateFn: (file: File) => {
      if (file.size > EDITOR_IMAGE_MAX_BYTES) {
        void message.error(UPLOAD_MSG.editorImageSize);
        return false;
      }
      if (countImages(editorHtml(stateRef.current)) + pendingUploads.current >= EDITOR_IMAGE_MAX_COUNT) {
        void message.error(UPLOAD_MSG.imageCount(EDITOR_IMAGE_MAX_COUNT));
        return false;
      }
      return true;
    },
    uploadFn: ({ file, progress, success, error }: any) => {
      pendingUploads.current++;
      progress(10);
      uploadFile(file, { attachClass: ATTACH_CLASS.image, project, timeout: EDITOR_UPLOAD_TIMEOUT, silent: true }).then(
        (r) => {
          pendingUploads.current--;
          progress(100);
          void message.success(UPLOAD_MSG.editorSuccess);
          success({ url: r.path, meta: { id: r.id, title: r.name, alt: r.name, loop: false, autoPlay: false, controls: false, poster: '' } });
        },
        (e) => {
          pendingUploads.current--;
          const msg = isTimeout(e) ? UPLOAD_MSG.editorTimeout : UPLOAD_MSG.editorFailed;
          void message.error(msg);
          error({ msg });
        },
      );
    },
  };

  return (
    <div className="dj-rich-editor" data-widget="RichText">
      <BraftEditor
        value={state}
        onChange={(s: EditorState) => {
          setState(s);
          push(s);
        }}
        onBlur={() => push.flush()}
        controls={CONTROLS}
        media={media as any}
        stripPastedStyles
        placeholder={placeholder}
        readOnly={disabled}
        contentStyle={{ height }}
        imageResizable
      />
    </div>
  );
}
