/**
 * 如有疑问请联系党支部书记: the contact card of the transfer and flow pages — the kit's SecretaryCard
 * (the member's branch secretary, PartyMemberService/GetUserSecretaryInfo) under this pages' heading.
 * One file, so the pages keep one import whatever the card becomes.
 */
import { SecretaryCard } from '../kit';
import './organ-switch.css';

export function ContactCard() {
  return (
    <div className="dj-contact-card" data-testid="contact-card">
      <SecretaryCard title="如有疑问请联系党支部书记" />
    </div>
  );
}
