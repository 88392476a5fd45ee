/**
 * The original server (ASP.NET Core) matched API paths without regard to case, so a client may send
 * `/api/services/app/partymemberservice/searchpagelist`. The registered paths (lower case → as
 * registered) turn such a URL into the registered one; the query string and other paths are kept.
 */
export function canonicalApiUrl(registered: ReadonlyMap<string, string>, url: string): string {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (path.length < 5 || path.slice(0, 5).toLowerCase() !== '/api/') return url;
  const lower = path.toLowerCase();
  const canonical = registered.get(lower) ?? (lower.endsWith('/') ? registered.get(lower.slice(0, -1)) : undefined);
  if (!canonical || canonical === path) return url;
  return q < 0 ? canonical : canonical + url.slice(q);
}
