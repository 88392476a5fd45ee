/**
 * The screens the admin child routes come from (routing/admin-routes.ts): the configuration the
 * engine renders them with (UiConfigService/GetAll through engine/config.ts — one request per role,
 * shared with the screens), so deriving the routes costs no request and no bytes of its own. Asked
 * for only by a role with admin routes, through a dynamic import: the login page and the member
 * space do not carry the configuration loader.
 */
import { useEffect, useState } from 'react';
import { useAppState } from '../state/store';
import type { RouteScreens } from './admin-routes';

export interface RouteScreensState {
  /** null until the configuration has been loaded */
  screens: RouteScreens | null;
  failed: boolean;
}

export function useRouteScreens(wanted: boolean): RouteScreensState {
  const roleId = useAppState((s) => s.roleId);
  const [state, setState] = useState<RouteScreensState>({ screens: null, failed: false });
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    // every administrator gets the same screens: those of the role left stay until the new answer
    import('../engine/config')
      .then((m) => m.loadUiConfig())
      .then(
        (c) => live && setState({ screens: c.screens, failed: false }),
        () => live && setState((s) => ({ ...s, failed: true })),
      );
    return () => {
      live = false;
    };
  }, [wanted, roleId]);
  return state;
}
