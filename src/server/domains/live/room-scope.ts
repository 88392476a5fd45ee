import { invalid } from '../../http/errors';
import { isInSubtree, pathChain } from '../../scope';
import type { CheckContext } from '../../records/checks';

/**
 * A live room's scope and recorded video (the create's and update's check `liveRoomScope`): every
 * organisation of the scope lies in the caller's managed subtree (its whole subtree may watch), and
 * the recorded video is an enabled video of the resource library published by the room's
 * organisation or one above it — what its viewers may play anyway. Answers the names and paths
 * stored beside the ids: lists show the names, and the member lists select by the paths.
 */
export const LIVE_MSG = {
  scopeOutOfReach: '观看范围须为本人管理范围内的党组织',
  resourceOutOfReach: '录播视频须为本组织或上级组织发布、已启用的视频资源',
  notFound: '直播间不存在或已删除',
  notApproved: '直播间尚未审核通过，不能推流',
  noLiveServer: '未配置直播服务器（LIVE_RTMP_URL、LIVE_PULL_BASE、LIVE_SIGN_KEY），本直播间播放所选的录播视频',
  memberOnly: '仅党员可以进入直播间',
  spanInvalid: '请选择不超过62天的时间范围',
};

export const scopeIdsOf = (v: unknown): number[] => [...new Set(String(v ?? '').split(/[,，\s]+/).map(Number).filter((n) => Number.isInteger(n) && n > 0))];

export async function checkLiveRoomScope(c: CheckContext) {
  const db = c.call.ctx.db;
  const ids = scopeIdsOf(c.data.scopeOrgans);
  if (ids.length > 200) throw invalid([{ message: LIVE_MSG.scopeOutOfReach, members: ['scopeOrgans'] }]);
  let organs: { id: number; organName: string; organPath: string }[] = [];
  if (ids.length) {
    const rows = await db.selectFrom('organizations').select(['id', 'organName', 'organPath']).where('id', 'in', ids).where('isDeleted', '=', false).execute();
    const managed = c.call.user.organPath;
    if (rows.length !== ids.length || rows.some((r) => !isInSubtree(r.organPath, managed))) throw invalid([{ message: LIVE_MSG.scopeOutOfReach, members: ['scopeOrgans'] }]);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    organs = ids.map((id) => byId.get(id)!);
  }
  let resourceName: string | null = null;
  if (c.data.resourceId != null) {
    const organPath = c.step?.record.organPath ?? c.owner.organ.path;
    const r = await db
      .selectFrom('resources')
      .select(['name'])
      .where('id', '=', Number(c.data.resourceId))
      .where('isDeleted', '=', false)
      .where('isEnabled', '=', true)
      .where('resourceType', '=', 1)
      .where('organPath', 'in', pathChain(organPath))
      .executeTakeFirst();
    if (!r) throw invalid([{ message: LIVE_MSG.resourceOutOfReach, members: ['resourceId'] }]);
    resourceName = r.name;
  }
  return {
    scopeOrgans: organs.length ? organs.map((o) => o.id).join(',') : null,
    scopeOrganNames: organs.length ? organs.map((o) => o.organName) : null,
    scopePaths: organs.length ? organs.map((o) => o.organPath) : null,
    resourceName,
  };
}
