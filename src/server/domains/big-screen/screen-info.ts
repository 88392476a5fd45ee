import { sql } from 'kysely';
import { action, type ActionDef, type Call } from '../../http/actions';
import { idInput, objectInput, pagedInput, pageQuery } from '../../http/paging';
import { withinScope } from '../../scope';
import { containsPattern, keywordOf } from '../../services/query-helpers';
import { BIG_SCREEN_MSG as M, BIG_SCREEN_PERMISSION as P, type BigScreenInfoDto, type BigScreenOrganInfoDto } from '../../../contract/big-screen';
import type { PagedResult } from '../../../contract/types';
import { infoOut } from './dto';
import { listProps, organIdProp, organFilter, perm, requireText, targetOrgan, textOrNull, visible, type Paged } from './organ-scope';

/** 大屏信息: an organisation's screen name and welcome text, one per organisation (a unique index). */

const infos = (call: Call<unknown>) =>
  call.ctx.db.selectFrom('bigScreenInfos as t').innerJoin('organizations as o', 'o.id', 't.organId').where('t.isDeleted', '=', false).where(withinScope(call, 't.organPath'));

const infoById = (call: Call<unknown>, id: number) => infos(call).selectAll('t').select('o.organName').where('t.id', '=', id).executeTakeFirstOrThrow();

const ownedInfo = async (call: Call<unknown>, id: number) =>
  visible(call, await call.ctx.db.selectFrom('bigScreenInfos').selectAll().where('id', '=', id).where('isDeleted', '=', false).executeTakeFirst(), M.infoNotFound);

type InfoInput = { id?: number | null; organId?: number | null; screenName: string; welcomeText?: string | null; remark?: string | null };

export const screenInfoActions: Record<string, ActionDef> = {
  GetPagedBigScreenInfoList: action<Paged>({
    method: 'GET', summary: '分页查询大屏信息', access: perm(P.version), input: pagedInput(listProps),
    returns: '{ totalCount, items: [{id, organId, organName, screenName, welcomeText, remark, creationTime}] }',
    async handler(call): Promise<PagedResult<BigScreenInfoDto>> {
      let q = infos(call).where(await organFilter(call, call.input.organId));
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where('t.screenName', 'ilike', containsPattern(kw));
      const page = await pageQuery(q.selectAll('t').select('o.organName').orderBy('t.id', 'desc'), call.input);
      return { totalCount: page.totalCount, items: page.items.map(infoOut) };
    },
  }),
  GetPagedBigScreenOrganInfoList: action<Paged>({
    method: 'GET', summary: '分页查询管理范围内组织的大屏概况', access: perm(P.version), input: pagedInput(listProps),
    returns: '{ totalCount, items: [{organId, organName, organPath, screenName, currentVersionId, currentVersionName, codeCount}] }',
    async handler(call): Promise<PagedResult<BigScreenOrganInfoDto>> {
      let q = call.ctx.db.selectFrom('organizations as o').where('o.isDeleted', '=', false).where(withinScope(call, 'o.organPath'));
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where('o.organName', 'ilike', containsPattern(kw));
      if (call.input.organId != null) q = q.where('o.id', '=', (await targetOrgan(call, call.input.organId)).id);
      const rows = q
        .select(['o.id as organId', 'o.organName', 'o.organPath'])
        .select((eb) => [
          eb.selectFrom('bigScreenInfos as i').select('i.screenName').whereRef('i.organId', '=', 'o.id').where('i.isDeleted', '=', false).limit(1).as('screenName'),
          eb.selectFrom('bigScreenVersions as v').select('v.id').whereRef('v.organId', '=', 'o.id').where('v.isCurrent', '=', true).where('v.isDeleted', '=', false).limit(1).as('currentVersionId'),
          eb.selectFrom('bigScreenVersions as v').select('v.versionName').whereRef('v.organId', '=', 'o.id').where('v.isCurrent', '=', true).where('v.isDeleted', '=', false).limit(1).as('currentVersionName'),
          eb.selectFrom('bigScreenRegistCodes as c').select(sql<number>`count(*)::int`.as('n')).whereRef('c.organId', '=', 'o.id').where('c.isDeleted', '=', false).as('codeCount'),
        ])
        .orderBy(sql`o.organ_path collate "C"`)
        .orderBy('o.id');
      return pageQuery(rows, call.input);
    },
  }),
  ModifyBigScreenInfo: action<InfoInput>({
    method: 'POST', summary: '新增或修改组织的大屏信息（每个组织一条）', access: perm(P.version),
    input: objectInput({ id: { type: ['integer', 'null'], minimum: 1, title: '编号' }, ...organIdProp, screenName: { type: 'string', minLength: 1, maxLength: 100, title: '大屏名称', 'x-required-message': '请输入大屏名称' }, welcomeText: { type: ['string', 'null'], maxLength: 200, title: '欢迎语' }, remark: { type: ['string', 'null'], maxLength: 500, title: '备注' } }, ['screenName']),
    returns: '大屏信息 {id, organId, organName, screenName, welcomeText, remark}',
    async handler(call): Promise<BigScreenInfoDto> {
      const screenName = requireText(call.input.screenName, 'screenName', '请输入大屏名称');
      const db = call.ctx.db;
      const values = { screenName, welcomeText: textOrNull(call.input.welcomeText), remark: textOrNull(call.input.remark), lastModificationTime: call.ctx.now() };
      let id: number;
      if (call.input.id != null) {
        id = (await ownedInfo(call, call.input.id)).id;
        await db.updateTable('bigScreenInfos').set(values).where('id', '=', id).execute();
      } else {
        // one per organisation (a unique index): a second save of the same organisation modifies it
        const o = await targetOrgan(call, call.input.organId);
        const existing = await db.selectFrom('bigScreenInfos').select('id').where('organId', '=', o.id).where('isDeleted', '=', false).executeTakeFirst();
        if (existing) {
          id = existing.id;
          await db.updateTable('bigScreenInfos').set(values).where('id', '=', id).execute();
        } else {
          id = (await db.insertInto('bigScreenInfos').values({ ...values, organId: o.id, organPath: o.organPath, creatorUserId: call.user.userId, creationTime: call.ctx.now() }).returning('id').executeTakeFirstOrThrow()).id;
        }
      }
      return infoOut(await infoById(call, id));
    },
  }),
  DeleteBigScreenInfo: action<{ id: number }>({
    method: 'DELETE', summary: '删除大屏信息', access: perm(P.version), input: idInput,
    async handler(call) {
      const row = await ownedInfo(call, call.input.id);
      await call.ctx.db.updateTable('bigScreenInfos').set({ isDeleted: true }).where('id', '=', row.id).execute();
    },
  }),
};
