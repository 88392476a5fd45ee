import { sql } from 'kysely';
import { action, defineService, type Call, type ServiceDef } from '../../http/actions';
import type { CurrentUser } from '../../http/auth';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { idInput, objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { isCalendarDay, addToDay } from '../../../contract/platform-time';
import { baseQuery, type RecordQuery } from '../../records/store';
import type { LiveRoom, LiveRoomData, LiveRoomDetail, LiveSources } from '../../../contract/live';
import { timeStatusOf, timeStatusWhere } from '../../records/time-status';
import type { EntityFile } from '../../records/entities';
import { subtreePattern, isInSubtree, actingOrgan } from '../../scope';
import { LIVE_MSG } from './room-scope';
import { pullAddresses, pushAddress } from './sign';
import { playableUrl } from '../../files/media';

/**
 * LiveRoomService, the calls the record store cannot express (schemas/live-room.json declares the
 * rest: create, update, delete, audit, enable, sort). A room reaches a member once approved and
 * enabled, when his organisation lies under one of its scope organisations (or under the room's own
 * organisation when it names none). What he plays: the signed pull addresses of the live server
 * while the room is not over (HLS 高清, FLV 普通), else — and always without a live server — the
 * room's recorded video of the resource library. Live play sends no study report (core §4): the
 * room page mounts the player without the study timer.
 */
const ENTITY = 'liveRoom';
const ROOM = '直播间 {id, title, coverImage, startTime, endTime, uname, organName, deviceType, watchUserCount, resourceId (录播/回放资源), liveStatus (0 即将开始 1 直播中 2 已结束), description, sources: {high, normal, mode: live|record|none}}';

/** The member's organisation lies under one of the room's scope paths (or the room's own subtree). */
const memberScopeSql = (memberPath: string) => sql<boolean>`(case
  when jsonb_typeof(r.data->'scopePaths') = 'array' and jsonb_array_length(r.data->'scopePaths') > 0
    then exists (select 1 from jsonb_array_elements_text(r.data->'scopePaths') sp(path) where ${memberPath} like sp.path || '%')
  else ${memberPath} like r.organ_path || '%' end)`;

const columns = ['r.id', 'r.data', 'r.organId', 'r.organPath', 'o.organName', 'r.participantCount', 'r.auditStatus', 'r.isEnabled', 'r.sort', 'r.creationTime'] as const;
type Selected = Awaited<ReturnType<ReturnType<typeof selectRooms>['executeTakeFirstOrThrow']>>;
/** A room as read: its body is what schemas/live-room.json and the scope check admitted. */
type Row = Omit<Selected, 'data'> & { data: LiveRoomData };
const selectRooms = (q: RecordQuery) => q.select(columns);
const asRow = (r: Selected): Row => ({ ...r, data: r.data as unknown as LiveRoomData });

/** The member's own organisation; an administrator without a member record watches nothing as a member. */
function memberPathOf(user: CurrentUser): string {
  if (!user.memberOrganPath) throw forbidden(LIVE_MSG.memberOnly);
  return user.memberOrganPath;
}

async function resourcePlayUrl(call: Call<unknown>, resourceId: unknown): Promise<string | null> {
  if (resourceId == null) return null;
  const r = await call.ctx.db
    .selectFrom('resources as r')
    .leftJoin('files as f', 'f.id', 'r.fileId')
    .select(['r.playUrl', 'f.hlsStatus', 'f.storageKey'])
    .where('r.id', '=', Number(resourceId))
    .where('r.isDeleted', '=', false)
    .executeTakeFirst();
  if (!r) return null;
  // the same address the bookshelf plays: the HLS playlist once packaged, else the file
  return playableUrl(r, r.playUrl);
}

export function liveRoomService(entities: EntityFile[]): ServiceDef {
  const entity = entities.find((e) => e.name === ENTITY);
  if (!entity) throw new Error('schemas/live-room.json is missing');

  const dto = (call: Call<unknown>, r: Row): LiveRoom => {
    const d = r.data;
    return {
      id: Number(r.id), title: d.title, coverImage: d.coverImage ?? null, startTime: d.startTime, endTime: d.endTime, uname: d.uname,
      deviceType: d.deviceType ?? null, resourceId: d.resourceId ?? null, resourceName: d.resourceName ?? null, description: d.description ?? null,
      organId: Number(r.organId), organName: r.organName, watchUserCount: Number(r.participantCount ?? 0), scopeOrganNames: d.scopeOrganNames ?? null,
      auditStatus: r.auditStatus, isEnabled: r.isEnabled, sort: r.sort, creationTime: r.creationTime,
      liveStatus: timeStatusOf(call.ctx, entity, d),
    };
  };

  /** Approved, enabled rooms the member may watch. */
  const memberRooms = (call: Call<unknown>) =>
    baseQuery(call.ctx.db, ENTITY).where('r.auditStatus', '=', 1).where('r.isEnabled', '=', true).where(memberScopeSql(memberPathOf(call.user)));

  /** One room for its viewer: a member in its scope, or an administrator whose subtree holds it (to preview); anyone else: missing. */
  async function roomFor(call: Call<unknown>, id: number, asMember: boolean): Promise<Row> {
    if (asMember) {
      const row = await selectRooms(memberRooms(call).where('r.id', '=', id)).executeTakeFirst();
      if (!row) throw notFound(LIVE_MSG.notFound);
      return asRow(row);
    }
    const row = await selectRooms(baseQuery(call.ctx.db, ENTITY).where('r.id', '=', id)).executeTakeFirst();
    const managed = !call.user.isDefaultRole && call.user.permissions.has('Pages.Live') && row && isInSubtree(row.organPath, call.user.organPath);
    if (managed) return asRow(row);
    if (!call.user.memberOrganPath) throw notFound(LIVE_MSG.notFound);
    return roomFor(call, id, true);
  }

  async function sourcesOf(call: Call<unknown>, r: Row, liveStatus: number | null): Promise<LiveSources> {
    const live = call.ctx.config.live;
    if (live && liveStatus !== 2) {
      const pull = pullAddresses(live, Number(r.id), call.ctx.now());
      return { mode: 'live', high: pull.hlsUrl, normal: pull.flvUrl, expireTime: pull.expireTime };
    }
    const url = await resourcePlayUrl(call, r.data.resourceId);
    return url ? { mode: 'record', high: url, normal: null } : { mode: 'none', high: null, normal: null };
  }

  const detail = async (call: Call<unknown>, r: Row): Promise<LiveRoomDetail> => {
    const base = dto(call, r);
    return { ...base, sources: await sourcesOf(call, r, base.liveStatus) };
  };

  return defineService('LiveRoomService', {
    GetUserLiveLists: action<PagingInput & { type?: number }>({
      method: 'GET',
      summary: '直播大厅：type 1 正在直播、2 即将开始、3 往期回顾（含 resourceId 的可看回放）；观看范围内审核通过并启用的直播间',
      access: 'self',
      input: pagedInput({ type: { type: 'integer', enum: [1, 2, 3], title: '直播类型', 'x-message': '直播类型须为 1、2 或 3' } }),
      returns: `{totalCount, items: ${ROOM}[]}`,
      async handler(call) {
        const type = call.input.type ?? 1;
        const phase = type === 1 ? 1 : type === 2 ? 0 : 2;
        const q = memberRooms(call).where(timeStatusWhere(call.ctx, entity, phase));
        // live and upcoming: the soonest first; past: the latest first
        const order = type === 3 ? sql`replace(r.data->>'startTime', 'T', ' ') desc` : sql`replace(r.data->>'startTime', 'T', ' ') asc`;
        const page = await pageQuery<Selected>(q, call.input, (x: RecordQuery) => selectRooms(x).orderBy('r.sort').orderBy(order).orderBy('r.id', 'desc'));
        return { totalCount: page.totalCount, items: page.items.map((r) => dto(call, asRow(r))) };
      },
    }),

    Detail: action<{ id: number }>({
      method: 'GET',
      summary: '直播间详情与播放地址（观看范围内的党员；管理范围内的管理员可预览）',
      access: 'self',
      input: idInput,
      returns: ROOM,
      async handler(call) {
        return detail(call, await roomFor(call, call.input.id, false));
      },
    }),

    IntoRoomAsync: action<{ id: number }>({
      method: 'POST',
      summary: '进入直播间：观看范围内的党员，观看人数按党员去重计数；答直播间详情与播放地址',
      access: 'self',
      input: idInput,
      returns: ROOM,
      async handler(call) {
        memberPathOf(call.user);
        const room = await roomFor(call, call.input.id, true);
        // one row per member (record_participants' key): entering again counts nothing
        const counted = await call.ctx.db.transaction().execute(async (trx) => {
          const ins = await trx
            .insertInto('recordParticipants')
            .values({ recordId: room.id, userId: call.user.userId, organId: call.user.memberOrganId, organPath: call.user.memberOrganPath!, status: 1 })
            .onConflict((oc) => oc.columns(['recordId', 'userId']).doNothing())
            .returning('userId')
            .executeTakeFirst();
          if (!ins) return null;
          return (await trx.updateTable('records').set({ participantCount: sql`participant_count + 1` }).where('id', '=', room.id).returning('participantCount').executeTakeFirstOrThrow()).participantCount;
        });
        return detail(call, { ...room, participantCount: counted ?? room.participantCount });
      },
    }),

    GetPushUrl: action<{ id: number }>({
      method: 'GET',
      summary: '推流地址（RTMP，签名且有时效；OBS 填写服务器与串流密钥）与拉流地址（HLS、FLV）；管理范围内审核通过的直播间',
      access: { permission: 'Pages.Live' },
      input: idInput,
      returns: '{server, streamKey, pushUrl, expireTime, hlsUrl, flvUrl}',
      async handler(call) {
        const row = await selectRooms(baseQuery(call.ctx.db, ENTITY).where('r.id', '=', call.input.id).where('r.organPath', 'like', subtreePattern(call.user.organPath))).executeTakeFirst();
        if (!row) throw notFound(LIVE_MSG.notFound);
        const live = call.ctx.config.live;
        if (!live) throw badRequest(LIVE_MSG.noLiveServer);
        if (row.auditStatus !== 1) throw badRequest(LIVE_MSG.notApproved);
        const now = call.ctx.now();
        const push = pushAddress(live, Number(row.id), now);
        const pull = pullAddresses(live, Number(row.id), now);
        return { ...push, hlsUrl: pull.hlsUrl, flvUrl: pull.flvUrl };
      },
    }),

    GetLiveListByTimeSpan: action<{ startTime: string; endTime: string }>({
      method: 'GET',
      summary: '直播日历：管理范围内开始于 startTime 至 endTime（含，YYYY-MM-DD，不超过62天）的直播间',
      access: { permission: ['Pages.Live', 'Pages.Live.Calendar'] },
      input: objectInput(
        {
          startTime: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', title: '开始日期', 'x-message': '开始日期格式不正确', 'x-required-message': '请选择开始日期' },
          endTime: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', title: '结束日期', 'x-message': '结束日期格式不正确', 'x-required-message': '请选择结束日期' },
        },
        ['startTime', 'endTime'],
      ),
      returns: `{items: ${ROOM}[]}（不含播放地址）`,
      async handler(call) {
        const { startTime, endTime } = call.input;
        if (!isCalendarDay(startTime) || !isCalendarDay(endTime) || endTime < startTime || addToDay(startTime, { days: 62 }) < endTime) throw badRequest(LIVE_MSG.spanInvalid);
        const next = addToDay(endTime, { days: 1 });
        const rows = await selectRooms(
          baseQuery(call.ctx.db, ENTITY)
            .where('r.organPath', 'like', subtreePattern(actingOrgan(call.user).path))
            .where(sql<boolean>`replace(r.data->>'startTime', 'T', ' ') >= ${startTime} and replace(r.data->>'startTime', 'T', ' ') < ${next}`),
        )
          .orderBy(sql`replace(r.data->>'startTime', 'T', ' ')`)
          .limit(1000)
          .execute();
        return { items: rows.map((r) => dto(call, asRow(r))) };
      },
    }),
  });
}
