/**
 * The AMap provider against a stand-in of AMap's JS API 2.0 classes (the real script needs a key and
 * the network): markers at their coordinates, a marker click and a map click reported, the popup's
 * texts set as text (an organisation name is never HTML), the nationwide place search (city 全国),
 * and no script tag while a stand-in is loaded.
 */
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AmapView from '../../../src/client/widgets/map/amap-view';
import { mapServices } from '../../../src/client/widgets/map/provider';

class Evented {
  handlers: Record<string, ((e?: any) => void)[]> = {};
  on(name: string, fn: (e?: any) => void) {
    (this.handlers[name] ??= []).push(fn);
  }
  fire(name: string, e?: any) {
    this.handlers[name]?.forEach((fn) => fn(e));
  }
}

let maps: any[] = [];
let searches: any[] = [];
function fakeAmap() {
  maps = [];
  searches = [];
  return {
    Map: class extends Evented {
      added: any[] = [];
      zoomCenter: any = null;
      constructor(public el: HTMLElement, public opts: any) {
        super();
        maps.push(this);
      }
      addControl() {}
      add(x: any) {
        this.added.push(...(Array.isArray(x) ? x : [x]));
      }
      remove(x: any) {
        const list = Array.isArray(x) ? x : [x];
        this.added = this.added.filter((a) => !list.includes(a));
      }
      setFitView() {}
      setZoomAndCenter(zoom: number, center: number[]) {
        this.zoomCenter = { zoom, center };
      }
      destroy() {}
    },
    Marker: class extends Evented {
      constructor(public opts: any) {
        super();
      }
    },
    InfoWindow: class extends Evented {
      opened: any = null;
      constructor(public opts: any) {
        super();
      }
      open(_map: any, at: number[]) {
        this.opened = at;
      }
      close() {}
    },
    Pixel: class {
      constructor(public x: number, public y: number) {}
    },
    Scale: class {},
    ToolBar: class {},
    PlaceSearch: class {
      constructor(public opts: any) {
        searches.push(this);
      }
      search(keyword: string, done: (status: string, r: any) => void) {
        done('complete', { poiList: { pois: [{ name: `${keyword}广场`, pname: '北京市', cityname: '北京市', adname: '东城区', address: '东长安街', location: { lng: 116.39, lat: 39.9 } }] } });
      }
    },
  };
}

beforeEach(() => {
  (window as any).AMap = fakeAmap();
});
afterEach(() => {
  cleanup();
  delete (window as any).AMap;
});

const MARKERS = [{ id: 7, name: '<img src=x onerror=alert(1)>党支部', longitude: 103.84, latitude: 30.69, address: '温江区', secretaryName: '王芳', contactPhone: '028-1' }];

describe('AmapView', () => {
  it('puts the markers on the map, reports clicks, shows the popup as text', async () => {
    const onMarkerClick = vi.fn();
    const onMapClick = vi.fn();
    const { rerender } = render(<AmapView amapKey="k" onFail={() => undefined} markers={MARKERS} onMarkerClick={onMarkerClick} onMapClick={onMapClick} />);
    await waitFor(() => expect(maps[0]?.added.length).toBe(1));
    const map = maps[0];
    const marker = map.added[0];
    expect(marker.opts.position).toEqual([103.84, 30.69]);
    act(() => marker.fire('click'));
    expect(onMarkerClick).toHaveBeenCalledWith(MARKERS[0]);
    act(() => map.fire('click', { lnglat: { getLng: () => 104.1, getLat: () => 30.6 } }));
    expect(onMapClick).toHaveBeenCalledWith({ longitude: 104.1, latitude: 30.6 });

    rerender(<AmapView amapKey="k" onFail={() => undefined} markers={MARKERS} selectedId={7} focus={{ longitude: 103.84, latitude: 30.69, zoom: 11 }} />);
    await waitFor(() => expect(map.zoomCenter).toEqual({ zoom: 11, center: [103.84, 30.69] }));
    expect(document.querySelector('script[src*="webapi.amap.com"]')).toBeNull();
  });

  it('the popup content is built from text nodes', async () => {
    const infos: any[] = [];
    const A = (window as any).AMap;
    const Base = A.InfoWindow;
    A.InfoWindow = class extends Base {
      constructor(opts: any) {
        super(opts);
        infos.push(this);
      }
    };
    render(<AmapView amapKey="k" onFail={() => undefined} markers={MARKERS} selectedId={7} />);
    await waitFor(() => expect(infos.length).toBe(1));
    const el: HTMLElement = infos[0].opts.content;
    expect(el.querySelector('img')).toBeNull();
    expect(el.textContent).toContain('<img src=x onerror=alert(1)>党支部');
    expect(el.textContent).toContain('书记：王芳');
    expect(infos[0].opened).toEqual([103.84, 30.69]);
  });
});

describe('AMap services', () => {
  it('search is nationwide (city 全国) and answers places with their coordinates', async () => {
    const hits = await mapServices({ provider: 'amap', amapKey: 'k' }).search('天安门');
    expect(searches[0].opts).toMatchObject({ city: '全国', citylimit: false });
    expect(hits).toEqual([{ name: '天安门广场', address: '北京市东城区东长安街', longitude: 116.39, latitude: 39.9 }]);
  });
});
