/**
 * AddressPicker (spec §5, §9): 确定 disabled until an address exists; geolocation asked with a
 * 10 000 ms timeout, a failure says so and stays on the default area; the default area (the
 * province) cached locally; in a form, choosing sets the address and the sibling coordinates.
 * The bundled outline is a module of the build; any fetch fails the test (the picker without a key
 * reaches no network).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import AddressPicker, { AddressPickerDialog, GEOLOCATION_TIMEOUT_MS, LOCATE_FAILED } from '../../../src/client/widgets/map/address-picker';
import { mapServices } from '../../../src/client/widgets/map/provider';
import { AREA_KEY, cachedArea, defaultArea } from '../../../src/client/widgets/map/settings';

const fetchSpy = vi.fn(async (url: string) => {
  throw new Error(`unexpected request ${url}`);
});

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(async () => {
  expect(fetchSpy).not.toHaveBeenCalled();
  cleanup();
  // the dialogs' portals leave with their tree, some a moment after it: wait for them rather than wipe
  // the body under them (their own removal then throws "not a child of this node" into a later test)
  await waitFor(() => expect(document.body.childElementCount).toBe(0));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const okButton = () => screen.getByTestId('address-picker-ok') as HTMLButtonElement;
const addressInput = () => screen.getByRole('textbox', { name: '地址' }) as HTMLInputElement;

describe('AddressPickerDialog', () => {
  it('确定 stays disabled until an address exists, then answers {address, longitude, latitude}', async () => {
    const onOk = vi.fn();
    render(<AddressPickerDialog open services={mapServices({ provider: 'outline' })} onOk={onOk} onCancel={() => undefined} />);
    await screen.findByText('默认区域：四川省');
    expect(okButton().disabled).toBe(true);
    fireEvent.change(addressInput(), { target: { value: '   ' } });
    expect(okButton().disabled).toBe(true);
    fireEvent.change(addressInput(), { target: { value: '四川省成都市青羊区商业街' } });
    expect(okButton().disabled).toBe(false);
    fireEvent.click(okButton());
    expect(onOk).toHaveBeenCalledWith({ address: '四川省成都市青羊区商业街', longitude: null, latitude: null });
  });

  it('asks the browser for the position with a 10 s timeout; a failure says so and keeps the default area', async () => {
    expect(GEOLOCATION_TIMEOUT_MS).toBe(10_000);
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail?: PositionErrorCallback | null, _opts?: PositionOptions) => fail?.({ code: 3, message: 'Timeout expired' } as GeolocationPositionError));
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    render(<AddressPickerDialog open services={mapServices({ provider: 'outline' })} onOk={() => undefined} onCancel={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: /定位当前位置/ }));
    expect(await screen.findByText(LOCATE_FAILED)).toBeTruthy();
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(getCurrentPosition.mock.calls[0][2]).toMatchObject({ timeout: 10_000 });
    expect(screen.getByTestId('address-picker-coords').textContent).toBe('尚未在地图上选点');
    expect(okButton().disabled).toBe(true);
  });

  it('a located position sets the point and a starting address (the city under it)', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) => ok({ coords: { longitude: 104.0603, latitude: 30.6709 } } as GeolocationPosition));
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    render(<AddressPickerDialog open services={mapServices({ provider: 'outline' })} onOk={() => undefined} onCancel={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: /定位当前位置/ }));
    await waitFor(() => expect(addressInput().value).toBe('四川省成都市'));
    expect(screen.getByTestId('address-picker-coords').textContent).toBe('经度 104.060300，纬度 30.670900');
    expect(okButton().disabled).toBe(false);
  });
});

describe('the default area', () => {
  it('is looked up once and then read from localStorage', async () => {
    const lookup = vi.fn(async () => ({ name: '四川省', longitude: 102.7, latitude: 30.2, zoom: 6 }));
    expect(cachedArea()).toBeNull();
    expect((await defaultArea(lookup)).name).toBe('四川省');
    expect(JSON.parse(localStorage.getItem(AREA_KEY)!)).toMatchObject({ name: '四川省', longitude: 102.7, latitude: 30.2 });
    await defaultArea(lookup);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('the picker opens on the cached area, and caches the outline province when none is', async () => {
    render(<AddressPickerDialog open services={mapServices({ provider: 'outline' })} onOk={() => undefined} onCancel={() => undefined} />);
    await screen.findByText('默认区域：四川省');
    expect(cachedArea()?.name).toBe('四川省');
  });

  it('a cached area wins over the lookup', async () => {
    localStorage.setItem(AREA_KEY, JSON.stringify({ name: '云南省', longitude: 101.5, latitude: 25, zoom: 7 }));
    render(<AddressPickerDialog open services={mapServices({ provider: 'outline' })} onOk={() => undefined} onCancel={() => undefined} />);
    expect(await screen.findByText('默认区域：云南省')).toBeTruthy();
  });
});

describe('AddressPicker in a form', () => {
  it('a click on the map sets the address and the sibling longitude / latitude fields', async () => {
    const form = createForm({ values: { address: '', longitude: null, latitude: null } });
    render(
      <FormProvider form={form}>
        <Field name="address" component={[AddressPicker, { longitudeField: 'longitude', latitudeField: 'latitude' }]} />
        <Field name="longitude" />
        <Field name="latitude" />
      </FormProvider>,
    );
    fireEvent.click(screen.getByTestId('address-picker-open'));
    const svg = await screen.findByRole('application', { name: '选择地址的地图' });
    await waitFor(() => expect(svg.querySelectorAll('[data-testid="map-outline"] > path').length).toBe(21));
    // the middle of the box is the middle of the province's bounds
    await act(async () => {
      fireEvent.click(svg, { clientX: 300, clientY: 200 });
    });
    await waitFor(() => expect(addressInput().value).toMatch(/^四川省/));
    fireEvent.change(addressInput(), { target: { value: `${addressInput().value}某某路1号` } });
    fireEvent.click(okButton());
    await waitFor(() => expect(form.values.address).toMatch(/^四川省.+某某路1号$/));
    expect(form.values.longitude).toBeGreaterThan(97);
    expect(form.values.longitude).toBeLessThan(109);
    expect(form.values.latitude).toBeGreaterThan(26);
    expect(form.values.latitude).toBeLessThan(34.5);
  });
});
