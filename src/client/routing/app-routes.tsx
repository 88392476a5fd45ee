/** The route tree: public pages, the member area, admin routes from the role's menus, 404. */
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import NProgress from 'nprogress';
import { useAppState } from '../state/store';
import { landingPath } from '../state/permissions';
import { loginPath, logout } from '../state/session';
import { getState, resetState } from '../state/store';
import { guard } from './guard';
import { lazyPage, Page, ProgressFallback } from './lazy';
import { MEMBER_PAGES } from './member-pages';
import { buildAdminRoutes, type AdminRoute } from './admin-routes';
import { useRouteScreens } from './route-screens';
import { registerNavigate } from './navigation';
import { resolveScreen } from '../engine';

const LoginPage = lazyPage(() => import('../pages/login'));
const UkeyLoginPage = lazyPage(() => import('../pages/ukey-login'));
const SingleSignOnPage = lazyPage(() => import('../pages/single-sign-on'));
const SignUpPage = lazyPage(() => import('../pages/sign-up'));
const ForgetPasswordPage = lazyPage(() => import('../pages/forget-password'));
const ChangePasswordPage = lazyPage(() => import('../pages/change-password'));
const SecondFactorPage = lazyPage(() => import('../pages/second-factor'));
const BindPhonePage = lazyPage(() => import('../pages/bind-phone'));
const NotFoundPage = lazyPage(() => import('../pages/not-found'));
const ConstructionPage = lazyPage(() => import('../pages/construction'));
const ManualPage = lazyPage(() => import('../pages/manual'));
const AdminSetPasswordPage = lazyPage(() => import('../pages/admin-set-password'));
const AntdShell = lazyPage(() => import('./antd-shell'));
// the big screen: a device page with its own dark canvas, outside antd and the shells
const BigScreenPage = lazyPage(() => import('../pages/big-screen'));
const MemberLayout = lazyPage(() => import('../layouts/member-layout'));
const AdminLayout = lazyPage<{ routes: AdminRoute[] }>(() => import('../layouts/admin-layout'));
const ConfigFailed = lazyPage(() => import('../engine/config-failed'));

const memberElements = Object.entries(MEMBER_PAGES).map(([path, page]) => {
  const Comp = page.load ? lazyPage(page.load) : null;
  return { path, title: page.title, Comp };
});

/** Applies the guard of core §2 to every location before anything renders. */
function Guard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = useAppState((s) => s.session);
  const permissions = useAppState((s) => s.permissions);
  const roleId = useAppState((s) => s.roleId);
  const handled = useRef<string | null>(null);
  const decision = guard({
    pathname: location.pathname,
    search: location.search,
    hasSession: !!session?.accessToken,
    landing: landingPath(permissions, roleId),
    loginPath: loginPath(),
  });
  useEffect(() => {
    // "logs out": clear whatever a broken session left behind (never during render)
    if (decision.action === 'redirect' && decision.logout && (getState().permissions.length || getState().session)) resetState();
    if (decision.action === 'pass' && decision.logoutFirst && handled.current !== location.key) {
      handled.current = location.key;
      // the same token arriving again must not be revoked on the server
      const incoming = new URLSearchParams(location.search).get('accessToken');
      if (session) void logout({ navigate: false, callServer: session.accessToken !== incoming });
    }
  });
  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}

/** Registers the router's navigate for code outside React; shows progress on each navigation. */
function NavigationBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    registerNavigate((to, opts) => navigate(to, opts));
    return () => registerNavigate(null);
  }, [navigate]);
  useEffect(() => {
    NProgress.start();
    const t = setTimeout(() => NProgress.done(), 150);
    window.scrollTo?.(0, 0);
    return () => clearTimeout(t);
  }, [location.pathname]);
  return null;
}

/** A path below a menu before the screens are known: it may be a child route, so it waits for them (or says they failed). */
function ChildRoutePending({ failed }: { failed: boolean }) {
  return failed ? <ConfigFailed /> : <ProgressFallback />;
}

export function AppRoutes() {
  const menus = useAppState((s) => s.permissionMenus);
  const menuRoutes = useMemo(() => buildAdminRoutes(menus), [menus]);
  // child routes come from the screens (UiConfigService/GetAll), loaded for a role with admin routes
  const { screens, failed } = useRouteScreens(menuRoutes.length > 0);
  const adminRoutes = useMemo(() => (screens ? buildAdminRoutes(menus, screens) : menuRoutes), [menus, screens, menuRoutes]);
  const location = useLocation();
  const p = (node: ReactNode) => <Page resetKey={location.pathname}>{node}</Page>;
  return (
    <>
      <NavigationBridge />
      <Guard>
        <Routes>
          <Route path="/" element={<Navigate to="/login" replace />} />
          <Route path="/login" element={p(<LoginPage />)} />
          <Route path="/bigScreen/:code" element={p(<BigScreenPage />)} />
          <Route element={p(<AntdShell />)}>
          <Route path="/ukeyLogin" element={p(<UkeyLoginPage />)} />
          <Route path="/singleSignOn" element={p(<SingleSignOnPage />)} />
          <Route path="/signUp" element={p(<SignUpPage />)} />
          <Route path="/forgetPassword" element={p(<ForgetPasswordPage />)} />
          <Route path="/changepassword" element={p(<ChangePasswordPage />)} />
          <Route path="/secondFactor" element={p(<SecondFactorPage />)} />
          <Route path="/bindPhone" element={p(<BindPhonePage />)} />
          <Route element={p(<MemberLayout />)}>
            {memberElements.map(({ path, title, Comp }) => (
              <Route key={path} path={path} element={p(Comp ? <Comp /> : <ConstructionPage title={title} />)} />
            ))}
            <Route path="/manual" element={p(<ManualPage />)} />
            <Route path="/partyMember" element={<Navigate to="/partyMember/partySpace" replace />} />
          </Route>
          <Route element={p(<AdminLayout routes={adminRoutes} />)}>
            <Route path="/setpassword" element={p(<AdminSetPasswordPage />)} />
            {adminRoutes.map((r) => {
              const Screen = resolveScreen(r.tag, r.sub);
              return <Route key={r.path} path={r.path} element={p(<Screen tag={r.tag} sub={r.sub} title={r.title} />)} />;
            })}
            {screens ? null : menuRoutes.map((r) => <Route key={`${r.path}/*`} path={`${r.path}/*`} element={p(<ChildRoutePending failed={failed} />)} />)}
          </Route>
          <Route path="*" element={p(<NotFoundPage />)} />
          </Route>
        </Routes>
      </Guard>
    </>
  );
}
