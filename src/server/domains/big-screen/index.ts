import type { Domain } from '../../domain';
import { bigScreenConcernService, bigScreenDeviceService, bigScreenService, newsService } from './big-screen';
import { bigScreenDashboardService } from './dashboard';

/** 大屏: registered screens, their information (versions, videos, news, concerns) and the dashboard. */
export const bigScreen: Domain = {
  name: 'big-screen',
  services: () => [bigScreenDashboardService, bigScreenService, newsService, bigScreenConcernService, bigScreenDeviceService],
};
