/**
 * Admin shell (core §2) on ProLayout: top menus in the header, their submenus in the side menu
 * (a submenu url is the parent url plus the child url); hangfire urls open in the same window with
 * the token appended. Header: page title, 切换管理组织, 切换党员, user menu.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ProLayout } from '@ant-design/pro-components';
import { Button, Dropdown } from 'antd';
import { LogoutOutlined, SettingOutlined, SwapOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useAppState } from '../state/store';
import { logout, switchToMember } from '../state/session';
import { buildAdminRoutes, buildMenuData, hangfireUrl, type AdminMenuItem } from '../routing/admin-routes';
import { cutOrganName, cutUserName } from '../utils/text';
import { PartyLogo, PLATFORM_NAME } from '../components/logo';
import { MessageBell } from '../components/message-bell';
import { RoleSwitchDialog } from '../components/role-switch-dialog';
import AlertDialog from '../widgets/alert-dialog';
import './member-layout.css';
import './admin-layout.css';

const firstLeaf = (item: AdminMenuItem): string => (item.children?.length ? firstLeaf(item.children[0]) : item.path);
const findMenu = (items: AdminMenuItem[], path: string): AdminMenuItem | undefined => {
  for (const i of items) {
    if (i.path === path) return i;
    const hit = findMenu(i.children ?? [], path);
    if (hit) return hit;
  }
  return undefined;
};

export default function AdminLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useAppState((s) => s.session);
  const menus = useAppState((s) => s.permissionMenus);
  const roleName = useAppState((s) => s.permissions.find((p) => p.roleId === s.roleId)?.roleDisplayName ?? '');
  const [roleOpen, setRoleOpen] = useState(false);
  const menuData = useMemo(() => buildMenuData(menus), [menus]);
  const routes = useMemo(() => buildAdminRoutes(menus), [menus]);
  const current = routes.find((r) => r.path.toLowerCase() === location.pathname.toLowerCase());
  // /setpassword belongs to no menu: show the whole menu tree in the side menu there
  const isSetPassword = location.pathname.toLowerCase() === '/setpassword';
  const title = isSetPassword ? '密码设置' : current?.title ?? '';

  // ProLayout's mix layout puts an empty spacer <header> before the real one: one banner landmark only
  useEffect(() => {
    document.querySelectorAll('.dj-admin header.ant-layout-header:not(.ant-pro-layout-header)').forEach((h) => h.setAttribute('role', 'presentation'));
  });

  const toRoute = (items: AdminMenuItem[]): any[] =>
    items.map((m) => ({ path: m.path, name: m.name, key: m.path, external: m.external, routes: m.children ? toRoute(m.children) : undefined }));

  const userMenu = {
    items: [
      { key: 'setpassword', icon: <SettingOutlined />, label: '密码设置' },
      { type: 'divider' as const },
      { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
    ],
    onClick: ({ key }: { key: string }) => (key === 'logout' ? void logout() : navigate('/setpassword')),
  };

  return (
    <div className="dj-admin">
      <ProLayout
        title={PLATFORM_NAME}
        logo={<PartyLogo size={30} />}
        layout="mix"
        splitMenus={!isSetPassword}
        fixSiderbar
        fixedHeader
        siderWidth={216}
        location={{ pathname: location.pathname }}
        route={{ path: '/', routes: toRoute(menuData) }}
        token={{
          header: { colorBgHeader: '#b3121a', colorHeaderTitle: '#fff', colorTextMenu: 'rgba(255,255,255,.85)', colorTextMenuSelected: '#fff', colorBgMenuItemSelected: 'rgba(0,0,0,.18)', colorTextMenuActive: '#fff', colorTextRightActionsItem: '#fff' },
          sider: { colorMenuBackground: '#fff', colorTextMenuSelected: '#c8161d', colorBgMenuItemSelected: '#fff1f0' },
          pageContainer: { paddingBlockPageContainerContent: 16, paddingInlinePageContainerContent: 24 },
        }}
        menuItemRender={(item: any, dom) => {
          const path: string = item.path ?? '';
          if (item.external) {
            return <a onClick={() => window.location.assign(hangfireUrl(path, session?.accessToken ?? ''))}>{dom}</a>;
          }
          // a top menu with children opens its first submenu page (its submenu shows in the side menu);
          // split menus hand the header items over without children, so look the item up in ours
          const mine = findMenu(menuData, path);
          const target = mine ? firstLeaf(mine) : path;
          return <Link to={target}>{dom}</Link>;
        }}
        subMenuItemRender={(_item, dom) => dom}
        actionsRender={() => [
          <MessageBell key="msg" source={1} label="消息" />,
          <Button key="role" type="text" className="dj-admin__action" icon={<SwapOutlined />} onClick={() => setRoleOpen(true)} data-testid="switch-organ">
            切换管理组织
          </Button>,
          <Button key="member" type="text" className="dj-admin__action" icon={<TeamOutlined />} onClick={() => void switchToMember()} data-testid="switch-member">
            切换党员
          </Button>,
          <Dropdown key="user" menu={userMenu} trigger={['click']} placement="bottomRight">
            <a className="dj-head-action" data-testid="admin-user-menu" title={`${session?.nickName ?? ''} ${session?.organName ?? ''}`}>
              <UserOutlined />
              <span className="dj-member__who">
                <span className="dj-member__uname">{cutUserName(session?.nickName || session?.userName)}</span>
                <span className="dj-member__organ">{cutOrganName(session?.organName)}{roleName ? ` · ${roleName}` : ''}</span>
              </span>
            </a>
          </Dropdown>,
        ]}
      >
        <div className="dj-admin__page">
          {title ? <h2 className="dj-admin__title" data-testid="page-title">{title}</h2> : null}
          <Outlet />
        </div>
      </ProLayout>
      <RoleSwitchDialog open={roleOpen} onClose={() => setRoleOpen(false)} />
      <AlertDialog />
    </div>
  );
}
