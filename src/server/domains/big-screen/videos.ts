import { action, type ActionDef, type Call } from '../../http/actions';
import { invalid } from '../../http/errors';
import { idInput, pagedInput, type PagingInput, pageQuery } from '../../http/paging';
import { entityInput } from '../../records/entity-input';
import { actingOrgan, pathChain, withinScope } from '../../scope';
import { containsPattern, keywordOf } from '../../services/query-helpers';
import { BIG_SCREEN_MSG as M, BIG_SCREEN_PERMISSION as P, type BigScreenVideoDto } from '../../../contract/big-screen';
import type { PagedResult } from '../../../contract/types';
import { videoOut } from './dto';
import { listProps, organFilter, perm, requireText, targetOrgan, textOrNull, visible, type Paged } from './organ-scope';

/**
 * Promotional videos: a library video (resources, type 1) of the organisation or one above it,
 * enabled and playable — its address and cover are copied — or an address given by hand.
 */

const videos = (call: Call<unknown>) =>
  call.ctx.db.selectFrom('bigScreenVideos as t').innerJoin('organizations as o', 'o.id', 't.organId').where('t.isDeleted', '=', false).where(withinScope(call, 't.organPath'));

type VideoInput = { organId?: number | null; title: string; resourceId?: number | null; videoUrl?: string | null; coverImage?: string | null };

export const videoActions: Record<string, ActionDef> = {
  GetBigScreenVideo: action<Paged>({
    method: 'GET', summary: '分页查询宣传视频', access: perm(P.video), input: pagedInput(listProps),
    returns: '{ totalCount, items: [{id, organId, organName, title, resourceId, videoUrl, coverImage, creationTime}] }',
    async handler(call): Promise<PagedResult<BigScreenVideoDto>> {
      let q = videos(call).where(await organFilter(call, call.input.organId));
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where('t.title', 'ilike', containsPattern(kw));
      const page = await pageQuery(q.selectAll('t').select('o.organName').orderBy('t.id', 'desc'), call.input);
      return { totalCount: page.totalCount, items: page.items.map(videoOut) };
    },
  }),
  AddBigScreenVideo: action<VideoInput>({
    method: 'POST', summary: '添加宣传视频（资源库视频或上传地址）', access: perm(P.video),
    input: entityInput('bigScreenVideo', { fields: ['organId', 'title', 'resourceId', 'videoUrl', 'coverImage'] }),
    returns: '宣传视频',
    async handler(call): Promise<BigScreenVideoDto> {
      const title = requireText(call.input.title, 'title', '请输入视频标题');
      const o = await targetOrgan(call, call.input.organId);
      let videoUrl = textOrNull(call.input.videoUrl);
      let coverImage = textOrNull(call.input.coverImage);
      if (call.input.resourceId != null) {
        // a library video of this organisation or one above it (what it may use), enabled and playable
        const r = await call.ctx.db.selectFrom('resources').select(['id', 'playUrl', 'coverUrl']).where('id', '=', call.input.resourceId)
          .where('resourceType', '=', 1).where('isDeleted', '=', false).where('isEnabled', '=', true).where('organPath', 'in', pathChain(o.organPath)).executeTakeFirst();
        if (!r || !r.playUrl) throw invalid([{ message: M.libraryResourceNotFound, members: ['resourceId'] }]);
        videoUrl = r.playUrl;
        coverImage ??= r.coverUrl;
      }
      if (!videoUrl) throw invalid([{ message: M.videoRequired, members: ['resourceId', 'videoUrl'] }]);
      const { id } = await call.ctx.db.insertInto('bigScreenVideos')
        .values({ organId: o.id, organPath: o.organPath, title, resourceId: call.input.resourceId ?? null, videoUrl, coverImage, creatorUserId: call.user.userId, creationTime: call.ctx.now() })
        .returning('id').executeTakeFirstOrThrow();
      return videoOut(await videos(call).selectAll('t').select('o.organName').where('t.id', '=', id).executeTakeFirstOrThrow());
    },
  }),
  GetBigScreenVideoResourceOptions: action<PagingInput & { keyword?: string }>({
    method: 'GET', summary: '可用作宣传视频的资源库视频（本组织及上级组织发布、已启用）', access: perm(P.video),
    input: pagedInput({ keyword: { type: 'string', maxLength: 100, title: '关键字' } }),
    returns: '{ totalCount, items: [{id, name, coverUrl, organName}] }',
    async handler(call) {
      let q = call.ctx.db.selectFrom('resources as r').innerJoin('organizations as o', 'o.id', 'r.organId')
        .where('r.resourceType', '=', 1).where('r.isDeleted', '=', false).where('r.isEnabled', '=', true).where('r.playUrl', 'is not', null)
        .where('r.organPath', 'in', pathChain(actingOrgan(call.user).path));
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where('r.name', 'ilike', containsPattern(kw));
      return pageQuery(q.select(['r.id', 'r.name', 'r.coverUrl', 'o.organName']).orderBy('r.id'), call.input);
    },
  }),
  DeleteBigScreenVideo: action<{ id: number }>({
    method: 'DELETE', summary: '删除宣传视频（引用它的版本不再播放视频）', access: perm(P.video), input: idInput,
    async handler(call) {
      const row = visible(call, await call.ctx.db.selectFrom('bigScreenVideos').selectAll().where('id', '=', call.input.id).where('isDeleted', '=', false).executeTakeFirst(), M.videoNotFound);
      await call.ctx.db.updateTable('bigScreenVideos').set({ isDeleted: true }).where('id', '=', row.id).execute();
    },
  }),
};
