/** Frame of the sign-in family of pages: red band with logo and title, a centred card. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DistrictLogo, DISTRICT_NAME, PartyLogo, PLATFORM_NAME } from './logo';
import { ElderSwitch, useElderArea } from './elder-switch';
import './auth-shell.css';

export function AuthShell({ title, children, district = false, wide = false }: { title: string; children: ReactNode; district?: boolean; wide?: boolean }) {
  useElderArea();
  return (
    <div className={`dj-auth ${district ? 'dj-auth--district' : ''}`}>
      <header className="dj-auth__band">
        <Link to={district ? '/login?Area=510115' : '/login'} className="dj-auth__brand">
          {district ? <DistrictLogo /> : <PartyLogo />}
          <span className="dj-auth__name" data-testid="platform-name">{district ? DISTRICT_NAME : PLATFORM_NAME}</span>
        </Link>
        <ElderSwitch tone="dark" />
      </header>
      <main className="dj-auth__main">
        <section className={`dj-auth__card ${wide ? 'dj-auth__card--wide' : ''}`}>
          <h1 className="dj-auth__title">{title}</h1>
          {children}
        </section>
      </main>
      <footer className="dj-auth__foot">{PLATFORM_NAME} · 技术支持：省委组织部信息中心</footer>
    </div>
  );
}
