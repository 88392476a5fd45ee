import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../../src/server/http/security-headers';

describe('Content-Security-Policy', () => {
  it('no inline script and no eval, whatever the map', () => {
    for (const map of [{ provider: 'outline' }, { provider: 'amap', amapKey: 'k' }, { provider: 'tiles', tileUrl: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' }] as const) {
      const csp = contentSecurityPolicy({ map: map as never, live: null });
      const script = /script-src ([^;]*)/.exec(csp)![1];
      expect(script).not.toContain("'unsafe-inline'");
      expect(script).not.toContain("'unsafe-eval'");
      expect(csp).toContain("frame-ancestors 'self'");
    }
  });

  it('names the configured outside origins only: AMap, the tile server, the live pull address', () => {
    expect(contentSecurityPolicy({ map: { provider: 'outline' } as never, live: null })).not.toContain('http');
    expect(contentSecurityPolicy({ map: { provider: 'amap', amapKey: 'k' } as never, live: null })).toMatch(/script-src [^;]*https:\/\/\*\.amap\.com/);
    const tiles = contentSecurityPolicy({ map: { provider: 'tiles', tileUrl: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' } as never, live: null });
    expect(tiles).toMatch(/img-src [^;]*https:\/\/\*\.tile\.example\.org/);
    const live = contentSecurityPolicy({ map: { provider: 'outline' } as never, live: { pullBase: 'https://live.example.org/live' } as never });
    expect(live).toMatch(/media-src [^;]*https:\/\/live\.example\.org/);
    expect(live).toMatch(/connect-src [^;]*https:\/\/live\.example\.org/);
  });
});
