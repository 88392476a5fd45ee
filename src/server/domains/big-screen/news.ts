import { action, defineService, type ActionDef, type Call } from '../../http/actions';
import { idInput, pagedInput, pageQuery } from '../../http/paging';
import { cleanRichText } from '../../http/rich-text';
import { entityInput } from '../../records/entity-input';
import { withinScope } from '../../scope';
import { containsPattern, keywordOf } from '../../services/query-helpers';
import { BIG_SCREEN_MSG as M, BIG_SCREEN_PERMISSION as P, NEWS_TYPES, type BigScreenNewsDto } from '../../../contract/big-screen';
import type { PagedResult } from '../../../contract/types';
import { currentContent } from './content';
import { newsOut } from './dto';
import { listProps, organFilter, organIdProp, perm, requireText, targetOrgan, textOrNull, visible, type Paged } from './organ-scope';

/**
 * News by type (NEWS_TYPES), rich text sanitised on the server. Written through BigScreenService
 * (CreateBigScreenNews, DeleteBigScreenNews), listed through NewsService; a screen shows the latest
 * news of its current version's organisation (content.ts).
 */

const news = (call: Call<unknown>) =>
  call.ctx.db.selectFrom('bigScreenNews as t').innerJoin('organizations as o', 'o.id', 't.organId').where('t.isDeleted', '=', false).where(withinScope(call, 't.organPath'));

type NewsInput = { organId?: number | null; newsType: number; title: string; content?: string | null; coverImage?: string | null };
const newsTypeProp = { newsType: { type: 'integer', enum: NEWS_TYPES.map((t) => t.value), title: '新闻类型' } };

export const newsWriteActions: Record<string, ActionDef> = {
  CreateBigScreenNews: action<NewsInput>({
    method: 'POST', summary: '发布大屏新闻', access: perm(P.news),
    input: entityInput('bigScreenNews', { fields: ['organId', 'newsType', 'title', 'content', 'coverImage'] }),
    returns: '新闻',
    async handler(call): Promise<BigScreenNewsDto> {
      const title = requireText(call.input.title, 'title', '请输入新闻标题');
      const o = await targetOrgan(call, call.input.organId);
      const { id } = await call.ctx.db.insertInto('bigScreenNews')
        .values({ organId: o.id, organPath: o.organPath, newsType: call.input.newsType, title, content: cleanRichText(call.input.content), coverImage: textOrNull(call.input.coverImage), creatorUserId: call.user.userId, creationTime: call.ctx.now() })
        .returning('id').executeTakeFirstOrThrow();
      return newsOut(await news(call).selectAll('t').select('o.organName').where('t.id', '=', id).executeTakeFirstOrThrow());
    },
  }),
  DeleteBigScreenNews: action<{ id: number }>({
    method: 'DELETE', summary: '删除大屏新闻', access: perm(P.news), input: idInput,
    async handler(call) {
      const row = visible(call, await call.ctx.db.selectFrom('bigScreenNews').selectAll().where('id', '=', call.input.id).where('isDeleted', '=', false).executeTakeFirst(), M.newsNotFound);
      await call.ctx.db.updateTable('bigScreenNews').set({ isDeleted: true }).where('id', '=', row.id).execute();
    },
  }),
};

type NewsSet = PagedResult<BigScreenNewsDto> & { versionOrganId: number | null; versionOrganName: string | null };

export const newsService = defineService('NewsService', {
  SiteList: action({
    method: 'GET', summary: '新闻类型（大屏的新闻栏目）', access: perm(P.news),
    returns: '[{ value, name }]',
    async handler() {
      return NEWS_TYPES.map((t) => ({ value: t.value, name: t.label }));
    },
  }),
  GetPagedBigScreenNewsByType: action<Paged<{ newsType?: number }>>({
    method: 'GET', summary: '按类型分页查询管理范围内的大屏新闻', access: perm(P.news),
    input: pagedInput({ ...listProps, ...newsTypeProp }),
    returns: '{ totalCount, items: [{id, organId, organName, newsType, newsTypeName, title, content, coverImage, creationTime}] }',
    async handler(call): Promise<PagedResult<BigScreenNewsDto>> {
      let q = news(call).where(await organFilter(call, call.input.organId));
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where('t.title', 'ilike', containsPattern(kw));
      if (call.input.newsType != null) q = q.where('t.newsType', '=', call.input.newsType);
      const page = await pageQuery(q.selectAll('t').select('o.organName').orderBy('t.creationTime', 'desc').orderBy('t.id', 'desc'), call.input);
      return { totalCount: page.totalCount, items: page.items.map(newsOut) };
    },
  }),
  GetPagedBigScreenNewsSetByType: action<Paged<{ newsType?: number }>>({
    method: 'GET', summary: '按类型分页查询组织大屏实际显示的新闻（最近的设置了当前版本的组织的新闻）', access: perm(P.news),
    input: pagedInput({ ...organIdProp, ...newsTypeProp }),
    returns: '{ totalCount, items: 新闻, versionOrganId, versionOrganName }',
    async handler(call): Promise<NewsSet> {
      const o = await targetOrgan(call, call.input.organId);
      const content = await currentContent(call.ctx.db, o.organPath);
      if (!content.version) return { totalCount: 0, items: [], versionOrganId: null, versionOrganName: null };
      let q = call.ctx.db.selectFrom('bigScreenNews as t').innerJoin('organizations as o', 'o.id', 't.organId').where('t.isDeleted', '=', false).where('t.organId', '=', content.version.organId);
      if (call.input.newsType != null) q = q.where('t.newsType', '=', call.input.newsType);
      const page = await pageQuery(q.selectAll('t').select('o.organName').orderBy('t.creationTime', 'desc').orderBy('t.id', 'desc'), call.input);
      return { totalCount: page.totalCount, items: page.items.map(newsOut), versionOrganId: content.version.organId, versionOrganName: content.version.organName };
    },
  }),
});
