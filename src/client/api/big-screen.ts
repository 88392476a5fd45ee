/** The big-screen dashboard's one call (issue 17): a device call with the registration code, no session. */
import { api } from './request';
import { servicePath } from '../../contract/paths';

export interface ScreenFigures {
  organId: number;
  organName: string;
  /** the server's clock (ISO) and the platform zone: the screen's clock and dates follow them */
  serverTime: string;
  timeZone: string;
  day: string;
  quarter: string;
  memberCount: number;
  organCount: number;
  todayHours: number;
  todayLearners: number;
  monthHours: number;
  quarterMeetings: number;
  topBranches: { organId: number; organName: string; hours: number; learners: number }[];
  markers: { id: number; name: string; longitude: number; latitude: number; address: string | null; secretaryName: string | null; contactPhone: string | null }[];
  markerTotal: number;
  content: {
    /** modules: the panels the version shows (contract/big-screen.ts SCREEN_MODULES) */
    version: { id: number; versionName: string; modules?: string[] } | null;
    news: { id: number; title: string; newsType: number | null; coverImage: string | null; creationTime: string }[];
    video: { id: number; title: string; videoUrl: string; coverImage: string | null } | null;
  };
}

export const bigScreenDashboard = {
  /** silent: the screen shows its own states (invalid code, connection lost), never a toast */
  figures: (code: string) => api.get<ScreenFigures>(servicePath('BigScreenDashboardService', 'Figures'), { code }, { anonymous: true, silent: true }),
};
