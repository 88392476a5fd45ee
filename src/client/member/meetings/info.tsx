/**
 * 组织生活详情 (/partyMember/iBranch/organizationallife/info?id=): the meeting (GetBsMeetingInfoById),
 * its agenda, minutes and photos, and what the member may do now: 签到 with the organiser's code from
 * 30 minutes before the start to the end (a QR code opens this page with a signed `token`: one click
 * signs in, no code typed),
 * or 请假 with a reason before the start, which the branch approves. The server decides (不在签到时间内,
 * 签到码错误 …) and its refusals are shown as they come.
 */
import { useState } from 'react';
import { useRequest } from 'ahooks';
import { Button, Image, Input, Modal, Result, Skeleton, Tag } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, EnvironmentOutlined, UserOutlined, BankOutlined, PhoneOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/request';
import { meetingService } from '../../api/meetings';
import { MINUTE_FORMAT, formatPlatform } from '../../utils/platform-time';
import { MemberPage, SignInCode, StatusTag, useAction, useEntity, useQrSignIn } from '../kit';
import { optionLabel } from '../volunteer/option-label';
import { useNow } from '../volunteer/use-now';
import { MEETINGS } from './index';
import { attendanceText, signInOpensAt, timeRange } from './meeting-facts';
import '../member.css';
import './meetings.css';

export default function MeetingInfo() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const back = params.get('status') ? `${MEETINGS}?status=${params.get('status')}` : MEETINGS;
  const now = useNow(15_000);
  const { entity } = useEntity('partyMeeting');
  const req = useRequest(() => meetingService.get(id, { silent: true }), { ready: id > 0, refreshDeps: [id], onError: () => undefined });
  const m = req.data;
  const [leaveOpen, setLeaveOpen] = useState(false);
  const [reason, setReason] = useState('');

  const qr = useQrSignIn((token) => meetingService.signInByToken(id, token), req.refresh);
  const leave = useAction(() => meetingService.askLeave(id, reason.trim()), {
    success: '请假已提交，等待组织审批',
    onSuccess: () => {
      setLeaveOpen(false);
      setReason('');
      req.refresh();
    },
  });

  let body: React.ReactNode;
  if (!id || (req.error && !m)) {
    body = <Result status="warning" title={req.error instanceof ApiError ? req.error.message : '会议不存在或已删除'} extra={id ? <Button onClick={req.refresh}>重新加载</Button> : null} />;
  } else if (!m) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    const opensAt = signInOpensAt(m);
    const onLeave = m.offWorkStatus === 1 || m.offWorkStatus === 0;
    const canSign = m.isJoined && !m.isSigned && m.meetingStatus !== 2 && opensAt !== null && now >= opensAt;
    const canLeave = m.isJoined && !m.isSigned && m.meetingStatus === 0 && !onLeave;
    body = (
      <div data-testid="meeting-info">
        <div className="dj-meeting-info__head">
          <h3 className="dj-meeting-info__title">{m.title}</h3>
          <div className="dj-meeting-info__tags">
            <span data-testid="meeting-status"><StatusTag list="meetingStatus" value={m.meetingStatus} /></span>
            <Tag>{optionLabel(entity, 'meetingType', m.meetingType)}</Tag>
            <Tag color={m.isSigned ? 'green' : onLeave ? 'blue' : m.meetingStatus === 2 ? 'red' : 'default'} data-testid="meeting-attendance">{attendanceText(m)}</Tag>
          </div>
        </div>
        <dl className="dj-meeting-facts">
          <div><dt><ClockCircleOutlined /> 会议时间</dt><dd>{timeRange(m.beginTime, m.endTime)}</dd></div>
          {opensAt !== null ? <div><dt><CheckCircleFilled /> 签到时间</dt><dd>{formatPlatform(new Date(opensAt).toISOString(), MINUTE_FORMAT)} 起至会议结束</dd></div> : null}
          <div><dt><EnvironmentOutlined /> 会议地点</dt><dd>{m.meetingAddress}</dd></div>
          <div><dt><BankOutlined /> 召开组织</dt><dd>{m.organName}</dd></div>
          {m.hostName || m.recorderName ? <div><dt><UserOutlined /> 主持人 / 记录人</dt><dd>{m.hostName || '-'} / {m.recorderName || '-'}</dd></div> : null}
          {m.linkPhone ? <div><dt><PhoneOutlined /> 联系电话</dt><dd><a href={`tel:${m.linkPhone}`}>{m.linkPhone}</a></dd></div> : null}
          {m.offWorkStatus !== null && m.offWorkStatus !== undefined ? (
            <div><dt>请假</dt><dd data-testid="meeting-leave"><StatusTag list="offWork" value={m.offWorkStatus} /> {m.leaveReason}</dd></div>
          ) : null}
        </dl>
        <div className="dj-meeting-info__actions" data-testid="meeting-actions">
          {m.isSigned ? <span className="dj-meeting-info__signed"><CheckCircleFilled /> 已签到</span> : null}
          {canSign && qr.token ? (
            <Button type="primary" loading={qr.loading} onClick={() => void qr.run()}>扫码签到</Button>
          ) : canSign ? (
            <SignInCode signIn={(c) => meetingService.signIn(id, c)} onSigned={req.refresh} />
          ) : null}
          {canLeave ? <Button onClick={() => setLeaveOpen(true)}>请假</Button> : null}
          {!m.isSigned && !canSign && !onLeave && m.meetingStatus !== 2 && opensAt !== null ? (
            <span className="dj-meeting-info__hint">签到将于 {formatPlatform(new Date(opensAt).toISOString(), MINUTE_FORMAT)} 开放</span>
          ) : null}
        </div>
        <section className="dj-meeting-section">
          <h3>会议议程</h3>
          {m.agendaContents ? <p className="dj-meeting-section__text">{m.agendaContents}</p> : <p className="dj-meeting-section__empty">暂无议程</p>}
        </section>
        {m.meetingRecord ? (
          <section className="dj-meeting-section">
            <h3>会议记录</h3>
            <p className="dj-meeting-section__text">{m.meetingRecord}</p>
          </section>
        ) : null}
        {m.meetingAttachs?.length ? (
          <section className="dj-meeting-section">
            <h3>会议照片</h3>
            <Image.PreviewGroup>
              <div className="dj-meeting-photos">
                {m.meetingAttachs.map((src) => <Image key={src} src={src} width={160} height={110} style={{ objectFit: 'cover' }} alt="会议照片" />)}
              </div>
            </Image.PreviewGroup>
          </section>
        ) : null}
        <Modal
          title="请假"
          open={leaveOpen}
          okText="提交"
          confirmLoading={leave.loading}
          okButtonProps={{ disabled: !reason.trim() }}
          onOk={() => void leave.run()}
          onCancel={() => setLeaveOpen(false)}
          destroyOnHidden
        >
          <label htmlFor="meeting-leave-reason" className="dj-meeting-leave__label">请假事由</label>
          <Input.TextArea id="meeting-leave-reason" rows={4} maxLength={500} showCount value={reason} placeholder="请写明不能参加的原因" onChange={(e) => setReason(e.target.value)} />
        </Modal>
      </div>
    );
  }

  return (
    <MemberPage title="组织生活详情" back={back} backText="返回会议列表">
      {body}
    </MemberPage>
  );
}
