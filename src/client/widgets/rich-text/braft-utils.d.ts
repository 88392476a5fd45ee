/** braft-utils ships with braft-editor (its own dependency) without types; the one call we use. */
declare module 'braft-utils' {
  export const ContentUtils: {
    insertMedias<S>(state: S, medias: { type: 'IMAGE'; url: string; name?: string; meta?: Record<string, unknown> }[]): S;
  };
}
