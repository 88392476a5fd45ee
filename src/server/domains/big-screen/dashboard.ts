import { action, defineService } from '../../http/actions';
import { unauthorized } from '../../http/errors';
import { objectInput } from '../../http/paging';
import { deviceByCode } from './devices';
import { currentContent } from './content';
import { dashboardFigures, screenPeriods } from './figures';
import type { ScreenContent, ScreenFigures } from '../../../contract/big-screen';

/** ScreenFigures before JSON: the content's times are still dates. */
type DashboardAnswer = Omit<ScreenFigures, 'content'> & { content: ScreenContent };

/** The message of a code that is unknown, malformed or deleted (the device shows it full-screen). */
export const INVALID_CODE = '注册码无效或已停用';

/**
 * The big-screen dashboard (`/dj/bigScreen/<code>`): a wall screen with no user session
 * reads its organisation's figures with its registration code. The code is checked on every call, so
 * a deleted code stops the screen at its next refresh.
 */
export const bigScreenDashboardService = defineService('BigScreenDashboardService', {
  Figures: action<{ code: string }>({
    method: 'GET',
    summary: '大屏数据看板：注册码所属党组织（含下级）的党员数、党组织数、今日学时与学习人数、本月支部学时排行、本季度组织生活会议、地图标注、当前版本的资讯与视频（无需登录，凭注册码）',
    access: 'public',
    // a screen refreshes every minute all day: the audit log would only flood
    audit: false,
    returns: '{organId, organName, areaCode, serverTime, timeZone, day, quarter, memberCount, organCount, todayHours, todayLearners, monthHours, quarterMeetings, topBranches: {organId, organName, hours, learners}[], markers: {id, name, longitude, latitude, address, secretaryName, contactPhone}[], markerTotal, content: {version, news[], video}}',
    input: objectInput({ code: { type: 'string', minLength: 1, maxLength: 64, title: '注册码', 'x-required-message': '请提供注册码' } }, ['code']),
    async handler({ ctx, input }): Promise<DashboardAnswer> {
      const device = await deviceByCode(ctx.db, input.code.trim());
      if (!device) throw unauthorized(INVALID_CODE);
      const now = ctx.now();
      const periods = screenPeriods(now, ctx.config.platformTz);
      // every screen of the organisation refreshes each minute: the figures are summed once per
      // BIG_SCREEN_CACHE_SECONDS for all of them (all processes, through Redis when configured)
      const figures = ctx.cache.get(`bigScreen:${device.organPath}:${periods.day}`, ctx.config.bigScreenCacheSeconds * 1000, () => dashboardFigures(ctx.db, device.organPath, periods));
      const [kept, content] = await Promise.all([figures, currentContent(ctx.db, device.organPath)]);
      return {
        organId: device.organId,
        organName: device.organName,
        // the map fits the organisation's own area (a district's screen its district)
        areaCode: device.areaCode ?? null,
        serverTime: now.toISOString(),
        // the screen's clock and dates are the platform's, whatever zone the device is set to
        timeZone: ctx.config.platformTz,
        day: periods.day,
        quarter: periods.quarter,
        ...kept,
        content,
      };
    },
  }),
});
