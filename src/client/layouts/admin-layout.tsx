/**
 * Admin shell (core §2) on antd's Layout and Menu: top menus in the header, the selected top menu's
 * submenus in the side menu (a submenu url is the parent url plus the child url); hangfire urls open
 * in the same window with the token appended. Header: page title, 切换管理组织, 切换党员 (for an account holding the 党员 role), user menu.
 * It replaced ProLayout (≈ 66 KB gzip with its provider on every admin page, for a header,
 * a side menu and the split between them).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Button, ConfigProvider, Dropdown, Layout, Menu, type MenuProps } from 'antd';
import { BarsOutlined, LogoutOutlined, SettingOutlined, SwapOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useAppState } from '../state/store';
import { logout, switchToMember } from '../state/session';
import { buildMenuData, hangfireUrl, selectedTopMenu, type AdminMenuItem, type AdminRoute } from '../routing/admin-routes';
import { cutOrganName, cutUserName } from '../utils/text';
import { PartyLogo, PLATFORM_NAME } from '../components/logo';
import { MessageBell } from '../components/message-bell';
import { RoleSwitchDialog } from '../components/role-switch-dialog';
import AlertDialog from '../widgets/alert-dialog';
import './member-layout.css';
import './admin-layout.css';

// the red header's menu: antd's dark menu with the header's colours
const HEADER_THEME = {
  components: {
    Menu: {
      darkItemBg: 'transparent',
      darkPopupBg: '#b3121a',
      darkItemColor: 'rgba(255,255,255,.85)',
      darkItemHoverColor: '#fff',
      darkItemSelectedBg: 'rgba(0,0,0,.18)',
      darkItemSelectedColor: '#fff',
      horizontalItemSelectedColor: '#fff',
    },
  },
};

const firstLeaf = (item: AdminMenuItem): string => (item.children?.length ? firstLeaf(item.children[0]) : item.path);
const findMenu = (items: AdminMenuItem[], path: string): AdminMenuItem | undefined => {
  for (const i of items) {
    if (i.path === path) return i;
    const hit = findMenu(i.children ?? [], path);
    if (hit) return hit;
  }
  return undefined;
};

/** The keys of the groups above a path: the side menu opens them. */
const ancestors = (items: AdminMenuItem[], path: string, trail: string[] = []): string[] | undefined => {
  for (const i of items) {
    if (i.path.toLowerCase() === path.toLowerCase()) return trail;
    const hit = ancestors(i.children ?? [], path, [...trail, i.path]);
    if (hit) return hit;
  }
  return undefined;
};

/** `routes`: the role's admin routes (routing/app-routes.tsx builds them, child routes from the screens). */
export default function AdminLayout({ routes }: { routes: AdminRoute[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useAppState((s) => s.session);
  const menus = useAppState((s) => s.permissionMenus);
  const roleName = useAppState((s) => s.permissions.find((p) => p.roleId === s.roleId)?.roleDisplayName ?? '');
  // 切换党员 only for an account that holds the 党员 role: an administrator-only account has no member space
  const holdsMemberRole = useAppState((s) => s.permissions.some((p) => p.isDefault));
  const [roleOpen, setRoleOpen] = useState(false);
  // below antd's lg breakpoint the side menu folds away; the header's button opens it over the page
  const [narrow, setNarrow] = useState(false);
  const [sideOpen, setSideOpen] = useState(false);
  useEffect(() => setSideOpen(false), [location.pathname]);
  const menuData = useMemo(() => buildMenuData(menus), [menus]);
  const current = routes.find((r) => r.path.toLowerCase() === location.pathname.toLowerCase());
  // /setpassword belongs to no menu: show the whole menu tree in the side menu there
  const isSetPassword = location.pathname.toLowerCase() === '/setpassword';
  const title = isSetPassword ? '密码设置' : current?.title ?? '';
  const top = isSetPassword ? undefined : selectedTopMenu(menuData, location.pathname);
  const side = isSetPassword ? menuData : top?.children ?? [];
  // the menu entry of the page (a child route belongs to its menu)
  const selectedPath = (current?.sub ? current.path.slice(0, -current.sub.length - 1) : location.pathname).toLowerCase();
  // the groups the user opened or closed, for this top menu; else those above the page
  const sideKey = top?.path ?? '';
  const [opened, setOpened] = useState<{ side: string; keys: string[] } | null>(null);
  const openKeys = opened?.side === sideKey ? opened.keys : ancestors(side, selectedPath) ?? [];

  const go = (m: AdminMenuItem) => {
    if (m.external) window.location.assign(hangfireUrl(m.path, session?.accessToken ?? ''));
    // a top menu with children opens its first submenu page (its submenu shows in the side menu)
    else navigate(firstLeaf(m));
  };
  // the top bar's links are reached through their menu items (arrow keys, Enter runs `go`), never by
  // Tab: antd keeps aria-hidden copies of the items for its overflow, which must hold nothing focusable
  const label = (m: AdminMenuItem, top = false): ReactNode =>
    m.external ? (
      m.name
    ) : (
      <Link to={firstLeaf(m)} onClick={(e) => e.stopPropagation()} tabIndex={top ? -1 : undefined}>
        {m.name}
      </Link>
    );
  const toItems = (items: AdminMenuItem[], nested: boolean): MenuProps['items'] =>
    items.map((m) =>
      nested && m.children?.length
        ? { key: m.path.toLowerCase(), label: m.name, children: toItems(m.children, true) }
        : { key: m.path.toLowerCase(), label: label(m, !nested), onClick: () => go(m) },
    );

  const userMenu = {
    items: [
      { key: 'setpassword', icon: <SettingOutlined />, label: '密码设置' },
      { type: 'divider' as const },
      { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
    ],
    onClick: ({ key }: { key: string }) => (key === 'logout' ? void logout() : navigate('/setpassword')),
  };

  return (
    <Layout className="dj-admin">
      <Layout.Header className="dj-admin__header" role="banner">
        {narrow && side.length ? (
          <Button type="text" className="dj-admin__action" icon={<BarsOutlined />} aria-label="侧边菜单" aria-expanded={sideOpen} onClick={() => setSideOpen((o) => !o)} />
        ) : null}
        <Link to={menuData[0] ? firstLeaf(menuData[0]) : '/'} className="dj-admin__brand">
          <PartyLogo size={30} />
          <span className="dj-admin__name">{PLATFORM_NAME}</span>
        </Link>
        <ConfigProvider theme={HEADER_THEME}>
          <Menu
            className="dj-admin__topnav"
            theme="dark"
            mode="horizontal"
            aria-label="顶部菜单"
            selectedKeys={top ? [top.path.toLowerCase()] : []}
            items={isSetPassword ? [] : toItems(menuData, false)}
          />
        </ConfigProvider>
        <div className="dj-admin__actions">
          <MessageBell source={1} label="消息" />
          <Button type="text" className="dj-admin__action" icon={<SwapOutlined />} onClick={() => setRoleOpen(true)} data-testid="switch-organ">
            切换管理组织
          </Button>
          {holdsMemberRole ? (
            <Button type="text" className="dj-admin__action" icon={<TeamOutlined />} onClick={() => void switchToMember()} data-testid="switch-member">
              切换党员
            </Button>
          ) : null}
          <Dropdown menu={userMenu} trigger={['click']} placement="bottomRight">
            <a className="dj-head-action" data-testid="admin-user-menu" title={`${session?.nickName ?? ''} ${session?.organName ?? ''}`}>
              <UserOutlined />
              <span className="dj-member__who">
                <span className="dj-member__uname">{cutUserName(session?.nickName || session?.userName)}</span>
                <span className="dj-member__organ">{cutOrganName(session?.organName)}{roleName ? ` · ${roleName}` : ''}</span>
              </span>
            </a>
          </Dropdown>
        </div>
      </Layout.Header>
      <Layout hasSider>
        {side.length ? (
          <Layout.Sider
            className="dj-admin__sider"
            width={216}
            theme="light"
            breakpoint="lg"
            collapsedWidth={0}
            collapsed={narrow && !sideOpen}
            onBreakpoint={(below) => {
              setNarrow(below);
              setSideOpen(false);
            }}
            trigger={null}
          >
            <Menu
              mode="inline"
              aria-label="侧边菜单"
              selectedKeys={[selectedPath]}
              openKeys={openKeys}
              onOpenChange={(keys) => setOpened({ side: sideKey, keys })}
              items={toItems(side, true)}
            />
          </Layout.Sider>
        ) : null}
        <Layout.Content className="dj-admin__page">
          {title ? <h2 className="dj-admin__title" data-testid="page-title">{title}</h2> : null}
          <Outlet />
        </Layout.Content>
      </Layout>
      <RoleSwitchDialog open={roleOpen} onClose={() => setRoleOpen(false)} />
      <AlertDialog />
    </Layout>
  );
}
