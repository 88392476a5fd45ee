/**
 * The map provider's non-visual half, one per kind: where a typed word is searched, what address a
 * clicked point gets, and which province the picker opens on. AMap answers from its services
 * (nationwide place search, reverse geocoding, the city of the network address); the outline
 * searches the platform's own organisation addresses and names the city under the point.
 */
import type { MapSettings } from '../../../contract/types';
import { partyMapService } from '../../api/party-map';
import { loadAmap } from './amap-loader';
import { PICK_ZOOM } from './geo';
import { defaultArea, featureAt, loadOutline, outlineArea, type MapArea } from './settings';
import type { MapPoint, PlaceHit } from './types';

export interface MapServices {
  kind: MapSettings['provider'];
  /** places matching a word (AMap: nationwide, spec §9) */
  search(keyword: string): Promise<PlaceHit[]>;
  /** a starting address for a clicked point ('' when the provider cannot tell) */
  addressAt(p: MapPoint): Promise<string>;
  /** the province the picker opens on, cached locally */
  area(): Promise<MapArea>;
  /** the zoom of a found place */
  pickZoom: number;
}

const outlineServices = (kind: 'outline' | 'tiles'): MapServices => ({
  kind,
  pickZoom: PICK_ZOOM,
  async search(keyword) {
    const rows = await partyMapService.organs({ keyword }, { silent: true });
    return (rows ?? []).map((r) => ({ name: r.organName, address: r.address ?? '', longitude: r.longitude, latitude: r.latitude }));
  },
  async addressAt(p) {
    const geo = await loadOutline();
    const city = featureAt(geo, p.longitude, p.latitude);
    return city ? `${typeof geo.name === 'string' ? geo.name : ''}${city}` : '';
  },
  area: () => defaultArea(async () => outlineArea(await loadOutline())),
});

const amapCall = <T>(run: (AMap: any, done: (status: string, result: any) => void) => void, pick: (result: any) => T, fallback: T) => (AMap: any) =>
  new Promise<T>((resolve) => run(AMap, (status, result) => resolve(status === 'complete' ? pick(result) : fallback)));

/** An AMap POI's address: province, city (not again for 北京市 and the other municipalities), district, street. */
export function placeAddress(p: { pname?: string; cityname?: string; adname?: string; address?: unknown }): string {
  const parts = [p.pname, p.cityname !== p.pname ? p.cityname : '', p.adname, typeof p.address === 'string' ? p.address : ''];
  return parts.filter(Boolean).join('');
}

const amapServices = (s: MapSettings): MapServices => {
  const amap = () => loadAmap(s.amapKey!, s.amapSecurityCode);
  return {
    kind: 'amap',
    pickZoom: PICK_ZOOM,
    async search(keyword) {
      return amapCall<PlaceHit[]>(
        (AMap, done) => new AMap.PlaceSearch({ city: '全国', citylimit: false, pageSize: 10 }).search(keyword, done),
        (r) =>
          (r?.poiList?.pois ?? [])
            .filter((p: any) => p.location)
            .map((p: any) => ({ name: p.name, address: placeAddress(p), longitude: p.location.lng, latitude: p.location.lat })),
        [],
      )(await amap());
    },
    async addressAt(p) {
      return amapCall<string>((AMap, done) => new AMap.Geocoder().getAddress([p.longitude, p.latitude], done), (r) => r?.regeocode?.formattedAddress ?? '', '')(await amap());
    },
    area: () =>
      defaultArea(async () => {
        const AMap = await amap();
        const hit = await amapCall<{ name: string; center: [number, number] } | null>(
          (A, done) => new A.CitySearch().getLocalCity(done),
          (r) => (r?.province && r.bounds ? { name: r.province, center: [r.bounds.getCenter().lng, r.bounds.getCenter().lat] } : null),
          null,
        )(AMap);
        // the platform's province when the network address tells nothing (an intranet)
        return hit ? { name: hit.name, longitude: hit.center[0], latitude: hit.center[1], zoom: 7 } : { name: '四川省', longitude: 104.0657, latitude: 30.6595, zoom: 7 };
      }),
  };
};

export function mapServices(s: MapSettings): MapServices {
  return s.provider === 'amap' && s.amapKey ? amapServices(s) : outlineServices(s.provider === 'tiles' ? 'tiles' : 'outline');
}
