/**
 * The outline map (no key, no network): the bundled province drawn, markers as buttons named by the
 * organisation, the popup with name, address, secretary and phone, a click on the map giving a
 * point inside the province, and the registered MapView widget showing a record's point.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import OutlineView from '../../../src/client/widgets/map/outline-view';
import { getWidget } from '../../../src/client/widgets/registry';
import type { MapMarker } from '../../../src/client/widgets/map/types';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

const MARKERS: MapMarker[] = [
  { id: 1, name: '柳城街道凤凰社区党支部', longitude: 103.84, latitude: 30.69, address: '四川省成都市温江区柳城街道凤凰社区党群服务中心', secretaryName: '王芳', contactPhone: '028-82600000' },
  { id: 2, name: '公平街道公平社区党支部', longitude: 103.87, latitude: 30.66, address: null },
];

describe('OutlineView', () => {
  it('draws the 21 cities, the markers as named buttons, and the popup of the selected one', async () => {
    const onMarkerClick = vi.fn();
    const { rerender } = render(<OutlineView markers={MARKERS} onMarkerClick={onMarkerClick} fit="markers" label="党建地图" />);
    const map = screen.getByRole('application', { name: '党建地图' });
    await waitFor(() => expect(map.querySelectorAll('[data-testid="map-outline"] > path')).toHaveLength(21));
    fireEvent.click(screen.getByRole('button', { name: '柳城街道凤凰社区党支部' }));
    expect(onMarkerClick).toHaveBeenCalledWith(MARKERS[0]);
    expect(screen.queryByTestId('map-popup')).toBeNull();
    rerender(<OutlineView markers={MARKERS} onMarkerClick={onMarkerClick} fit="markers" selectedId={1} label="党建地图" />);
    const popup = screen.getByTestId('map-popup');
    expect(popup.textContent).toContain('柳城街道凤凰社区党支部');
    expect(popup.textContent).toContain('地址：四川省成都市温江区柳城街道凤凰社区党群服务中心');
    expect(popup.textContent).toContain('书记：王芳');
    expect(popup.textContent).toContain('电话：028-82600000');
    expect(screen.getByRole('button', { name: '柳城街道凤凰社区党支部' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('a click on the map (not on a marker) answers a point in the province; a marker click does not', async () => {
    const onMapClick = vi.fn();
    render(<OutlineView markers={MARKERS} onMapClick={onMapClick} fit="markers" label="地图" />);
    const map = screen.getByRole('application', { name: '地图' });
    await waitFor(() => expect(map.querySelectorAll('[data-testid="map-outline"] > path')).toHaveLength(21));
    fireEvent.click(screen.getByRole('button', { name: '公平街道公平社区党支部' }));
    expect(onMapClick).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(map, { clientX: 300, clientY: 200 });
    });
    const p = onMapClick.mock.calls[0][0];
    expect(p.longitude).toBeGreaterThan(97);
    expect(p.longitude).toBeLessThan(109);
    expect(p.latitude).toBeGreaterThan(26);
    expect(p.latitude).toBeLessThan(34.5);
  });

  it('at province zoom near markers are one cluster with its count; a click on it zooms in and parts them', async () => {
    const onMapClick = vi.fn();
    render(<OutlineView markers={MARKERS} onMapClick={onMapClick} label="地图" />);
    const map = screen.getByRole('application', { name: '地图' });
    await waitFor(() => expect(map.querySelectorAll('[data-testid="map-outline"] > path')).toHaveLength(21));
    const cluster = screen.getByRole('button', { name: '2 个党组织，点击放大' });
    expect(cluster.getAttribute('data-cluster')).toBe('2');
    expect(cluster.textContent).toBe('2');
    expect(map.querySelectorAll('[data-marker]')).toHaveLength(0);
    fireEvent.click(cluster);
    expect(onMapClick).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '柳城街道凤凰社区党支部' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '公平街道公平社区党支部' })).toBeTruthy();
    expect(map.querySelectorAll('[data-cluster]')).toHaveLength(0);
  });

  it('an area code draws the districts and marks its own (温江区, 510115)', async () => {
    render(<OutlineView markers={MARKERS} area="510115001" label="地图" />);
    const map = screen.getByRole('application', { name: '地图' });
    await waitFor(() => expect(map.querySelectorAll('[data-testid="map-districts"] path')).toHaveLength(183));
    const own = map.querySelectorAll('path.dj-map__area');
    expect([...own].map((p) => p.getAttribute('data-name'))).toEqual(['温江区']);
  });

  it('the registered MapView shows a record’s point as a marker', async () => {
    const { Read } = getWidget('MapView');
    render(
      <Suspense fallback={null}>
        <Read value={null} record={{ organName: '中共成都市温江区委员会', longitude: 103.856, latitude: 30.6826, address: '四川省成都市温江区' }} />
      </Suspense>,
    );
    expect(await screen.findByRole('button', { name: '中共成都市温江区委员会' })).toBeTruthy();
  });
});
