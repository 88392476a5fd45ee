import { sql } from 'kysely';
import { P } from '../../../contract/permissions';
import { MSG } from '../../../contract/messages';
import { action, defineService, type Call } from '../../http/actions';
import { badRequest, invalid, notFound } from '../../http/errors';
import { platformDay } from '../../platform-day';
import { auditHistory, mayAudit } from './organ-audit';
import { idInput, objectInput } from '../../http/paging';
import { subtreePattern, getOrgan } from '../../scope';
import { createOrganInScope } from './organ-create';
import { organInput } from './organization';
import { type NewOrgan } from './organs';
import { containsPattern, keywordOf } from '../../services/query-helpers';
import type { Database } from '../../db/database';

const TEAM_MEMBER = '班子成员 {id, organId, organName, memberId, userId, name, dutyCode, dutyName, startDate, endDate}';
const teamMembers = (db: Database) =>
  db
    .selectFrom('organTeamMembers as t')
    .innerJoin('organizations as o', 'o.id', 't.organId')
    .select(['t.id', 't.organId', 'o.organName', 'o.organPath', 't.memberId', 't.userId', 't.name', 't.dutyCode', 't.dutyName', 't.startDate', 't.endDate', 't.sort']);

const MAP_LIMIT = 3000;
/** a search answers a list to choose from, not a map */
const MAP_SEARCH_LIMIT = 20;

interface TeamMemberInput {
  id?: number;
  organId: number;
  memberId?: number | null;
  name?: string | null;
  dutyCode?: string | null;
  dutyName?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  sort?: number;
}

/**
 * A team member (班子成员) with a duty of the partyDuty code table and a term. Linked to a member of
 * the organisation where possible — then the name and account come from him, and the secretary's
 * contact card (secretary.ts) reaches his phone.
 */
async function saveTeamMember(call: Call<TeamMemberInput>) {
  const { ctx, input } = call;
  const organ = await getOrgan(ctx.db, input.organId);
  call.requireVisible(organ.organPath, MSG.organNotFound);
  if (input.id) {
    const stored = await teamMembers(ctx.db).where('t.id', '=', input.id).executeTakeFirst();
    call.requireVisible(stored?.organPath, '班子成员不存在');
    if (stored!.organId !== organ.id) throw badRequest('班子成员不属于该组织');
  }
  let name = input.name?.trim() || null;
  let userId: number | null = null;
  if (input.memberId) {
    const m = await ctx.db.selectFrom('partyMembers').select(['id', 'name', 'userId', 'organPath']).where('id', '=', input.memberId).where('isDeleted', '=', false).executeTakeFirst();
    if (!m || !m.organPath.startsWith(organ.organPath)) throw badRequest('所选党员不属于该组织', { validationErrors: [{ message: '所选党员不属于该组织', members: ['memberId'] }] });
    name = m.name;
    userId = m.userId;
  }
  if (!name) throw invalid([{ message: '请输入姓名或选择党员', members: ['name'] }]);
  if (!input.dutyCode && !input.dutyName?.trim()) throw invalid([{ message: '请选择职务', members: ['dutyCode'] }]);
  if (input.dutyCode) {
    const code = await ctx.db.selectFrom('baseCodes').select('label').where('typeName', '=', 'partyDuty').where('value', '=', input.dutyCode).executeTakeFirst();
    if (!code) throw invalid([{ message: '职务不存在', members: ['dutyCode'] }]);
    if (!input.dutyName?.trim()) input.dutyName = code.label;
  }
  if (input.startDate && input.endDate && input.endDate < input.startDate) throw invalid([{ message: '任职结束日期不能早于开始日期', members: ['endDate'] }]);
  const values = {
    organId: organ.id, memberId: input.memberId ?? null, userId, name, dutyCode: input.dutyCode ?? null, dutyName: input.dutyName?.trim() || null,
    startDate: input.startDate ?? null, endDate: input.endDate ?? null, sort: input.sort ?? 0,
  };
  const id = input.id
    ? (await ctx.db.updateTable('organTeamMembers').set(values).where('id', '=', input.id).returning('id').executeTakeFirstOrThrow()).id
    : (await ctx.db.insertInto('organTeamMembers').values(values).returning('id').executeTakeFirstOrThrow()).id;
  return teamMembers(ctx.db).where('t.id', '=', id).executeTakeFirst();
}

export const partyOrganizationService = defineService('PartyOrganizationService', {
  CreatePartyOrgnizationAsync: action<NewOrgan & { teamMembers?: { name: string; dutyCode?: string; dutyName?: string; memberId?: number }[] }>({
    method: 'POST',
    summary: '新建党组织（含书记、联系方式、地址与坐标、班子成员）',
    access: { permission: P.OrganService },
    returns: '组织节点',
    input: organInput({
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
    }),
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
    summary: '党组织概况：基本信息、其他信息、统计（党员按类型与性别、下级组织、单位、班子成员）与班子成员（不传 id 为本人所在组织）；管理员另见审核状态与审核记录',
    access: 'self',
    returns: '{id, parentId, parentName, organName, shortName, organCode, organType, sort, organPath, organLevel, secretaryName, contactPhone, address, longitude, latitude, memberCount, formalCount, probationaryCount, maleCount, femaleCount, childCount, descendantCount, unitCount, teamMemberCount, auditStatus, auditRemark, teamMembers[], history[]}',
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '组织' } }),
    async handler(call) {
      const { ctx, input, user } = call;
      const id = input.id ?? user.memberOrganId;
      if (!id) throw notFound('未加入党组织');
      const organ = await getOrgan(ctx.db, id);
      const asAdmin = !!input.id && input.id !== user.memberOrganId;
      if (asAdmin) call.requireScope(organ.organPath);
      const like = subtreePattern(organ.organPath);
      const [m, o, u, parent] = await Promise.all([
        // the subtree's members as the member writes keep them (migration 037)
        ctx.db
          .selectFrom('organMemberCounts')
          .select(['members as n', 'formal', 'probationary', 'male', 'female'])
          .where('organId', '=', organ.id)
          .executeTakeFirst()
          .then((c) => c ?? { n: 0, formal: 0, probationary: 0, male: 0, female: 0 }),
        ctx.db
          .selectFrom('organizations')
          .select([sql<number>`count(*) filter (where parent_id = ${organ.id})`.as('children'), sql<number>`count(*)`.as('descendants')])
          .where('organPath', 'like', like)
          .where('id', '!=', organ.id)
          .where('isDeleted', '=', false)
          .executeTakeFirstOrThrow(),
        ctx.db.selectFrom('units').select(sql<number>`count(*)`.as('n')).where('organId', '=', organ.id).where('isDeleted', '=', false).executeTakeFirstOrThrow(),
        organ.parentId ? ctx.db.selectFrom('organizations').select('organName').where('id', '=', organ.parentId).executeTakeFirst() : undefined,
      ]);
      const team = await teamMembers(ctx.db).where('t.organId', '=', organ.id).orderBy('t.sort').orderBy('t.id').execute();
      return {
        id: organ.id, parentId: organ.parentId, parentName: parent?.organName ?? null, organName: organ.organName, shortName: organ.shortName, organCode: organ.organCode, sort: organ.sort,
        organPath: organ.organPath, organLevel: organ.organLevel, organType: organ.organType,
        secretaryName: organ.secretaryName, contactPhone: organ.contactPhone, address: organ.address,
        longitude: organ.longitude, latitude: organ.latitude,
        memberCount: Number(m.n), formalCount: Number(m.formal), probationaryCount: Number(m.probationary), maleCount: Number(m.male), femaleCount: Number(m.female),
        childCount: Number(o.children), descendantCount: Number(o.descendants), unitCount: Number(u.n), teamMemberCount: team.length,
        auditStatus: organ.auditStatus, auditRemark: organ.auditRemark,
        teamMembers: team,
        // who decided what is the administrators' business, not the members'
        history: asAdmin ? await auditHistory(call, 'organization', organ.id) : [],
        availableTransitions: asAdmin && mayAudit(user, organ) ? ['audit'] : [],
      };
    },
  }),

  GetTeamMemberList: action<{ organId: number }>({
    method: 'GET',
    summary: '组织的班子成员（管理范围内），含任期与所关联的党员',
    access: { permission: P.OrganService },
    returns: `${TEAM_MEMBER}[]，另含 inOffice（按平台日期在任）`,
    input: objectInput({ organId: { type: 'integer', minimum: 1, title: '组织' } }, ['organId']),
    async handler(call) {
      const organ = await getOrgan(call.ctx.db, call.input.organId);
      call.requireVisible(organ.organPath, MSG.organNotFound);
      const today = platformDay(call.ctx);
      const rows = await teamMembers(call.ctx.db).where('t.organId', '=', organ.id).orderBy('t.sort').orderBy('t.id').execute();
      return rows.map((r) => ({ ...r, inOffice: (!r.startDate || r.startDate <= today) && (!r.endDate || r.endDate >= today) }));
    },
  }),

  CreateOrUpdateTeamMember: action<TeamMemberInput>({
    method: 'POST',
    summary: '新增或修改班子成员（带 id 为修改）：职务、任期起止，可关联本组织的党员（姓名随党员）',
    access: { permission: P.OrganService },
    returns: TEAM_MEMBER,
    input: objectInput(
      {
        id: { type: 'integer', minimum: 1, title: '班子成员' },
        organId: { type: 'integer', minimum: 1, title: '组织', 'x-required-message': '请选择组织' },
        memberId: { type: ['integer', 'null'], minimum: 1, title: '党员' },
        name: { type: ['string', 'null'], maxLength: 50, title: '姓名' },
        dutyCode: { type: ['string', 'null'], maxLength: 20, title: '职务' },
        dutyName: { type: ['string', 'null'], maxLength: 50, title: '职务名称' },
        startDate: { type: ['string', 'null'], format: 'date', title: '任职开始日期' },
        endDate: { type: ['string', 'null'], format: 'date', title: '任职结束日期' },
        sort: { type: 'integer', minimum: 0, maximum: 10000, title: '排序' },
      },
      ['organId'],
    ),
    handler: saveTeamMember,
  }),

  DeleteTeamMember: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除班子成员（管理范围内）',
    access: { permission: P.OrganService },
    returns: 'true',
    input: idInput,
    async handler(call) {
      const row = await teamMembers(call.ctx.db).where('t.id', '=', call.input.id).executeTakeFirst();
      call.requireVisible(row?.organPath, '班子成员不存在');
      await call.ctx.db.deleteFrom('organTeamMembers').where('id', '=', call.input.id).execute();
      return true;
    },
  }),

  GetPartyOrganMap: action<{ organId?: number; organLevel?: number; keyword?: string }>({
    method: 'GET',
    summary: '党建地图：带坐标的党组织（默认本人所在组织的上级范围）；keyword 按名称或地址查找（无地图密钥时地址选择器的搜索）',
    access: 'self',
    returns: `{id, organName, organLevel, areaCode, address, longitude, latitude, secretaryName, contactPhone}[]，最多${MAP_LIMIT}条（areaCode：行政区划代码，地图据此适配本人所在区县）`,
    input: objectInput({
      organId: { type: 'integer', minimum: 1, title: '组织' },
      organLevel: { type: 'integer', minimum: 1, maximum: 9, title: '组织层级' },
      keyword: { type: 'string', maxLength: 50, title: '关键字' },
    }),
    async handler({ ctx, input, user }) {
      // The map is public information of party organisations (addresses and contacts of branches),
      // within the caller's area: a branch member sees the district around him, an administrator his
      // managed subtree. `organId` narrows the map inside that area, never beyond it.
      const ownId = user.organId ?? user.memberOrganId;
      const own = ownId ? await getOrgan(ctx.db, ownId) : null;
      let base: string | null = null;
      if (own) {
        const ids = own.organPath.split('/').filter(Boolean);
        base = own.organLevel >= 4 && ids.length >= 3 ? `/${ids.slice(0, 3).join('/')}/` : own.organPath;
      }
      if (input.organId) {
        const root = await getOrgan(ctx.db, input.organId);
        if (base && !root.organPath.startsWith(base)) throw notFound(MSG.organNotFound);
        base = root.organPath;
      }
      let q = ctx.db
        .selectFrom('organizations')
        .select(['id', 'organName', 'organLevel', 'areaCode', 'address', 'longitude', 'latitude', 'secretaryName', 'contactPhone'])
        .where('isDeleted', '=', false)
        .where('auditStatus', '=', 1)
        .where('longitude', 'is not', null)
        .where('latitude', 'is not', null);
      if (base) q = q.where('organPath', 'like', subtreePattern(base));
      if (input.organLevel) q = q.where('organLevel', '=', input.organLevel);
      const keyword = keywordOf(input.keyword);
      if (keyword) {
        const like = containsPattern(keyword);
        q = q.where((eb) => eb.or([eb('organName', 'like', like), eb('address', 'like', like)]));
      }
      return q.orderBy('id').limit(keyword ? MAP_SEARCH_LIMIT : MAP_LIMIT).execute();
    },
  }),
});
