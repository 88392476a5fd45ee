import { sql } from 'kysely';
import { action, defineService, type Call } from '../../http/actions';
import { AppError, unauthorized } from '../../http/errors';
import { objectInput } from '../../http/paging';
import { entityInput } from '../../records/entity-input';
import { pathChain } from '../../scope';
import { countHit, clientAddress } from '../../security/rate-limits';
import { BIG_SCREEN_MSG as M, type ScreenPull } from '../../../contract/big-screen';
import { currentContent } from './content';
import { deviceByCode } from './devices';
import { iso, requireText, textOrNull } from './organ-scope';

/**
 * BigScreenDeviceService: the calls of a screen device, which has no user session — its
 * registration code authenticates it, looked up on every call (a deleted code stops at once), and
 * each network address may call at most DEVICE_CALLS_PER_MINUTE times a minute.
 */

/** Device calls per address and minute: a screen pulls about once a minute; this leaves room for many screens behind one NAT while stopping code guessing. */
export const DEVICE_CALLS_PER_MINUTE = 120;

/** The code's device, after the per-address limit; an unknown or deleted code answers 401. */
async function device(call: Call<{ code: string }>) {
  const { count } = await countHit(call.ctx, `bigscreen:${clientAddress(call.req)}`, 60_000);
  if (count > DEVICE_CALLS_PER_MINUTE) throw new AppError(429, M.tooFrequent);
  const d = await deviceByCode(call.ctx.db, call.input.code.trim());
  if (!d) throw unauthorized(M.codeInvalid);
  return d;
}
const codeProp = { code: { type: 'string', minLength: 1, maxLength: 64, title: '注册码', 'x-required-message': '请输入注册码' } };

export const bigScreenDeviceService = defineService('BigScreenDeviceService', {
  Register: action<{ code: string; deviceName?: string | null }>({
    method: 'POST', summary: '大屏设备用注册码注册（无需登录）', access: 'public', repeatSubmit: false,
    input: objectInput({ ...codeProp, deviceName: { type: ['string', 'null'], maxLength: 100, title: '设备名称' } }, ['code']),
    returns: '{ organId, organName, deviceName, registerTime }',
    async handler(call) {
      const d = await device(call);
      const row = await call.ctx.db.updateTable('bigScreenRegistCodes')
        .set({ deviceName: textOrNull(call.input.deviceName), registerTime: call.ctx.now() })
        .where('id', '=', d.codeId).where('isDeleted', '=', false)
        .returning(['deviceName', 'registerTime']).executeTakeFirst();
      if (!row) throw unauthorized(M.codeInvalid);
      return { organId: d.organId, organName: d.organName, deviceName: row.deviceName, registerTime: iso(row.registerTime) };
    },
  }),
  Pull: action<{ code: string }>({
    method: 'GET', summary: '大屏设备拉取其组织的当前版本（模块、新闻、视频）', access: 'public', audit: false,
    input: objectInput(codeProp, ['code']),
    returns: '{ organId, organName, screenName, welcomeText, version: {id, versionName, modules, organId, organName} | null, news: [...], video: {...} | null }',
    async handler(call): Promise<ScreenPull> {
      const d = await device(call);
      await call.ctx.db.updateTable('bigScreenRegistCodes').set({ lastPullTime: call.ctx.now() }).where('id', '=', d.codeId).execute();
      // the information of the nearest organisation on the path that has one
      const info = await call.ctx.db.selectFrom('bigScreenInfos').select(['screenName', 'welcomeText']).where('organPath', 'in', pathChain(d.organPath)).where('isDeleted', '=', false)
        .orderBy(sql`length(organ_path)`, 'desc').limit(1).executeTakeFirst();
      const content = await currentContent(call.ctx.db, d.organPath);
      return {
        organId: d.organId, organName: d.organName, screenName: info?.screenName ?? d.organName, welcomeText: info?.welcomeText ?? null,
        version: content.version, news: content.news.map((n) => ({ ...n, creationTime: iso(n.creationTime) })), video: content.video,
      };
    },
  }),
  SubmitConcern: action<{ code: string; name: string; phone?: string | null; content: string }>({
    method: 'POST', summary: '大屏用户提交关注信息（无需登录，凭注册码）', access: 'public', repeatSubmit: false,
    input: entityInput('bigScreenConcern', { fields: ['name', 'phone', 'content'], extra: codeProp, required: ['code', 'name', 'content'] }),
    returns: '{ id }',
    async handler(call) {
      const d = await device(call);
      const name = requireText(call.input.name, 'name', '请输入姓名');
      const content = requireText(call.input.content, 'content', '请输入关注内容');
      const { id } = await call.ctx.db.insertInto('bigScreenConcerns')
        .values({ organId: d.organId, organPath: d.organPath, codeId: d.codeId, name, phone: textOrNull(call.input.phone), content, creationTime: call.ctx.now() })
        .returning('id').executeTakeFirstOrThrow();
      return { id };
    },
  }),
});
