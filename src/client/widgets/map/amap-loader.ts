/**
 * AMap's JS API 2.0, loaded by a script tag only when the deployment configured a key — without one
 * no request leaves the platform. The security code (安全密钥) is AMap's documented browser setting
 * (`_AMapSecurityConfig`); a deployment that keeps it off the browser uses AMap's proxy instead
 * (docs/map.md).
 */
const PLUGINS = ['AMap.PlaceSearch', 'AMap.Geocoder', 'AMap.CitySearch', 'AMap.Scale', 'AMap.ToolBar'];
const LOAD_TIMEOUT_MS = 15_000;

let loading: Promise<any> | null = null;

export function loadAmap(key: string, securityCode?: string): Promise<any> {
  const w = window as any;
  if (w.AMap?.Map) return Promise.resolve(w.AMap);
  if (loading) return loading;
  loading = new Promise((resolve, reject) => {
    if (securityCode) w._AMapSecurityConfig = { securityJsCode: securityCode };
    const s = document.createElement('script');
    s.src = `https://webapi.amap.com/maps?v=2.0&key=${encodeURIComponent(key)}&plugin=${PLUGINS.join(',')}`;
    s.async = true;
    const timer = window.setTimeout(() => fail(new Error('高德地图加载超时')), LOAD_TIMEOUT_MS);
    const fail = (e: Error) => {
      window.clearTimeout(timer);
      s.remove();
      loading = null;
      reject(e);
    };
    s.onload = () => {
      window.clearTimeout(timer);
      if (w.AMap?.Map) resolve(w.AMap);
      else fail(new Error('高德地图加载失败'));
    };
    s.onerror = () => fail(new Error('高德地图加载失败'));
    document.head.appendChild(s);
  });
  return loading;
}
