/**
 * Player pages (core §2, §4): /partyMember/iStudy/partybook/{video,audio,files}/info?id=. Opening
 * counts a view and starts the study session (GetByIdAutoIncr); the page shows view count,
 * collection count and 学时 (period / resoursePeriod), collect and cancel, and related resources.
 * Video and audio share the study timer; every 60 s of play one report, the answer's period is shown.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button, Empty, Image, Progress, Result, Skeleton, Spin } from 'antd';
import { toastError, toastSuccess } from '../../api/toast';
import { ClockCircleOutlined, DownloadOutlined, EyeOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { fmtHours, fmtPercent, RESOURCE_TYPE_TEXT, resourceService, type Resource } from '../../api/study';
import { openResource, TamperedTag } from './resource-card';
import { studyPercent } from '../../../contract/study-progress';
import { useStudyTimer } from './use-study-timer';
import { useReadingActivity } from './use-reading-activity';
import './study.css';

const VideoPlayer = lazy(() => import('../../widgets/video-player'));
const AudioPlayer = lazy(() => import('../../widgets/audio-player'));
const PdfViewer = lazy(() => import('../../widgets/pdf-viewer'));

type Kind = 'video' | 'audio' | 'files';
const kindOf = (pathname: string): Kind => (/\/audio\/info/.test(pathname) ? 'audio' : /\/files\/info/.test(pathname) ? 'files' : 'video');

const clock = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
const isPdf = (r: Resource) => /\.pdf($|\?)/i.test(r.playUrl ?? '') || /\.pdf$/i.test(r.name) || r.resourceType === 4;

export default function ResourceInfo() {
  const { pathname } = useLocation();
  const kind = kindOf(pathname);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const [res, setRes] = useState<Resource | null>(null);
  const [failed, setFailed] = useState(false);
  const [related, setRelated] = useState<Resource[] | null>(null);
  const [collecting, setCollecting] = useState(false);
  const opened = useRef<number | null>(null);

  useEffect(() => {
    if (!id || opened.current === id) return;
    opened.current = id; // one view per visit, even when an effect runs twice
    setRes(null);
    setFailed(false);
    setRelated(null);
    resourceService.open(id).then(setRes, () => setFailed(true));
    resourceService.related(id, { maxResultCount: 6 }).then((d) => setRelated(d.items), () => setRelated([]));
  }, [id]);

  // players time their play; a PDF times its reading (the page visible, the reader active)
  const reading = !!res && kind === 'files' && res.resourceType !== 6 && !!res.playUrl && isPdf(res);
  const timed = kind !== 'files' || reading;
  const timer = useStudyTimer({
    resourceId: timed ? res?.id : null,
    report: resourceService.study,
    stopOnSuccess: kind === 'video' || reading,
    // the percent from seconds: the hours are rounded (60 of 75 s is 0.02 h of 0.02 h, yet 80%)
    onPeriod: (period, a) => setRes((r) => (r ? { ...r, period, percent: studyPercent(a.seconds ?? Math.round(period * 3600), a.durationSeconds ?? r.durationSeconds) } : r)),
    onMessage: (k, text) => void (k === 'success' ? toastSuccess(text) : toastError(text)),
  });
  useReadingActivity(reading && !timer.stopped, timer);

  const toggleCollect = async () => {
    if (!res) return;
    setCollecting(true);
    try {
      const a = res.isCollected ? await resourceService.cancelCollect(res.id) : await resourceService.collect(res.id);
      setRes({ ...res, isCollected: a.isCollected, collectionCount: a.collectionCount });
      void toastSuccess(a.isCollected ? '收藏成功' : '已取消收藏');
    } catch {
      /* the wrapper showed the error */
    } finally {
      setCollecting(false);
    }
  };

  if (!id || failed)
    return (
      <div className="dj-card">
        <Result status="404" title="资源不存在" subTitle="资源不存在或已删除" extra={<Button onClick={() => navigate('/partyMember/iStudy/partybook')}>返回党员书架</Button>} />
      </div>
    );

  const player = !res ? (
    <Skeleton.Node active style={{ width: '100%', height: 240 }} />
  ) : kind === 'video' ? (
    <VideoPlayer url={res.playUrl} autoplay height="500px" onPlaying={timer.onPlaying} onPause={timer.onPause} onWaiting={timer.onWaiting} onEnded={timer.onEnded} />
  ) : kind === 'audio' ? (
    <AudioPlayer url={res.playUrl} title={res.name} onPlaying={timer.onPlaying} onPause={timer.onPause} onWaiting={timer.onWaiting} onEnded={timer.onEnded} />
  ) : res.resourceType === 6 ? (
    <div className="dj-res-image"><Image src={res.playUrl ?? res.coverUrl ?? ''} alt={res.name} /></div>
  ) : reading ? (
    <PdfViewer url={res.playUrl} />
  ) : res.playUrl ? (
    <Button type="primary" icon={<DownloadOutlined />} href={res.playUrl} target="_blank">下载文件</Button>
  ) : (
    <Empty description="暂无文件" />
  );

  return (
    <div className="dj-res-info">
      <div className="dj-res-info__main">
        <div className="dj-res-info__player">
          <Suspense fallback={<div className="dj-res-info__loading"><Spin /></div>}>{player}</Suspense>
        </div>
        {res && (
          <div className="dj-res-info__detail">
            <h2 className="dj-res-info__title">
              {res.name}
              <TamperedTag resource={res} />
            </h2>
            <div className="dj-res-info__stats">
              <span data-testid="view-count"><EyeOutlined /> 浏览 {res.viewCount}</span>
              <span data-testid="collection-count"><StarOutlined /> 收藏 {res.collectionCount}</span>
              <span data-testid="period"><ClockCircleOutlined /> 学时 {fmtHours(res.period)} / {fmtHours(res.resoursePeriod)}</span>
              <span className="dj-res-info__type">{RESOURCE_TYPE_TEXT[res.resourceType]} · {res.organName ?? res.createOrgan}</span>
            </div>
            {res.resoursePeriod > 0 && (
              <div className="dj-res-info__progress">
                <Progress aria-label="学习进度" percent={Math.min(100, res.percent)} showInfo={false} strokeColor="#c8161d" />
                <span data-testid="percent">{fmtPercent(res.percent)}</span>
              </div>
            )}
            <div className="dj-res-info__actions">
              <Button type={res.isCollected ? 'default' : 'primary'} icon={res.isCollected ? <StarFilled /> : <StarOutlined />} loading={collecting} onClick={toggleCollect}>
                {res.isCollected ? '取消收藏' : '收藏'}
              </Button>
              {timed && (
                <span className="dj-res-info__timer" data-testid="play-seconds" data-seconds={timer.seconds}>
                  本次学习 {clock(timer.seconds)}{timer.stopped ? '（已完成）' : timer.playing ? '' : '（已暂停）'}
                </span>
              )}
            </div>
            {res.description && <p className="dj-res-info__desc">{res.description}</p>}
            {res.keyWord && <div className="dj-res-info__keywords">关键词：{res.keyWord}</div>}
          </div>
        )}
      </div>
      <aside className="dj-res-info__side">
        <h3>相关资源</h3>
        {related === null ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : related.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无相关资源" />
        ) : (
          <ul className="dj-related">
            {related.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  onClick={() => {
                    opened.current = null;
                    openResource(r, navigate);
                  }}
                >
                  <span className="dj-related__type">{RESOURCE_TYPE_TEXT[r.resourceType]}</span>
                  <span className="dj-related__name" title={r.name}>{r.name}</span>
                  <span className="dj-related__meta"><EyeOutlined /> {r.viewCount}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </aside>
    </div>
  );
}
