/**
 * The map widgets: `MapView` (registered: a read-only map of a point or of markers) and
 * `AddressPicker` (./address-picker). Pages import MapView from './map-view' directly.
 */
import MapView from './map-view';
import type { MapMarker, MapPoint } from './types';
import type { ReadProps } from '../registry';

const num = (v: unknown) => (v === null || v === undefined || v === '' ? NaN : Number(v));

/** A field's value as markers: an array of markers, or one point `{longitude, latitude[, address]}`. */
export function markersOf(value: unknown, record?: Record<string, unknown>): MapMarker[] {
  if (Array.isArray(value)) return value.filter((m) => m && Number.isFinite(num(m.longitude)) && Number.isFinite(num(m.latitude)));
  const p = (value && typeof value === 'object' ? value : record) as (MapPoint & { address?: string; organName?: string; name?: string }) | undefined;
  if (!p || !Number.isFinite(num(p.longitude)) || !Number.isFinite(num(p.latitude))) return [];
  return [{ id: 'point', longitude: num(p.longitude), latitude: num(p.latitude), name: String(p.name ?? p.organName ?? p.address ?? '位置'), address: p.address ?? null }];
}

export default function MapViewWidget({ value, record, height = 320 }: { value?: unknown; record?: Record<string, unknown>; height?: number }) {
  return <MapView markers={markersOf(value, record)} fit="markers" height={height} />;
}

export function Read(props: ReadProps & { height?: number }) {
  return <MapViewWidget value={props.value} record={props.record} height={props.height} />;
}
