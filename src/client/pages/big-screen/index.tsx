/**
 * `/dj/bigScreen/<code>`: the dashboard a wall screen opens with its registration code,
 * without a user session. A fixed 1920×1080 canvas scaled to the window; the figures refresh every
 * minute through the request wrapper without reloading the page. A failed refresh keeps the last
 * figures and says 连接中断，正在重试 (retrying sooner), so the screen survives the server
 * restarting; a refused code (unknown or deleted) replaces the screen with a message.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../api/request';
import { bigScreenDashboard } from '../../api/big-screen';
import type { ScreenFigures } from '../../../contract/big-screen';
import { DEFAULT_PLATFORM_TZ, isValidTimeZone, zoneMinute } from '../../../contract/platform-time';
import { DashboardView } from './dashboard-view';
import { CANVAS, fitScale, REFRESH_MS, RETRY_MS } from './layout';
import './big-screen.css';

type State =
  | { kind: 'loading' }
  | { kind: 'invalid'; message: string }
  | { kind: 'shown'; figures: ScreenFigures; offline: boolean }
  | { kind: 'unreachable' };

function useWindowFit() {
  const [fit, setFit] = useState(() => fitScale(window.innerWidth, window.innerHeight));
  useLayoutEffect(() => {
    const onResize = () => setFit(fitScale(window.innerWidth, window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return fit;
}

/** The platform's wall clock to the minute, kept with the server's clock (the device's may be wrong). */
function useClock(figures: ScreenFigures | null, receivedAt: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  if (!figures) return '';
  const offset = new Date(figures.serverTime).getTime() - receivedAt;
  const tz = isValidTimeZone(figures.timeZone) ? figures.timeZone : DEFAULT_PLATFORM_TZ;
  return zoneMinute(new Date(now + (Number.isFinite(offset) ? offset : 0)), tz);
}

export default function BigScreenPage() {
  const { code = '' } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const receivedAt = useRef(Date.now());
  const fit = useWindowFit();

  useEffect(() => {
    document.title = '智慧党建数据大屏';
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      let next = REFRESH_MS;
      try {
        const figures = await bigScreenDashboard.figures(code);
        if (!live) return;
        receivedAt.current = Date.now();
        setState({ kind: 'shown', figures, offline: false });
      } catch (e) {
        if (!live) return;
        if (e instanceof ApiError && (e.status === 401 || e.status === 400)) {
          // the code was refused (or deleted while shown): nothing more to poll for
          setState({ kind: 'invalid', message: e.status === 401 ? e.message || '注册码无效或已停用' : '注册码无效或已停用' });
          return;
        }
        // no answer, or a server error while it restarts: keep what is shown, try again soon
        setState((s) => (s.kind === 'shown' ? { ...s, offline: true } : { kind: 'unreachable' }));
        next = RETRY_MS;
      }
      timer = setTimeout(load, next);
    };
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [code]);

  const figures = state.kind === 'shown' ? state.figures : null;
  const clock = useClock(figures, receivedAt.current);

  if (state.kind === 'invalid') {
    return (
      <div className="bs-screen bs-message" role="alert">
        <h1>{state.message}</h1>
        <p>请联系管理员在「大屏信息管理 → 注册码」中核对本屏的注册码。</p>
      </div>
    );
  }
  return (
    <div className="bs-screen">
      <div
        className="bs-canvas"
        data-testid="big-screen"
        style={{ width: CANVAS.width, height: CANVAS.height, transform: `translate(${fit.left}px, ${fit.top}px) scale(${fit.scale})` }}
      >
        {figures ? (
          <DashboardView figures={figures} clock={clock} offline={state.kind === 'shown' && state.offline} />
        ) : (
          <div className="bs-message" role="status">
            <h1>{state.kind === 'unreachable' ? '连接中断，正在重试' : '正在加载…'}</h1>
          </div>
        )}
      </div>
    </div>
  );
}
