/**
 * 直播间 (/partyMember/partySpace/liveRoom?id=): entering (IntoRoomAsync, once per visit) counts the
 * member among the viewers and answers what to play — the live pull addresses as the player's 高清
 * (HLS) and 普通 (FLV) sources, or the recorded video of the resource library. The player is mounted
 * without the study timer: live play never sends a study report (core §4). A room out of the member's
 * scope answers as missing, shown as such.
 */
import { lazy, Suspense } from 'react';
import { useRequest } from 'ahooks';
import { Button, Descriptions, Result, Skeleton } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/request';
import { liveService } from '../../api/live';
import { MemberPage, StatusTag } from '../kit';
import { LIVE_HALL } from './index';
import { timeRange } from './hall';
import '../member.css';
import './live.css';

const VideoPlayer = lazy(() => import('../../widgets/video-player'));

export default function LiveRoomPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const tab = params.get('tab');
  const back = tab === 'upcoming' || tab === 'past' ? `${LIVE_HALL}?tab=${tab}` : LIVE_HALL;
  const req = useRequest(() => liveService.enter(id, { silent: true }), { ready: id > 0, refreshDeps: [id], onError: () => undefined });
  const r = req.data;

  let body: React.ReactNode;
  if (!id || (req.error && !r)) {
    body = <Result status="warning" title={req.error instanceof ApiError ? req.error.message : '直播间不存在或已删除'} extra={id ? <Button onClick={req.refresh}>重新加载</Button> : null} />;
  } else if (!r) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    const { sources } = r;
    let player: React.ReactNode;
    if (sources.mode === 'live') player = <VideoPlayer live liveSources={{ high: sources.high, normal: sources.normal }} height="500px" />;
    else if (sources.mode === 'record' && sources.high) player = <VideoPlayer url={sources.high} height="500px" />;
    else player = <div className="dj-live-room__idle">{r.liveStatus === 0 ? `直播将于 ${r.startTime.replace('T', ' ').slice(0, 16)} 开始` : '暂无可播放的内容'}</div>;
    body = (
      <div className="dj-live-room">
        <h3 className="dj-live-room__title">
          <StatusTag list="liveStatus" value={r.liveStatus} /> {r.title}
        </h3>
        <div className="dj-live-room__player">
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 500 }} />}>{player}</Suspense>
        </div>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" className="dj-live-room__info">
          <Descriptions.Item label="主讲人">{r.uname}</Descriptions.Item>
          <Descriptions.Item label="主办组织">{r.organName}</Descriptions.Item>
          <Descriptions.Item label="直播时间">{timeRange(r.startTime, r.endTime)}</Descriptions.Item>
          <Descriptions.Item label="观看人数"><span data-testid="live-viewers">{r.watchUserCount}</span>{' 人'}</Descriptions.Item>
          {sources.mode === 'record' ? <Descriptions.Item label="片源">{r.liveStatus === 2 ? '直播回放' : '录播视频'}</Descriptions.Item> : null}
        </Descriptions>
        {r.description ? <p className="dj-live-room__desc">{r.description}</p> : null}
      </div>
    );
  }
  return (
    <MemberPage title="直播间" back={back} backText="返回直播大厅">
      {body}
    </MemberPage>
  );
}
