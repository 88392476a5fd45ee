/**
 * 活动详情 (/partyMember/iPractice/volunteer/info?id=): the activity (PublicGet) — description,
 * attention, contacts — and what the member may do now, decided on the platform's clock: 报名 before
 * the deadline while places are left, 取消报名 before the start, 签到 with the organiser's six-digit
 * code from 30 minutes before the start to the end — or with one click when the organiser's QR code
 * opened this page (a signed `token` in the address, never the code). Each action asks first where it matters, and the
 * server's refusals (名额已满, 报名已截止, 签到码错误 …) are shown as they come.
 */
import { useRequest } from 'ahooks';
import { Button, Result, Skeleton, Tag } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, EnvironmentOutlined, PhoneOutlined, TeamOutlined, UserOutlined, BankOutlined, FieldTimeOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/request';
import { volunteerService } from '../../api/volunteer';
import { Value } from '../../engine/fields';
import { MINUTE_FORMAT, formatPlatform } from '../../utils/platform-time';
import { MemberPage, SignInCode, useAction, useEntity, useQrSignIn } from '../kit';
import { ActivityCover, placesText } from './activity-card';
import { VOLUNTEER } from './index';
import { optionLabel } from './option-label';
import { PHASES, applyClosed, cancelClosed, phaseOf, placesLeft, signInOpen, signInWindow, timeRange } from './phase';
import { useNow } from './use-now';
import '../member.css';
import './volunteer.css';

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.replace(/<[^>]*>/g, '').trim());

export default function VolunteerInfo() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const back = params.get('tab') === 'mine' ? `${VOLUNTEER}?tab=mine` : VOLUNTEER;
  const now = useNow(15_000);
  const { entity } = useEntity('volActivity');
  // the page shows a refusal itself (不存在或已删除)
  const req = useRequest(() => volunteerService.get(id, { silent: true }), { ready: id > 0, refreshDeps: [id], onError: () => undefined });
  const a = req.data;

  const apply = useAction(() => volunteerService.apply(id), { confirm: '确认报名参加该志愿活动？', success: '报名成功', onSuccess: req.refresh });
  const qr = useQrSignIn((token) => volunteerService.signInByToken(id, token), req.refresh);
  const cancel = useAction(() => volunteerService.cancel(id), { confirm: '确认取消报名？', danger: true, success: '已取消报名', onSuccess: req.refresh });

  let body: React.ReactNode;
  if (!id || (req.error && !a)) {
    body = (
      <Result
        status="warning"
        title={req.error instanceof ApiError ? req.error.message : '活动不存在或已删除'}
        extra={id ? <Button onClick={req.refresh}>重新加载</Button> : null}
      />
    );
  } else if (!a) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    const phase = phaseOf(a, now);
    const window = signInWindow(a);
    const typeLabel = optionLabel(entity, 'type', a.type);
    const need = Number(a.needUserCount) || 0;
    let actions: React.ReactNode;
    if (a.isJoined) {
      const canSign = !a.isSigned && signInOpen(a, now);
      // one who signed in attended; and once sign-in opens the organiser counts on him (the server refuses both)
      const canCancel = !a.isSigned && !cancelClosed(a, now);
      actions = (
        <>
          {a.isSigned ? (
            <span className="dj-vol-info__signed" data-testid="vol-signed">
              <CheckCircleFilled /> 已签到
            </span>
          ) : canSign && qr.token ? (
            <Button type="primary" loading={qr.loading} onClick={() => void qr.run()}>
              扫码签到
            </Button>
          ) : canSign ? (
            <SignInCode className="dj-vol-info__signin" signIn={(c) => volunteerService.signIn(id, c)} onSigned={req.refresh} />
          ) : null}
          {canCancel ? (
            <Button loading={cancel.loading} onClick={() => void cancel.run()}>
              取消报名
            </Button>
          ) : null}
          {!a.isSigned && !canSign ? (
            <span className="dj-vol-info__hint">
              {phase === 'ended' ? '活动已结束，未签到' : window ? `已报名，签到将于 ${formatPlatform(new Date(window.from).toISOString(), MINUTE_FORMAT)} 开放` : '已报名'}
            </span>
          ) : null}
        </>
      );
    } else {
      const reason = phase === 'ended' ? '活动已结束' : applyClosed(a, now) ? '报名已截止' : placesLeft(a) === 0 ? '名额已满' : null;
      actions = reason ? (
        <Button disabled>{reason}</Button>
      ) : (
        <Button type="primary" size="large" className="dj-vol-info__apply" loading={apply.loading} onClick={() => void apply.run()}>
          我要报名
        </Button>
      );
    }

    body = (
      <div data-testid="vol-info">
        <div className="dj-vol-info">
          <ActivityCover activity={a} typeLabel={typeLabel} className="dj-vol-info__cover" />
          <div className="dj-vol-info__main">
            <h3 className="dj-vol-info__title">{a.title}</h3>
            <div className="dj-vol-info__tags">
              <Tag color={PHASES[phase].color} data-testid="vol-phase">{PHASES[phase].label}</Tag>
              {typeLabel ? <Tag>{typeLabel}</Tag> : null}
              {a.isSigned ? <Tag color="green">已签到</Tag> : a.isJoined ? <Tag color="red">已报名</Tag> : null}
            </div>
            <dl className="dj-vol-facts">
              <div>
                <dt><ClockCircleOutlined /> 活动时间</dt>
                <dd>{timeRange(a.startTime, a.endTime)}</dd>
              </div>
              <div>
                <dt><FieldTimeOutlined /> 报名截止</dt>
                <dd>{formatPlatform(a.lastApplyTime, MINUTE_FORMAT)}</dd>
              </div>
              {window ? (
                <div>
                  <dt><CheckCircleFilled /> 签到时间</dt>
                  <dd>{timeRange(new Date(window.from).toISOString(), new Date(window.to).toISOString())}</dd>
                </div>
              ) : null}
              <div>
                <dt><EnvironmentOutlined /> 活动地点</dt>
                <dd>{a.address}</dd>
              </div>
              <div>
                <dt><TeamOutlined /> 招募人数</dt>
                <dd data-testid="vol-places">
                  {need > 0 ? `${need} 人` : '不限'}，已报名 {a.participantCount} 人{phase === 'ended' ? '' : `（${placesText(a)}）`}
                </dd>
              </div>
              <div>
                <dt><BankOutlined /> 发布组织</dt>
                <dd>{a.organName}</dd>
              </div>
              {a.contacts || a.contactsPhone ? (
                <div>
                  <dt><UserOutlined /> 联系人</dt>
                  <dd>
                    {a.contacts}
                    {a.contactsPhone ? (
                      <a className="dj-vol-facts__phone" href={`tel:${a.contactsPhone}`}>
                        <PhoneOutlined /> {a.contactsPhone}
                      </a>
                    ) : null}
                  </dd>
                </div>
              ) : null}
            </dl>
            <div className="dj-vol-info__actions" data-testid="vol-actions">
              {actions}
            </div>
          </div>
        </div>
        <section className="dj-vol-section">
          <h3>活动内容</h3>
          {blank(a.description) ? <p className="dj-vol-section__empty">暂无活动介绍</p> : <Value col={{ field: 'description', valueType: 'html' }} record={a as unknown as Record<string, unknown>} />}
        </section>
        {blank(a.attention) ? null : (
          <section className="dj-vol-section">
            <h3>注意事项</h3>
            <p className="dj-vol-section__text">{a.attention}</p>
          </section>
        )}
        {blank(a.summary) ? null : (
          <section className="dj-vol-section">
            <h3>活动总结</h3>
            <p className="dj-vol-section__text">{a.summary}</p>
          </section>
        )}
      </div>
    );
  }

  return (
    <MemberPage title="活动详情" back={back} backText="返回活动列表">
      {body}
    </MemberPage>
  );
}
