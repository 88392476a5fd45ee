/** Member area frame (core §2): header with tabs and actions, breadcrumb, content. */
import { Fragment, useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { BookOutlined, DownOutlined, LogoutOutlined, MobileOutlined, SettingOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useAppState } from '../state/store';
import { logout } from '../state/session';
import { cutOrganName, cutUserName } from '../utils/text';
import { matchedTitles, MEMBER_TABS } from '../routing/member-pages';
import { PartyLogo, PLATFORM_NAME } from '../components/logo';
import { MessageBell } from '../components/message-bell';
import { LazyDropdown } from '../components/lazy-dropdown';
import { lazyDialog } from '../components/lazy-dialog';
import { ConfirmHost } from '../member/kit/confirm-host';
import { useCrumbName } from '../member/kit/page-crumb';
import { ElderSwitch, useElderArea } from '../components/elder-switch';
import './member-layout.css';

// loaded when first opened
const RoleSwitchDialog = lazyDialog(() => import('../components/role-switch-dialog').then((m) => m.RoleSwitchDialog));
const AppQrModal = lazyDialog(() => import('../components/app-qr-modal').then((m) => m.AppQrModal));
// the alert dialog (state alertConfig) and its antd Modal load the first time an alert is raised
const AlertDialog = lazyDialog<{ open: boolean }>(() => import('../widgets/alert-dialog').then((m) => m.default));

/**
 * Keyboard operation throughout: a table wider than the screen scrolls inside its own box, which a
 * keyboard reaches only when the box takes focus (WCAG 2.1.1; axe scrollable-region-focusable).
 */
function useScrollRegionsFocusable() {
  useEffect(() => {
    const mark = () => {
      for (const el of document.querySelectorAll<HTMLElement>('.dj-member__main .ant-table-content, .dj-member__main .ant-table-body')) {
        if (el.scrollWidth > el.clientWidth + 1 && !el.hasAttribute('tabindex')) {
          el.tabIndex = 0;
          el.setAttribute('role', 'region');
          el.setAttribute('aria-label', '表格（可左右滚动）');
        }
      }
    };
    const observer = new MutationObserver(mark);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', mark);
    mark();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', mark);
    };
  }, []);
}

export default function MemberLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useAppState((s) => s.session);
  const roles = useAppState((s) => s.permissions.length);
  const [roleOpen, setRoleOpen] = useState(false);
  const [qrOpen, setQrOpen] = useState(false);
  const alertShown = useAppState((s) => s.alertConfig.show);
  const pageName = useCrumbName(location.pathname + location.search);
  const crumbs = matchedTitles(location.pathname, location.search).map((c, i, all) => (i === all.length - 1 && pageName ? { ...c, title: pageName } : c));
  useElderArea();
  useScrollRegionsFocusable();
  const displayName = session?.nickName || session?.userName || '';

  const userMenu = {
    items: [
      { key: 'personal', icon: <UserOutlined />, label: '个人信息' },
      { key: 'setpassword', icon: <SettingOutlined />, label: '密码设置' },
      { type: 'divider' as const },
      { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === 'logout') void logout();
      else navigate(`/partyMember/${key}`);
    },
  };

  return (
    <div className="dj-member">
      <header className="dj-member__header">
        <div className="dj-member__bar dj-container">
          <Link to="/partyMember/partySpace" className="dj-member__brand">
            <PartyLogo size={36} />
            <h1 className="dj-member__name">{PLATFORM_NAME}</h1>
          </Link>
          <nav className="dj-member__tabs dj-member__tabs--wide" aria-label="栏目">
            {MEMBER_TABS.map((t) => (
              <NavLink key={t.key} to={t.key} className={({ isActive }) => `dj-tab ${isActive ? 'is-active' : ''}`}>
                {t.label}
              </NavLink>
            ))}
          </nav>
          <div className="dj-member__actions">
            <ElderSwitch tone="dark" />
            {roles > 1 ? (
              <button type="button" className="dj-head-action" onClick={() => setRoleOpen(true)} data-testid="switch-admin" aria-label="切换管理员">
                <SwapOutlined className="dj-head-icon" />
                <span className="dj-head-label">切换管理员</span>
              </button>
            ) : null}
            <Link className="dj-head-action" to="/manual" aria-label="操作手册">
              <BookOutlined className="dj-head-icon" />
              <span className="dj-head-label">操作手册</span>
            </Link>
            {/* a button, not an <a> without href: reachable by Tab (keyboard operation throughout) */}
            <button type="button" className="dj-head-action" onClick={() => setQrOpen(true)} aria-label="手机APP">
              <MobileOutlined className="dj-head-icon" />
              <span className="dj-head-label">手机APP</span>
            </button>
            <MessageBell source={2} />
            <LazyDropdown menu={userMenu} trigger={['click']} placement="bottomRight">
              <a className="dj-head-action dj-member__user" data-testid="user-menu" title={`${displayName} ${session?.organName ?? ''}`}>
                <span className="dj-member__who">
                  <span className="dj-member__uname">{cutUserName(displayName)}</span>
                  <span className="dj-member__organ">{cutOrganName(session?.organName)}</span>
                </span>
                <DownOutlined style={{ fontSize: 10 }} />
              </a>
            </LazyDropdown>
          </div>
        </div>
        <nav className="dj-member__tabs dj-member__tabs--narrow" aria-label="栏目">
          {MEMBER_TABS.map((t) => (
            <NavLink key={t.key} to={t.key} className={({ isActive }) => `dj-tab ${isActive ? 'is-active' : ''}`}>
              {t.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main className="dj-container dj-member__main">
        {crumbs.length > 1 ? (
          // antd's Breadcrumb would bring Dropdown: a plain list styled as it (member-layout.css)
          <nav className="dj-member__crumbs dj-crumbs" aria-label="面包屑" data-testid="breadcrumb">
            <ol>
              {crumbs.map((c, i) =>
                i < crumbs.length - 1 ? (
                  <Fragment key={c.path}>
                    <li className="dj-crumbs__item"><Link to={c.path}>{c.title}</Link></li>
                    <li className="dj-crumbs__sep" aria-hidden="true">/</li>
                  </Fragment>
                ) : (
                  <li key={c.path} className="dj-crumbs__item" aria-current="page">{c.title}</li>
                ),
              )}
            </ol>
          </nav>
        ) : null}
        <Outlet />
        {/* member pages' confirms (kit useAction) in the theme and locale; antd's Modal loads with the first */}
        <ConfirmHost />
      </main>
      <footer className="dj-member__foot">党员教育培训平台 · 主办单位：中共省委组织部</footer>
      <RoleSwitchDialog open={roleOpen} onClose={() => setRoleOpen(false)} />
      <AppQrModal open={qrOpen} onClose={() => setQrOpen(false)} />
      <AlertDialog open={alertShown} />
    </div>
  );
}
