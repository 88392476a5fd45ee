/**
 * The contact card of the party-space pages: the secretary of the member's own branch
 * (PartyMemberService/GetUserSecretaryInfo) — name, his mobile as the server masks it, the
 * organisation and its office number. `SecretaryCardView` renders a given answer (for a page that
 * already holds it, and for tests); `SecretaryCard` loads it.
 */
import type { ReactNode } from 'react';
import { Card, Empty, Skeleton } from 'antd';
import { PhoneOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { partyMemberService } from '../../api/endpoints';
import type { SecretaryInfo } from '../../../contract/types';
import './kit.css';

export interface SecretaryCardProps {
  title?: ReactNode;
  className?: string;
}

/** 书记 → 党支部书记; the deputy stands in when there is no secretary */
const dutyLabel = (duty: string) => (duty === '副书记' ? '党支部副书记' : '党支部书记');

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="dj-secretary__row">
      <span className="dj-secretary__icon" aria-hidden>
        {icon}
      </span>
      <span className="dj-secretary__label">{label}</span>
      <span className="dj-secretary__value">{children}</span>
    </div>
  );
}

export function SecretaryCardView({ info, loading, title = '联系党支部', className }: SecretaryCardProps & { info: SecretaryInfo | null | undefined; loading?: boolean }) {
  let body: ReactNode;
  if (loading && info === undefined) body = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  else if (!info) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无党支部书记信息" />;
  else
    body = (
      <>
        {info.name ? (
          <Row icon={<UserOutlined />} label={dutyLabel(info.dutyName)}>
            {info.name}
          </Row>
        ) : null}
        {info.phoneNumber ? (
          <Row icon={<PhoneOutlined />} label="联系电话">
            {info.phoneNumber}
          </Row>
        ) : null}
        {info.contactPhone ? (
          <Row icon={<PhoneOutlined />} label="办公电话">
            <a href={`tel:${info.contactPhone}`}>{info.contactPhone}</a>
          </Row>
        ) : null}
        <Row icon={<TeamOutlined />} label="所在党组织">
          {info.organName}
        </Row>
      </>
    );
  return (
    <Card size="small" title={title} className={`dj-secretary${className ? ` ${className}` : ''}`} data-testid="secretary-card">
      {body}
    </Card>
  );
}

export function SecretaryCard(props: SecretaryCardProps) {
  // a failed call shows as "no information": the card is a side note, never the page's error
  const req = useRequest(() => partyMemberService.secretary(), { onError: () => undefined });
  return <SecretaryCardView {...props} info={req.error ? null : req.data} loading={req.loading} />;
}
