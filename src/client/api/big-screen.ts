/** The big-screen dashboard's one call: a device call with the registration code, no session. */
import { api } from './request';
import { servicePath } from '../../contract/paths';
import type { ScreenFigures } from '../../contract/big-screen';

export const bigScreenDashboard = {
  /** silent: the screen shows its own states (invalid code, connection lost), never a toast */
  figures: (code: string) => api.get<ScreenFigures>(servicePath('BigScreenDashboardService', 'Figures'), { code }, { anonymous: true, silent: true }),
};
