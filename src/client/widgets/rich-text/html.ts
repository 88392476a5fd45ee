/** Small helpers of the editor, free of draft-js (unit-tested). */

/** The editor's HTML, '' when empty (braft gives '<p></p>'). */
export function editorHtml(state: { toHTML(): string; isEmpty?: () => boolean }): string {
  const html = state.toHTML();
  if (!html || html === '<p></p>' || /^(<p>(\s|&nbsp;|<br\s*\/?>)*<\/p>)+$/.test(html)) return '';
  return html;
}

export const countImages = (html: string) => (html.match(/<img\b/gi) ?? []).length;

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  flush(): void;
  cancel(): void;
}

/** Trailing debounce with flush (send the pending call now) and cancel. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last: A | null = null;
  const d = ((...args: A) => {
    last = args;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      const a = last!;
      last = null;
      fn(...a);
    }, ms);
  }) as Debounced<A>;
  d.flush = () => {
    if (!timer) return;
    clearTimeout(timer);
    timer = null;
    const a = last!;
    last = null;
    fn(...a);
  };
  d.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    last = null;
  };
  return d;
}
