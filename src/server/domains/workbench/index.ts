import type { Domain } from '../../domain';
import { action, defineService, type ServiceDef } from '../../http/actions';
import { actingOrgan } from '../../scope';
import { platformDay } from '../../platform-day';
import { P } from '../../../contract/permissions';
import type { WorkbenchDto } from '../../../contract/workbench';
import { countPending, listByCall, pendingLists } from './pending';
import { workbenchFigures } from './figures';
import { currentYear, organTargetAt } from '../study';

/** The list whose own count is the 工作台's 欠缴 figure (the dues domain's 欠缴名单). */
const ARREARS_LIST = 'PartyDuesService/ArrearsPageList';

/**
 * WorkbenchService/Get: the 工作台 every administrator lands on. Built by the composition root over
 * every service (as export is), because its pending counts run the 待办 lists themselves.
 */
export function workbenchService(services: ServiceDef[]): ServiceDef {
  const lists = pendingLists(services);
  const arrears = listByCall(services, ARREARS_LIST, '欠缴');
  return defineService('WorkbenchService', {
    Get: action({
      method: 'GET',
      summary: '工作台（扩展接口）：待我办理的事项（按类，与各审核列表同一规则、不含本人的）、管理范围内的党员数、党组织数、本年参学人数、本年学时达标率（考核设置的党员学时要求）、进行中的考试、欠缴人数、近12个月学时趋势、今日会议与考试',
      access: { permission: P.Workbench },
      returns: 'WorkbenchDto (src/contract/workbench.ts)',
      async handler(call): Promise<WorkbenchDto> {
        const organ = actingOrgan(call.user);
        const [pending, owed, rest, target] = await Promise.all([
          countPending(call, lists),
          countPending(call, arrears),
          workbenchFigures(call.ctx, organ.path),
          // 学时达标率 as 考核设置 computes it (the member rule applying to each member)
          organTargetAt(call.ctx, { organName: call.user.organName ?? '', organPath: organ.path }, currentYear(call.ctx)),
        ]);
        return {
          organId: organ.id,
          organName: call.user.organName ?? '',
          day: platformDay(call.ctx),
          pending,
          figures: { ...rest.figures, studyPassRate: target.actualPassRate, studyPassedMembers: target.passedCount, arrearsMembers: owed[0]?.count ?? 0, arrearsCapped: owed[0]?.capped ?? false },
          studyTrend: rest.studyTrend,
          todayMeetings: rest.todayMeetings,
          todayExams: rest.todayExams,
        };
      },
    }),
  });
}

/** 工作台: no tables of its own; its service is built by the composition root (`workbenchService`). */
export const workbench: Domain = { name: 'workbench' };
