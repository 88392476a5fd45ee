import { sql } from 'kysely';
import { P } from '../../contract/permissions';
import { action, defineService } from '../http/actions';
import { notFound } from '../http/errors';
import { idInput, objectInput } from '../http/paging';
import { subtreePattern } from '../scope';
import { createOrganInScope, organCreateProps } from './organization';
import { getOrgan, type NewOrgan } from './organs';

const TEAM_MEMBER = '班子成员 {id, organId, organName, memberId, userId, name, dutyCode, dutyName, startDate, endDate}';
const teamMembers = (db: any) =>
  db
    .selectFrom('organTeamMembers as t')
    .innerJoin('organizations as o', 'o.id', 't.organId')
    .select(['t.id', 't.organId', 'o.organName', 'o.organPath', 't.memberId', 't.userId', 't.name', 't.dutyCode', 't.dutyName', 't.startDate', 't.endDate', 't.sort']);

const MAP_LIMIT = 3000;

export const partyOrganizationService = defineService('PartyOrganizationService', {
  CreatePartyOrgnizationAsync: action<NewOrgan & { teamMembers?: { name: string; dutyCode?: string; dutyName?: string; memberId?: number }[] }>({
    method: 'POST',
    summary: '新建党组织（含书记、联系方式、地址与坐标、班子成员）',
    access: { permission: P.OrganService },
    returns: '组织节点',
    input: objectInput(
      {
        ...organCreateProps,
        teamMembers: {
          type: 'array',
          maxItems: 50,
          title: '班子成员',
          items: objectInput(
            {
              name: { type: 'string', minLength: 1, maxLength: 50, title: '姓名' },
              dutyCode: { type: 'string', maxLength: 20, title: '职务' },
              dutyName: { type: 'string', maxLength: 50, title: '职务名称' },
              memberId: { type: 'integer', minimum: 1, title: '党员' },
            },
            ['name'],
          ),
        },
      },
      ['parentId', 'organName'],
    ),
    async handler(call) {
      const node = await createOrganInScope(call);
      const team = call.input.teamMembers ?? [];
      if (team.length) {
        await call.ctx.db
          .insertInto('organTeamMembers')
          .values(team.map((t, i) => ({ organId: node.id, name: t.name, dutyCode: t.dutyCode ?? null, dutyName: t.dutyName ?? null, memberId: t.memberId ?? null, sort: i })))
          .execute();
      }
      return node;
    },
  }),

  GetTeamMemberDetail: action<{ id: number }>({
    method: 'GET',
    summary: '班子成员详情（管理范围内）',
    access: { permission: P.OrganService },
    returns: TEAM_MEMBER,
    input: idInput,
    async handler(call) {
      const row = await teamMembers(call.ctx.db).where('t.id', '=', call.input.id).executeTakeFirst();
      call.requireVisible(row?.organPath, '班子成员不存在');
      return row;
    },
  }),

  TeamMemberListByUserId: action<{ userId?: number }>({
    method: 'GET',
    summary: '某用户在各组织班子中的任职（不传 userId 为本人）',
    access: 'self',
    returns: `${TEAM_MEMBER}[]`,
    input: objectInput({ userId: { type: 'integer', minimum: 1, title: '用户' } }),
    async handler(call) {
      const { ctx, input, user } = call;
      const userId = input.userId ?? user.userId;
      let q = teamMembers(ctx.db).where('t.userId', '=', userId);
      // another user's posts: only an administrator, and only inside his subtree
      if (userId !== user.userId) {
        if (user.isDefaultRole || !user.permissions.has(P.OrganService)) call.requireScope(null);
        q = q.where('o.organPath', 'like', subtreePattern(user.organPath));
      }
      return q.orderBy('t.sort').execute();
    },
  }),

  GetOrganInfoForApp: action<{ id?: number }>({
    method: 'GET',
    summary: '党组织概况：名称、书记、联系方式、地址、党员数与班子成员（不传 id 为本人所在组织）',
    access: 'self',
    returns: '{id, parentId, organName, shortName, organCode, sort, organPath, organLevel, secretaryName, contactPhone, address, longitude, latitude, memberCount, teamMembers[]}',
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '组织' } }),
    async handler(call) {
      const { ctx, input, user } = call;
      const id = input.id ?? user.memberOrganId;
      if (!id) throw notFound('未加入党组织');
      const organ = await getOrgan(ctx.db, id);
      if (input.id && input.id !== user.memberOrganId) call.requireScope(organ.organPath);
      const count = await ctx.db
        .selectFrom('partyMembers')
        .select(sql<number>`count(*)`.as('n'))
        .where('organPath', 'like', subtreePattern(organ.organPath))
        .where('isDeleted', '=', false)
        .where('status', '=', 1)
        .executeTakeFirstOrThrow();
      const team = await teamMembers(ctx.db).where('t.organId', '=', organ.id).orderBy('t.sort').execute();
      return {
        id: organ.id, parentId: organ.parentId, organName: organ.organName, shortName: organ.shortName, organCode: organ.organCode, sort: organ.sort,
        organPath: organ.organPath, organLevel: organ.organLevel, organType: organ.organType,
        secretaryName: organ.secretaryName, contactPhone: organ.contactPhone, address: organ.address,
        longitude: organ.longitude, latitude: organ.latitude, memberCount: Number(count.n), teamMembers: team,
      };
    },
  }),

  GetPartyOrganMap: action<{ organId?: number; organLevel?: number }>({
    method: 'GET',
    summary: '党建地图：带坐标的党组织（默认本人所在组织的上级范围）',
    access: 'self',
    returns: `{id, organName, organLevel, address, longitude, latitude, secretaryName, contactPhone}[]，最多${MAP_LIMIT}条`,
    input: objectInput({
      organId: { type: 'integer', minimum: 1, title: '组织' },
      organLevel: { type: 'integer', minimum: 1, maximum: 9, title: '组织层级' },
    }),
    async handler({ ctx, input, user }) {
      // The map is public information of party organisations: addresses and contacts of branches.
      const rootId = input.organId ?? user.organId ?? user.memberOrganId;
      const root = rootId ? await getOrgan(ctx.db, rootId) : null;
      let q = ctx.db
        .selectFrom('organizations')
        .select(['id', 'organName', 'organLevel', 'address', 'longitude', 'latitude', 'secretaryName', 'contactPhone'])
        .where('isDeleted', '=', false)
        .where('longitude', 'is not', null)
        .where('latitude', 'is not', null);
      if (root) {
        // a branch member sees the map of the district around him
        const ids = root.organPath.split('/').filter(Boolean);
        const base = root.organLevel >= 4 && ids.length >= 3 ? `/${ids.slice(0, 3).join('/')}/` : root.organPath;
        q = q.where('organPath', 'like', subtreePattern(base));
      }
      if (input.organLevel) q = q.where('organLevel', '=', input.organLevel);
      return q.orderBy('id').limit(MAP_LIMIT).execute();
    },
  }),
});
