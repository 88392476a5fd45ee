/**
 * The big screen's 1920×1080 canvas: what one answer of BigScreenDashboardService/Figures shows.
 * Presentational (the page polls); the map is the platform's MapView on its bundled outline.
 */
import type { ScreenFigures } from '../../../contract/big-screen';
import { calendarDay } from '../../../contract/platform-time';
import MapView from '../../widgets/map/map-view';
import type { MapMarker } from '../../widgets/map/types';
import { RankChart } from './rank-chart';
import { Chart } from '../../widgets/chart';
import { formatCount, formatHours, quarterLabel } from './layout';
import type { ScreenModule } from '../../../contract/big-screen';

export interface DashboardViewProps {
  figures: ScreenFigures;
  /** the platform's wall clock, 'YYYY-MM-DD HH:mm' */
  clock: string;
  /** the last refresh failed: the figures shown are the last ones received */
  offline: boolean;
}

/** An instant's platform day, or nothing for a value that is no instant. */
function dayOf(value: string, timeZone: string) {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : calendarDay(d, timeZone);
}

function Figure({ name, label, value, unit }: { name: string; label: string; value: string; unit: string }) {
  return (
    <div className="bs-kpi" data-figure={name}>
      <div className="bs-kpi__label">{label}</div>
      <div className="bs-kpi__value">
        <span className="bs-kpi__number">{value}</span>
        <span className="bs-kpi__unit">{unit}</span>
      </div>
    </div>
  );
}

function Panel({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  return (
    <section className={`bs-panel ${className ?? ''}`} aria-label={title}>
      <h2 className="bs-panel__title">{title}</h2>
      <div className="bs-panel__body">{children}</div>
    </section>
  );
}

export function DashboardView({ figures: f, clock, offline }: DashboardViewProps) {
  const markers: MapMarker[] = f.markers.map((m) => ({ id: m.id, name: m.name, longitude: m.longitude, latitude: m.latitude, address: m.address, secretaryName: m.secretaryName, contactPhone: m.contactPhone }));
  const video = f.content?.video ?? null;
  const news = f.content?.news ?? [];
  // the current version's modules choose the panels (大屏信息管理 → 版本管理); without a version, all
  const modules = f.content?.version?.modules;
  const shows = (m: ScreenModule) => !modules || modules.includes(m);
  return (
    <div className="bs-canvas-inner">
      <header className="bs-header">
        <div className="bs-header__side">{quarterLabel(f.quarter)}</div>
        <h1 className="bs-header__title">{f.organName} · 智慧党建数据大屏</h1>
        <div className="bs-header__side bs-header__clock" data-testid="bs-clock">
          {clock}
          {offline ? (
            <span className="bs-offline" role="status">
              连接中断，正在重试
            </span>
          ) : null}
        </div>
      </header>
      <main className="bs-body">
        <div className="bs-col">
          <Panel title="基本情况">
            <div className="bs-kpis">
              {shows('members') ? <Figure name="memberCount" label="党员" value={formatCount(f.memberCount)} unit="名" /> : null}
              {shows('organs') ? <Figure name="organCount" label="党组织" value={formatCount(f.organCount)} unit="个" /> : null}
              {shows('studyToday') ? (
                <>
                  <Figure name="todayHours" label="今日学时" value={formatHours(f.todayHours)} unit="学时" />
                  <Figure name="todayLearners" label="今日学习人数" value={formatCount(f.todayLearners)} unit="人" />
                  <Figure name="monthHours" label="本月学时" value={formatHours(f.monthHours)} unit="学时" />
                </>
              ) : null}
              {shows('meetings') ? <Figure name="quarterMeetings" label="本季度组织生活会议" value={formatCount(f.quarterMeetings)} unit="次" /> : null}
            </div>
          </Panel>
          {shows('video') ? (
          <Panel title="宣传视频" className="bs-panel--video">
            {video ? (
              <figure className="bs-video">
                <video src={video.videoUrl} poster={video.coverImage ?? undefined} muted autoPlay loop playsInline aria-label={video.title} />
                <figcaption>{video.title}</figcaption>
              </figure>
            ) : (
              <div className="bs-empty">暂无视频</div>
            )}
          </Panel>
          ) : null}
        </div>
        <div className="bs-col bs-col--center">
          {shows('map') ? (
          <Panel title="党组织分布" className="bs-panel--map">
            <div className="bs-map">
              <MapView markers={markers} height="100%" label={`${f.organName}党组织分布`} fit="outline" area={f.areaCode} />
            </div>
            <div className="bs-map__caption" data-figure="markerTotal">
              有坐标的党组织 {formatCount(f.markerTotal)} 个{f.markerTotal > markers.length ? `（地图显示 ${formatCount(markers.length)} 个）` : ''}
            </div>
          </Panel>
          ) : null}
        </div>
        <div className="bs-col">
          {shows('topBranches') ? (
          <Panel title="本月支部学时排行">
            {f.topBranches.length ? (
              <RankChart title="本月支部学时排行" unit="学时" rows={f.topBranches.map((b) => ({ key: b.organId, label: b.organName, value: b.hours }))} />
            ) : (
              <div className="bs-empty">本月暂无学习记录</div>
            )}
          </Panel>
          ) : null}
          {shows('topBranches') && f.monthTrend?.length ? (
          // the trend beside the ranking: the same module (学时), over the last six platform months
          <Panel title="近6个月学时趋势" className="bs-panel--trend">
            <Chart kind="line" theme="dark" caption={false} height={220} title="近6个月学时趋势" unit="学时" labelTitle="月份" valueTitle="学时" points={f.monthTrend.map((m) => ({ key: m.month, label: m.month, value: m.hours }))} />
          </Panel>
          ) : null}
          {shows('news') ? (
          <Panel title="新闻资讯" className="bs-panel--news">
            {news.length ? (
              <ul className="bs-news">
                {news.slice(0, 8).map((n) => (
                  <li key={n.id}>
                    <span className="bs-news__title">{n.title}</span>
                    <span className="bs-news__day">{dayOf(n.creationTime, f.timeZone)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <div className="bs-empty">暂无资讯</div>
            )}
          </Panel>
          ) : null}
        </div>
      </main>
    </div>
  );
}
