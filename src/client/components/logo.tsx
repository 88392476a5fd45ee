/** Platform logos drawn inline (no image request on the login page). */
export function PartyLogo({ size = 48 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true">
      <circle cx="24" cy="24" r="23" fill="#c8161d" stroke="#f5c342" strokeWidth="2" />
      <path d="M24 9l3.5 10.5H38l-8.6 6.3 3.3 10.4L24 29.9l-8.7 6.3 3.3-10.4L10 19.5h10.5z" fill="#f5c342" />
    </svg>
  );
}

export function DistrictLogo({ size = 48 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true">
      <rect x="1" y="1" width="46" height="46" rx="10" fill="#f5c342" stroke="#c8161d" strokeWidth="2" />
      <text x="24" y="32" textAnchor="middle" fontSize="22" fontWeight="700" fill="#c8161d">温</text>
    </svg>
  );
}

export { PLATFORM_NAME, DISTRICT_NAME } from '../../contract/product';
