/** The map widget's props, the same for every provider (outline SVG, tiles, AMap). */

/** An organisation (or any place) on the map; the popup shows name, address, secretary and phone. */
export interface MapMarker {
  id: string | number;
  longitude: number;
  latitude: number;
  name: string;
  address?: string | null;
  secretaryName?: string | null;
  contactPhone?: string | null;
}

export interface MapPoint {
  longitude: number;
  latitude: number;
}

/** A request to show a place at a zoom level; a new object (or `key`) moves the map again. */
export interface MapFocus extends MapPoint {
  zoom: number;
  key?: number;
}

export interface MapViewProps {
  markers?: MapMarker[];
  /** the marker whose popup is open (controlled by the page: a list beside the map selects too) */
  selectedId?: string | number | null;
  onMarkerClick?: (m: MapMarker) => void;
  /** closing the popup */
  onPopupClose?: () => void;
  /** a click on the map itself (not on a marker): the address picker sets its point */
  onMapClick?: (p: MapPoint) => void;
  /** the chosen point (the address picker's pin) */
  point?: MapPoint | null;
  focus?: MapFocus | null;
  /** what the first view shows: the province outline (default) or the markers */
  fit?: 'outline' | 'markers';
  /**
   * the area the first view fits (and 复位 returns to), as a 行政区划 code (GB/T 2260; its first 6
   * digits count): a district, a city or the province, drawn from the bundled district outlines; it
   * wins over `fit`. Unknown codes (outside the bundled province) leave `fit` in charge.
   */
  area?: string | null;
  height?: number | string;
  /** the map's accessible name */
  label?: string;
  className?: string;
}

/** The provider's non-visual half: what the address picker asks of a map. */
export interface PlaceHit {
  name: string;
  address: string;
  longitude: number;
  latitude: number;
}
