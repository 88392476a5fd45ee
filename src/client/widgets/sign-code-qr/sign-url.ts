/** The page a phone opens: this origin, the client's base path, the member route. */
export function absoluteSignUrl(signUrl: string, origin = window.location.origin, base = import.meta.env.BASE_URL ?? '/') {
  if (/^https?:\/\//.test(signUrl)) return signUrl;
  return `${origin}${base.replace(/\/+$/, '')}${signUrl.startsWith('/') ? '' : '/'}${signUrl}`;
}
