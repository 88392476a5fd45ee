/**
 * The one toolbar of every RichText field (no screen passes its own list, so none can leave the image
 * button out) and the check of an editor image (core §5, §9), free of draft-js so it is unit-tested.
 * The image button is ours, not braft's 'media' control: that one opens a media library whose icon
 * nobody reads as "insert a picture", and it would need braft-finder's own upload flow.
 */
import { EDITOR_IMAGE_MAX_BYTES, EDITOR_IMAGE_MAX_COUNT, IMAGE_FORMATS, UPLOAD_MSG, extOf } from '../upload-core/limits';

export const IMAGE_CONTROL = { key: 'image', title: '插入图片', accept: 'image/png,image/jpeg,.jpg,.jpeg,.png' } as const;

/** Built-in controls in order; the image button is added after 'hr' (see editor.tsx). */
export const RICH_TEXT_CONTROLS = [
  'undo', 'redo', 'separator', 'headings', 'font-size', 'separator', 'bold', 'italic', 'underline', 'strike-through', 'text-color',
  'separator', 'text-align', 'list-ul', 'list-ol', 'blockquote', 'separator', 'link', 'hr', 'separator', 'clear', 'fullscreen',
] as const;

/** null when the image may go in; else the spec's message (format, then 10 MB, then 6 images). */
export function checkEditorImage(file: { name: string; size: number }, imagesInEditor: number): string | null {
  if (!IMAGE_FORMATS.includes(extOf(file.name))) return UPLOAD_MSG.imageFormat;
  if (file.size > EDITOR_IMAGE_MAX_BYTES) return UPLOAD_MSG.editorImageSize;
  if (imagesInEditor >= EDITOR_IMAGE_MAX_COUNT) return UPLOAD_MSG.imageCount(EDITOR_IMAGE_MAX_COUNT);
  return null;
}
