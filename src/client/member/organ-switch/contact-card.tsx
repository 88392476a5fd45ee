/**
 * 如有疑问请联系党支部书记: the member's branch secretary and phone (PartyMemberService/
 * GetUserSecretaryInfo). A local card of the transfer and flow pages, to be replaced by the kit's
 * SecretaryCard once it lands; nothing is shown when the branch has none or the call fails.
 */
import { PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { partySpaceService } from '../../api/party-space';
import './organ-switch.css';

export function ContactCard() {
  const req = useRequest(() => partySpaceService.secretary(), { onError: () => undefined });
  const s = req.data;
  if (!s || (!s.name && !s.phoneNumber)) return null;
  return (
    <aside className="dj-contact-card" data-testid="contact-card">
      <div className="dj-contact-card__lead">如有疑问请联系党支部书记</div>
      <div className="dj-contact-card__body">
        {s.name ? (
          <span>
            <UserOutlined /> {s.name}
          </span>
        ) : null}
        {s.phoneNumber ? (
          <a href={`tel:${s.phoneNumber}`}>
            <PhoneOutlined /> {s.phoneNumber}
          </a>
        ) : null}
        {s.organName ? <span className="dj-contact-card__organ">{s.organName}</span> : null}
      </div>
    </aside>
  );
}
