import { defineService } from '../../http/actions';
import type { Domain } from '../../domain';
import { bigScreenConcernService } from './concerns';
import { bigScreenDashboardService } from './dashboard';
import { bigScreenDeviceService } from './device-calls';
import { newsService, newsWriteActions } from './news';
import { registCodeActions } from './regist-codes';
import { resourceActions } from './resources';
import { screenInfoActions } from './screen-info';
import { versionActions } from './versions';
import { videoActions } from './videos';

/** BigScreenService: the administrators' calls of 大屏信息管理, one module per table. */
const bigScreenService = defineService('BigScreenService', {
  ...screenInfoActions,
  ...versionActions,
  ...videoActions,
  ...newsWriteActions,
  ...resourceActions,
  ...registCodeActions,
});

/** 大屏: registered screens, their information (versions, videos, news, concerns) and the dashboard. */
export const bigScreen: Domain = {
  name: 'big-screen',
  services: () => [bigScreenDashboardService, bigScreenService, newsService, bigScreenConcernService, bigScreenDeviceService],
};
