/**
 * The map without a key and without network: the bundled province outline (its cities, and its
 * districts from a second lazy chunk) drawn as SVG in Web Mercator, panned by dragging, zoomed by the
 * wheel or the buttons; the first view fits the given area (a district or city by its 行政区划 code);
 * markers gather into clusters with counts until zoom 16, a marker opens a popup; an optional
 * OSM-style tile layer underneath when the deployment configured MAP_TILE_URL. Plain SVG instead of a
 * map library: the outline and a few hundred markers need nothing more (docs/map.md).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { boundsOf, centerView, zoomOf, coordinatesOf, fitView, fromScreen, panBy, pathOf, toScreen, visibleTiles, zoomAt, type Bounds, type FeatureCollection, type View } from './geo';
import { featureAt, loadDistricts, loadOutline } from './settings';
import { areaFeatures, clusterBounds, clusterMarkers, featuresBounds, type MarkerCluster } from './area';
import type { MapMarker, MapViewProps } from './types';
import './map.css';

/** outline paths are in world units × UNIT: exact enough at street zoom, small numbers for the browser */
const UNIT = 1_000_000;
const DRAG_PX = 4;

function useOutline() {
  const [state, setState] = useState<{ geo: FeatureCollection | null; error: string | null }>({ geo: null, error: null });
  useEffect(() => {
    let live = true;
    loadOutline().then(
      (geo) => live && setState({ geo, error: null }),
      (e: Error) => live && setState({ geo: null, error: e.message || '地图轮廓加载失败' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** The districts: no error of their own (the map stays on the cities' outline without them). */
function useDistricts() {
  const [geo, setGeo] = useState<FeatureCollection | null>(null);
  useEffect(() => {
    let live = true;
    loadDistricts().then(
      (g) => live && setGeo(g),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return geo;
}

function useSize(el: React.RefObject<HTMLDivElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const node = el.current;
    if (!node) return;
    const measure = () => setSize({ width: node.clientWidth || 600, height: node.clientHeight || 400 });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(node);
    return () => ro.disconnect();
  }, [el]);
  return size;
}

export function MarkerPopup({ marker, onClose }: { marker: MapMarker; onClose?: () => void }) {
  return (
    <div className="dj-map-popup__body">
      {onClose ? (
        <button type="button" className="dj-map-popup__close" aria-label="关闭" onClick={onClose}>
          ×
        </button>
      ) : null}
      <div className="dj-map-popup__title">{marker.name}</div>
      {marker.address ? <div>地址：{marker.address}</div> : null}
      {marker.secretaryName ? <div>书记：{marker.secretaryName}</div> : null}
      {marker.contactPhone ? <div>电话：{marker.contactPhone}</div> : null}
    </div>
  );
}

export default function OutlineView({ markers = [], selectedId, onMarkerClick, onPopupClose, onMapClick, point, focus, fit = 'outline', area, height = 480, label = '地图', className, tileUrl, tileAttribution, notice }: MapViewProps & { tileUrl?: string; tileAttribution?: string; notice?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const { width, height: h } = useSize(box);
  const { geo, error } = useOutline();
  const districts = useDistricts();
  const [view, setView] = useState<View | null>(null);

  const outlineBounds = useMemo(() => (geo ? boundsOf(coordinatesOf(geo)) : null), [geo]);
  const markerBounds = useMemo(() => boundsOf(markers.filter((m) => Number.isFinite(m.longitude) && Number.isFinite(m.latitude)).map((m) => [m.longitude, m.latitude])), [markers]);
  const paths = useMemo(() => (geo ? geo.features.map((f) => ({ name: f.properties.name ?? '', d: pathOf(f.geometry, UNIT), cp: f.properties.cp })) : []), [geo]);
  const areaFeats = useMemo(() => (districts && area ? areaFeatures(districts, area) : []), [districts, area]);
  const areaBounds = useMemo(() => featuresBounds(areaFeats), [areaFeats]);
  const districtPaths = useMemo(() => {
    const own = new Set(areaFeats.map((f) => f.properties.adcode));
    return districts ? districts.features.map((f) => ({ code: String(f.properties.adcode ?? ''), name: f.properties.name ?? '', d: pathOf(f.geometry, UNIT), cp: f.properties.cp, own: own.has(f.properties.adcode) })) : [];
  }, [districts, areaFeats]);

  const fitTo = useCallback((b: Bounds | null, maxZoom?: number) => b && width > 0 && setView(fitView(b, width, h, 24, maxZoom)), [width, h]);
  const home = useCallback(() => {
    if (focus) setView(centerView(focus.longitude, focus.latitude, focus.zoom, width, h));
    else if (areaBounds) fitTo(areaBounds, 14);
    else if (fit === 'markers' && markerBounds) fitTo(markerBounds, 14);
    else if (outlineBounds) fitTo(outlineBounds);
    else if (markerBounds) fitTo(markerBounds, 14);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fit, markerBounds, outlineBounds, areaBounds, width, h, fitTo]);

  // the first view once the box and the data are known; again when the box changes size
  const placed = useRef('');
  useEffect(() => {
    const key = `${width}x${h}|${!!outlineBounds}|${!!markerBounds}|${!!areaBounds}`;
    if (width <= 0 || placed.current === key || (!outlineBounds && !markerBounds && !focus)) return;
    placed.current = key;
    home();
  }, [width, h, outlineBounds, markerBounds, areaBounds, focus, home]);

  // a focus request (a found place, the located position) moves the map
  useEffect(() => {
    if (focus && width > 0) setView(centerView(focus.longitude, focus.latitude, focus.zoom, width, h));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus?.longitude, focus?.latitude, focus?.zoom, focus?.key, width > 0]);

  // a selected marker off screen comes into view
  useEffect(() => {
    const m = markers.find((x) => x.id === selectedId);
    if (!m || !view) return;
    const [x, y] = toScreen(view, m.longitude, m.latitude);
    if (x < 0 || y < 0 || x > width || y > h) setView((v) => v && panBy(v, width / 2 - x, h / 2 - y));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId]);

  // the wheel zooms around the pointer; a non-passive listener, so the page does not scroll
  useEffect(() => {
    const node = svg.current;
    if (!node) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = node.getBoundingClientRect();
      const factor = Math.exp(-Math.max(-300, Math.min(300, e.deltaY)) * 0.003);
      setView((v) => v && zoomAt(v, factor, e.clientX - r.left, e.clientY - r.top));
    };
    node.addEventListener('wheel', onWheel, { passive: false });
    return () => node.removeEventListener('wheel', onWheel);
  }, []);

  const drag = useRef<{ x: number; y: number; id: number; moved: boolean } | null>(null);
  const onPointerDown = (e: ReactPointerEvent<SVGSVGElement>) => {
    if (e.button !== 0) return;
    drag.current = { x: e.clientX, y: e.clientY, id: e.pointerId, moved: false };
  };
  const onPointerMove = (e: ReactPointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_PX) return;
    // captured only once it is a drag: a plain click still reaches the marker under the pointer
    if (!d.moved) svg.current?.setPointerCapture?.(e.pointerId);
    d.moved = true;
    d.x = e.clientX;
    d.y = e.clientY;
    setView((v) => v && panBy(v, dx, dy));
  };
  const onPointerUp = (e: ReactPointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    if (d?.moved) svg.current?.releasePointerCapture?.(e.pointerId);
  };
  const onBackgroundClick = (e: React.MouseEvent) => {
    const moved = drag.current?.moved;
    drag.current = null;
    if (moved || !onMapClick || !view || !svg.current) return;
    const r = svg.current.getBoundingClientRect();
    const [lng, lat] = fromScreen(view, e.clientX - r.left, e.clientY - r.top);
    onMapClick({ longitude: Math.round(lng * 1e6) / 1e6, latitude: Math.round(lat * 1e6) / 1e6 });
  };

  const zoomBy = (f: number) => setView((v) => v && zoomAt(v, f, width / 2, h / 2));
  // the map focused: arrows pan, + and - zoom (role="application" takes the keys)
  const onKeyDown = (e: React.KeyboardEvent<SVGSVGElement>) => {
    if (e.target !== e.currentTarget) return;
    const step = 80;
    const moves: Record<string, [number, number]> = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    if (moves[e.key]) setView((v) => v && panBy(v, ...moves[e.key]));
    else if (e.key === '+' || e.key === '=') zoomBy(2);
    else if (e.key === '-') zoomBy(0.5);
    else return;
    e.preventDefault();
  };
  // clusters depend on the zoom only (not on panning); the selected marker always stands alone
  const k = view?.k ?? 0;
  const clusters = useMemo(() => (k ? clusterMarkers(markers, k, undefined, selectedId) : []), [markers, k, selectedId]);
  const openCluster = (c: MarkerCluster<MapMarker>) => {
    const b = clusterBounds(c);
    if (b) setView(fitView(b, width, h, 56, 17));
  };
  const s = view ? view.k / UNIT : 1;
  const tiles = view && tileUrl ? visibleTiles(view, width, h, tileUrl) : [];
  const selected = markers.find((m) => m.id === selectedId) ?? null;
  const selectedAt = selected && view ? toScreen(view, selected.longitude, selected.latitude) : null;
  const pointAt = point && view && Number.isFinite(point.longitude) && Number.isFinite(point.latitude) ? toScreen(view, point.longitude, point.latitude) : null;
  const zoom = view ? zoomOf(view.k) : 0;
  // city names from zoom 5.5, district names (instead) from zoom 9
  const showDistrictLabels = !!view && !!districts && zoom >= 9;
  const showLabels = !!view && zoom > 5.5 && !showDistrictLabels;
  // zoomed in past the city labels, the caption still says where the map is
  const centre = view && geo && width > 0 && zoom >= 8 ? fromScreen(view, width / 2, h / 2) : null;
  const hereCity = centre ? featureAt(geo!, centre[0], centre[1]) : null;
  const hereDistrict = centre && districts ? featureAt(districts, centre[0], centre[1]) : null;
  const here = hereCity ? `${hereCity}${hereDistrict ? ` · ${hereDistrict}` : ''}` : null;

  return (
    <div ref={box} className={`dj-map${className ? ` ${className}` : ''}`} style={{ height }} data-provider={tileUrl ? 'tiles' : 'outline'}>
      <svg
        ref={svg}
        className="dj-map__svg"
        role="application"
        aria-label={label}
        width={width || '100%'}
        height={h || '100%'}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onClick={onBackgroundClick}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        <rect className="dj-map__sea" x={0} y={0} width="100%" height="100%" />
        {tiles.map((t) => (
          <image key={`${t.z}/${t.x}/${t.y}`} href={t.url} x={t.left} y={t.top} width={t.size + 0.5} height={t.size + 0.5} preserveAspectRatio="none" />
        ))}
        {view ? (
          <g transform={`matrix(${s} 0 0 ${s} ${view.tx} ${view.ty})`} className={`dj-map__outline${tiles.length ? ' dj-map__outline--over-tiles' : ''}`} data-testid="map-outline">
            {paths.map((p) => (
              <path key={p.name} d={p.d} vectorEffect="non-scaling-stroke" data-name={p.name} />
            ))}
            {districtPaths.length ? (
              <g className={`dj-map__districts${zoom < 7 ? ' dj-map__districts--far' : ''}`} data-testid="map-districts">
                {districtPaths.map((p) => (
                  <path key={p.code} d={p.d} vectorEffect="non-scaling-stroke" data-district={p.code} data-name={p.name} className={p.own ? 'dj-map__area' : undefined} />
                ))}
              </g>
            ) : null}
          </g>
        ) : null}
        {view && showDistrictLabels
          ? districtPaths.map((p) => {
              if (!p.cp) return null;
              const [x, y] = toScreen(view, p.cp[0], p.cp[1]);
              if (x < -40 || y < -20 || x > width + 40 || y > h + 20) return null;
              return (
                <text key={p.code} x={x} y={y} className={`dj-map__label dj-map__label--district${p.own ? ' dj-map__label--own' : ''}`} textAnchor="middle">
                  {p.name}
                </text>
              );
            })
          : null}
        {view && showLabels
          ? paths.map((p) => {
              if (!p.cp) return null;
              const [x, y] = toScreen(view, p.cp[0], p.cp[1]);
              return (
                <text key={p.name} x={x} y={y} className="dj-map__label" textAnchor="middle">
                  {p.name}
                </text>
              );
            })
          : null}
        {view
          ? clusters.map((c) => {
              const x = c.x * view.k + view.tx;
              const y = c.y * view.k + view.ty;
              if (x < -60 || y < -60 || x > width + 60 || y > h + 60) return null;
              if (c.markers.length > 1) {
                const n = c.markers.length;
                const r = n < 10 ? 17 : n < 100 ? 20 : 23;
                return (
                  <g
                    key={`c${c.key}`}
                    className="dj-map__cluster"
                    transform={`translate(${x} ${y})`}
                    role="button"
                    tabIndex={0}
                    aria-label={`${n} 个党组织，点击放大`}
                    data-cluster={n}
                    onClick={(e) => {
                      e.stopPropagation();
                      drag.current = null;
                      openCluster(c);
                    }}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        openCluster(c);
                      }
                    }}
                  >
                    <rect className="dj-map__hit" x={-Math.max(22, r + 4)} y={-Math.max(22, r + 4)} width={Math.max(44, 2 * r + 8)} height={Math.max(44, 2 * r + 8)} />
                    <circle r={r + 4} className="dj-map__cluster-halo" />
                    <circle r={r} />
                    <text textAnchor="middle" dy="0.35em">
                      {n}
                    </text>
                  </g>
                );
              }
              const m = c.markers[0];
              const on = m.id === selectedId;
              return (
                <g
                  key={m.id}
                  className={`dj-map__marker${on ? ' dj-map__marker--on' : ''}`}
                  transform={`translate(${x} ${y})`}
                  role="button"
                  tabIndex={0}
                  aria-label={m.name}
                  aria-pressed={on}
                  data-marker={m.id}
                  onClick={(e) => {
                    e.stopPropagation();
                    drag.current = null;
                    onMarkerClick?.(m);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      onMarkerClick?.(m);
                    }
                  }}
                >
                  {/* the tap target: 44 × 44 around the pin (issue 33), the pin itself is drawn smaller */}
                  <rect className="dj-map__hit" x={-22} y={-36} width={44} height={44} />
                  <path d="M0 0 C-3 -6 -8 -9 -8 -14 A8 8 0 1 1 8 -14 C8 -9 3 -6 0 0Z" />
                  <circle cx={0} cy={-14} r={3} className="dj-map__marker-dot" />
                </g>
              );
            })
          : null}
        {pointAt ? (
          <g className="dj-map__point" transform={`translate(${pointAt[0]} ${pointAt[1]})`} data-testid="map-point" aria-hidden>
            <path d="M0 0 C-4 -8 -10 -11 -10 -17 A10 10 0 1 1 10 -17 C10 -11 4 -8 0 0Z" />
            <circle cx={0} cy={-17} r={4} fill="#fff" />
          </g>
        ) : null}
      </svg>
      {selected && selectedAt ? (
        // below the marker when there is no room above it
        <div className={`dj-map-popup${selectedAt[1] < 170 ? ' dj-map-popup--below' : ''}`} role="dialog" aria-label={selected.name} data-testid="map-popup" style={{ left: selectedAt[0], top: selectedAt[1] < 170 ? selectedAt[1] + 6 : selectedAt[1] - 30 }}>
          <MarkerPopup marker={selected} onClose={onPopupClose} />
        </div>
      ) : null}
      <div className="dj-map__tools">
        <button type="button" aria-label="放大" onClick={() => zoomBy(2)}>
          +
        </button>
        <button type="button" aria-label="缩小" onClick={() => zoomBy(0.5)}>
          −
        </button>
        <button type="button" aria-label="全省" title="显示全省" onClick={() => fitTo(outlineBounds)} disabled={!outlineBounds}>
          省
        </button>
        <button type="button" aria-label="复位" title="回到初始视图" onClick={home}>
          ⌂
        </button>
      </div>
      {error ? <div className="dj-map__notice" role="alert">{error}</div> : notice ? <div className="dj-map__notice">{notice}</div> : null}
      {here ? (
        <div className="dj-map__here" data-testid="map-here">
          {typeof geo?.name === 'string' ? geo.name : ''} · {here}
        </div>
      ) : null}
      {tiles.length && tileAttribution ? <div className="dj-map__attribution">{tileAttribution}</div> : null}
    </div>
  );
}
