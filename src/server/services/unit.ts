import { sql } from 'kysely';
import { P } from '../../contract/permissions';
import { action, defineService } from '../http/actions';
import { objectInput, pagedInput, pageQuery, type PagingInput } from '../http/paging';
import { subtreePattern } from '../scope';
import { getOrgan } from './organs';

const UNIT = '单位 {id, organId, organName, organPath, unitName, unitType, creditCode, address}';
const units = (db: any) =>
  db
    .selectFrom('units as u')
    .leftJoin('organizations as o', 'o.id', 'u.organId')
    .select(['u.id', 'u.organId', 'o.organName', 'u.organPath', 'u.unitName', 'u.unitType', 'u.creditCode', 'u.address', 'u.creationTime'])
    .where('u.isDeleted', '=', false);

export const unitService = defineService('UnitService', {
  GetUnitlistByFilterAsync: action<PagingInput & { unitName?: string; unitType?: string; organId?: number }>({
    method: 'GET',
    summary: '单位分页列表（管理范围内）',
    access: { permission: P.OrganService },
    returns: `{totalCount, items: ${UNIT}[]}`,
    input: pagedInput({
      unitName: { type: 'string', maxLength: 100, title: '单位名称' },
      unitType: { type: 'string', maxLength: 20, title: '单位类别' },
      organId: { type: 'integer', minimum: 1, title: '所属党组织' },
    }),
    async handler(call) {
      const { ctx, input, user } = call;
      let path = user.organPath;
      if (input.organId) {
        path = (await getOrgan(ctx.db, input.organId)).organPath;
        call.requireScope(path);
      }
      let q = units(ctx.db).where('u.organPath', 'like', subtreePattern(path));
      if (input.unitName) q = q.where('u.unitName', 'like', `%${input.unitName.trim()}%`);
      if (input.unitType) q = q.where('u.unitType', '=', input.unitType);
      return pageQuery(q, input, (x) => x.orderBy('u.id', 'desc'));
    },
  }),

  GetAllUnitAsync: action<{ unitName?: string }>({
    method: 'GET',
    summary: '管理范围内全部单位（下拉选择用，最多1000条）',
    access: { permission: P.OrganService },
    returns: `${UNIT}[]`,
    input: objectInput({ unitName: { type: 'string', maxLength: 100, title: '单位名称' } }),
    async handler({ ctx, input, user }) {
      let q = units(ctx.db).where('u.organPath', 'like', subtreePattern(user.organPath));
      if (input.unitName) q = q.where('u.unitName', 'like', `%${input.unitName.trim()}%`);
      return q.orderBy('u.unitName').limit(1000).execute();
    },
  }),

  CreateUnitAsync: action<{ organId: number; unitName: string; unitType?: string; creditCode?: string; address?: string }>({
    method: 'POST',
    summary: '新建单位（所属党组织须在管理范围内）',
    access: { permission: P.OrganService },
    returns: UNIT,
    input: objectInput(
      {
        organId: { type: 'integer', minimum: 1, title: '所属党组织', 'x-required-message': '请选择党组织' },
        unitName: { type: 'string', minLength: 1, maxLength: 100, title: '单位名称', 'x-required-message': '请输入单位名称' },
        unitType: { type: 'string', maxLength: 20, title: '单位类别' },
        creditCode: { type: 'string', maxLength: 18, pattern: '^[0-9A-HJ-NPQRTUWXY]{18}$', title: '统一社会信用代码', 'x-message': '统一社会信用代码格式错误' },
        address: { type: 'string', maxLength: 200, title: '地址' },
      },
      ['organId', 'unitName'],
    ),
    async handler(call) {
      const { ctx, input } = call;
      const organ = await getOrgan(ctx.db, input.organId);
      call.requireScope(organ.organPath);
      const row = await ctx.db
        .insertInto('units')
        .values({ organId: organ.id, organPath: organ.organPath, unitName: input.unitName.trim(), unitType: input.unitType ?? null, creditCode: input.creditCode ?? null, address: input.address ?? null, extra: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return units(ctx.db).where('u.id', '=', row.id).executeTakeFirst();
    },
  }),
});
