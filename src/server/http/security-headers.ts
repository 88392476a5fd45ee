/**
 * Security headers on every answer, set by the server itself (等保 2.0 level 3; docs/SECURITY.md
 * §18): a reverse proxy that drops or forgets them changes nothing, one that adds its own duplicates
 * them harmlessly.
 *
 * The Content-Security-Policy allows no inline script and no eval: the built index.html loads
 * only files (`script-src 'self'`). Styles need `'unsafe-inline'`: antd 5 writes its CSS-in-JS into
 * `<style>` elements at run time and components set `style` attributes (as do Swagger UI, DPlayer
 * and the map); a nonce would cover the `<style>` elements but not the attributes, and a style can
 * neither run script nor read the page, so it is the accepted trade (the OWASP and Google strict-CSP
 * guidance put the weight on script-src). `'wasm-unsafe-eval'` lets WebAssembly compile (the chunk
 * checksum of media uploads, hash-wasm) without allowing JavaScript eval. `blob:` serves the HLS
 * player's media source and the workers; `data:` the image code and icons.
 *
 * Origins outside the platform come from the configuration only: AMap (AMAP_KEY), a tile server
 * (MAP_TILE_URL), the live-streaming pull address (LIVE_PULL_BASE).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const originOf = (url: string | undefined | null) => {
  if (!url) return null;
  try {
    // a tile template's {s}/{z} placeholders: the origin is what the browser checks
    const u = new URL(url.replace(/\{s\}\./, '').replace(/\{[a-z]\}/g, '0'));
    return u.protocol === 'http:' || u.protocol === 'https:' ? `${u.protocol}//${u.host}` : null;
  } catch {
    return null;
  }
};

export function contentSecurityPolicy(config: Pick<Config, 'map' | 'live'>): string {
  const script = ["'self'", "'wasm-unsafe-eval'"];
  const connect = ["'self'"];
  const img = ["'self'", 'data:', 'blob:'];
  const media = ["'self'", 'blob:'];
  if (config.map.provider === 'amap') {
    const amap = ['https://*.amap.com', 'https://*.autonavi.com'];
    script.push(...amap);
    connect.push(...amap);
    img.push(...amap);
  }
  if (config.map.provider === 'tiles') {
    const tiles = config.map.tileUrl?.includes('{s}.')
      ? originOf(config.map.tileUrl)?.replace('//', '//*.')
      : originOf(config.map.tileUrl);
    if (tiles) img.push(tiles), connect.push(tiles);
  }
  const live = originOf(config.live?.pullBase);
  if (live) connect.push(live), media.push(live);
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img.join(' ')}`,
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    `media-src ${media.join(' ')}`,
    "worker-src 'self' blob:",
    // the product shows its own PDFs and pages in frames, nobody else's
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // the platform frames its own pages (a preview), nobody else frames it (clickjacking)
    "frame-ancestors 'self'",
  ].join('; ');
}

export function securityHeaders(config: Pick<Config, 'map' | 'live'>): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'x-frame-options': 'SAMEORIGIN',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=(), usb=(), interest-cohort=()',
    'cross-origin-opener-policy': 'same-origin',
    'x-permitted-cross-domain-policies': 'none',
  };
}

export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'map' | 'live'>) {
  const headers = securityHeaders(config);
  app.addHook('onSend', async (_req, reply, payload) => {
    for (const [k, v] of Object.entries(headers)) if (!reply.hasHeader(k)) reply.header(k, v);
    return payload;
  });
}
