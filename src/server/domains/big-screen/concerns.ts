import { action, defineService, type Call } from '../../http/actions';
import { notFound } from '../../http/errors';
import { idInput, objectInput, pagedInput, pageQuery } from '../../http/paging';
import { withinScope } from '../../scope';
import { containsPattern, keywordOf } from '../../services/query-helpers';
import { BIG_SCREEN_MSG as M, BIG_SCREEN_PERMISSION as P, type BigScreenConcernDto } from '../../../contract/big-screen';
import type { PagedResult } from '../../../contract/types';
import { concernOut } from './dto';
import { listProps, organFilter, perm, requireText, visible, type Paged } from './organ-scope';

/** Concerns a screen's users submit with the device's code (device-calls.ts), answered by the administrators of the subtree. */

const concerns = (call: Call<unknown>) =>
  call.ctx.db.selectFrom('bigScreenConcerns as t').innerJoin('organizations as o', 'o.id', 't.organId').where('t.isDeleted', '=', false).where(withinScope(call, 't.organPath'));

const ownedConcern = async (call: Call<unknown>, id: number) =>
  visible(call, await call.ctx.db.selectFrom('bigScreenConcerns').selectAll().where('id', '=', id).where('isDeleted', '=', false).executeTakeFirst(), M.concernNotFound);

export const bigScreenConcernService = defineService('BigScreenConcernService', {
  GetPagedOrganBsConcern: action<Paged<{ isBack?: boolean }>>({
    method: 'GET', summary: '分页查询大屏关注信息', access: perm(P.concern),
    input: pagedInput({ ...listProps, isBack: { type: 'boolean', title: '已回复' } }),
    returns: '{ totalCount, items: [{id, organId, organName, name, phone, content, backContent, backTime, isBack, creationTime}] }',
    async handler(call): Promise<PagedResult<BigScreenConcernDto>> {
      let q = concerns(call).where(await organFilter(call, call.input.organId));
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where((eb) => eb.or([eb('t.name', 'ilike', containsPattern(kw)), eb('t.content', 'ilike', containsPattern(kw))]));
      if (call.input.isBack != null) q = q.where('t.backTime', call.input.isBack ? 'is not' : 'is', null);
      const page = await pageQuery(q.selectAll('t').select('o.organName').orderBy('t.id', 'desc'), call.input);
      return { totalCount: page.totalCount, items: page.items.map(concernOut) };
    },
  }),
  GetBigScreenConcernById: action<{ id: number }>({
    method: 'GET', summary: '获取关注信息详情', access: perm(P.concern), input: idInput, returns: '关注信息',
    async handler(call): Promise<BigScreenConcernDto> {
      const row = await concerns(call).selectAll('t').select('o.organName').where('t.id', '=', call.input.id).executeTakeFirst();
      if (!row) throw notFound(M.concernNotFound);
      return concernOut(row);
    },
  }),
  BackConcern: action<{ id: number; backContent: string }>({
    method: 'POST', summary: '回复关注信息', access: perm(P.concern),
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '编号' }, backContent: { type: 'string', minLength: 1, maxLength: 1000, title: '回复内容', 'x-required-message': '请输入回复内容' } }, ['id', 'backContent']),
    returns: '关注信息',
    async handler(call): Promise<BigScreenConcernDto> {
      const backContent = requireText(call.input.backContent, 'backContent', '请输入回复内容');
      const row = await ownedConcern(call, call.input.id);
      await call.ctx.db.updateTable('bigScreenConcerns').set({ backContent, backTime: call.ctx.now(), backUserId: call.user.userId }).where('id', '=', row.id).execute();
      return concernOut(await concerns(call).selectAll('t').select('o.organName').where('t.id', '=', row.id).executeTakeFirstOrThrow());
    },
  }),
  DeleteBsConcer: action<{ id: number }>({
    method: 'DELETE', summary: '删除关注信息', access: perm(P.concern), input: idInput,
    async handler(call) {
      const row = await ownedConcern(call, call.input.id);
      await call.ctx.db.updateTable('bigScreenConcerns').set({ isDeleted: true }).where('id', '=', row.id).execute();
    },
  }),
});
