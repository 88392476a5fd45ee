import sanitizeHtml from 'sanitize-html';

/**
 * The one rich-text policy of the platform: what the configured record store and every hand-written
 * service store of an editor's HTML (a special topic's introduction, a class notice, a note).
 */
export const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img', 'video', 'audio', 'source', 'span', 'h1', 'h2', 'u', 's']),
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    img: ['src', 'alt', 'width', 'height', 'style'],
    video: ['src', 'controls', 'width', 'height', 'poster'],
    audio: ['src', 'controls'],
    source: ['src', 'type'],
    span: ['style'],
    p: ['style'],
    '*': ['class'],
  },
  allowedStyles: { '*': { color: [/^#[0-9a-f]{3,8}$/i, /^rgb\(/], 'text-align': [/^(left|right|center|justify)$/], 'font-size': [/^\d+(px|em|%)$/] } },
  allowedSchemes: ['http', 'https', 'data'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
};

/** Rich text as stored: sanitised with the one policy above; null when nothing is left. */
/** Rich text sanitised with the policy, as it is (the record store keeps its field as typed). */
export const sanitizeRichText = (html: string) => sanitizeHtml(html, RICH_TEXT);

export const cleanRichText = (html: string | null | undefined) => (html ? sanitizeRichText(html).trim() || null : null);

/** Whether stored rich text says anything: text or an image, not an editor's empty paragraph. */
export const hasRichContent = (clean: string | null) => !!clean && !!sanitizeHtml(clean, { allowedTags: ['img'], allowedAttributes: {} }).replace(/&nbsp;/g, ' ').trim();
