/** The big-screen dashboard's one call (issue 17): a device call with the registration code, no session. */
import { api } from './request';
import { servicePath } from '../../contract/paths';
import type { DashboardFigures, ScreenContent } from '../../contract/big-screen';

/** One answer of BigScreenDashboardService/Figures: the subtree's figures, the periods and the version's content (JSON: dates as text). */
export interface ScreenFigures extends DashboardFigures {
  organId: number;
  organName: string;
  /** the server's clock (ISO) and the platform zone: the screen's clock and dates follow them */
  serverTime: string;
  timeZone: string;
  day: string;
  quarter: string;
  content: Omit<ScreenContent, 'version' | 'news'> & {
    version: (Pick<NonNullable<ScreenContent['version']>, 'id' | 'versionName'> & { modules?: string[] }) | null;
    news: (Omit<ScreenContent['news'][number], 'creationTime'> & { creationTime: string })[];
  };
}

export const bigScreenDashboard = {
  /** silent: the screen shows its own states (invalid code, connection lost), never a toast */
  figures: (code: string) => api.get<ScreenFigures>(servicePath('BigScreenDashboardService', 'Figures'), { code }, { anonymous: true, silent: true }),
};
