/** Which map the deployment draws: the server's environment (config.ts mapSettings). */
import { describe, expect, it } from 'vitest';
import { mapSettings } from '../../../src/server/config';

describe('mapSettings', () => {
  it('needs nothing by default: the bundled outline', () => {
    expect(mapSettings({})).toEqual({ provider: 'outline' });
    expect(mapSettings({ AMAP_KEY: '  ' })).toEqual({ provider: 'outline' });
  });

  it('AMAP_KEY (with AMAP_SECURITY_CODE) chooses AMap, before any tile source', () => {
    expect(mapSettings({ AMAP_KEY: 'k', AMAP_SECURITY_CODE: 's', MAP_TILE_URL: 'https://t/{z}/{x}/{y}.png' })).toEqual({ provider: 'amap', amapKey: 'k', amapSecurityCode: 's' });
    expect(mapSettings({ AMAP_KEY: 'k' })).toEqual({ provider: 'amap', amapKey: 'k' });
  });

  it('MAP_TILE_URL must be a tile template, else the server refuses to start', () => {
    expect(mapSettings({ MAP_TILE_URL: 'https://tile.example.org/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© OpenStreetMap' })).toEqual({ provider: 'tiles', tileUrl: 'https://tile.example.org/{z}/{x}/{y}.png', tileAttribution: '© OpenStreetMap' });
    expect(() => mapSettings({ MAP_TILE_URL: 'https://tile.example.org/tiles.png' })).toThrow(/MAP_TILE_URL/);
    expect(() => mapSettings({ MAP_TILE_URL: 'javascript:alert(1)//{z}{x}{y}' })).toThrow(/MAP_TILE_URL/);
  });
});
