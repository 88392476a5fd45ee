import { randomInt } from 'node:crypto';
import { action, type ActionDef, type Call } from '../../http/actions';
import { AppError, notFound } from '../../http/errors';
import { idInput, pagedInput, pageQuery } from '../../http/paging';
import { entityInput } from '../../records/entity-input';
import { withinScope } from '../../scope';
import { containsPattern, keywordOf } from '../../services/query-helpers';
import { BIG_SCREEN_MSG as M, BIG_SCREEN_PERMISSION as P, type RegistCodeDto } from '../../../contract/big-screen';
import type { PagedResult } from '../../../contract/types';
import { codeOut } from './dto';
import { listProps, organFilter, perm, targetOrgan, textOrNull, visible, type Paged } from './organ-scope';

/**
 * Registration codes: an administrator issues one per screen device of an organisation; the device
 * registers and pulls with it (device-calls.ts). Deleting a code is soft and stops its device at once.
 */

/** 12 characters of an alphabet without look-alikes (0/O, 1/I/L): about 60 bits, not guessable. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const newRegistCode = () => Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const codes = (call: Call<unknown>) =>
  call.ctx.db.selectFrom('bigScreenRegistCodes as t').innerJoin('organizations as o', 'o.id', 't.organId').where('t.isDeleted', '=', false).where(withinScope(call, 't.organPath'));

export const registCodeActions: Record<string, ActionDef> = {
  CreateRegistCode: action<{ organId?: number | null; remark?: string | null }>({
    method: 'POST', summary: '生成注册码（随机 12 位，供大屏设备注册）', access: perm(P.registerCode), repeatSubmit: false,
    input: entityInput('bigScreenRegistCode', { fields: ['organId', 'remark'] }),
    returns: '注册码 {id, code, organId, organName, remark, deviceName, registerTime, lastPullTime, isRegistered, creationTime}',
    async handler(call): Promise<RegistCodeDto> {
      const o = await targetOrgan(call, call.input.organId);
      for (let attempt = 0; ; attempt++) {
        const code = newRegistCode();
        const row = await call.ctx.db.insertInto('bigScreenRegistCodes')
          .values({ code, organId: o.id, organPath: o.organPath, remark: textOrNull(call.input.remark), creatorUserId: call.user.userId, creationTime: call.ctx.now() })
          .onConflict((oc) => oc.column('code').doNothing())
          .returning('id').executeTakeFirst();
        if (row) return codeOut(await codes(call).selectAll('t').select('o.organName').where('t.id', '=', row.id).executeTakeFirstOrThrow());
        if (attempt > 5) throw new AppError(500, '生成注册码失败，请重试');
      }
    },
  }),
  GetPagedRegistCodeList: action<Paged>({
    method: 'GET', summary: '分页查询注册码', access: perm(P.registerCode), input: pagedInput(listProps),
    returns: '{ totalCount, items: 注册码 }',
    async handler(call): Promise<PagedResult<RegistCodeDto>> {
      let q = codes(call).where(await organFilter(call, call.input.organId));
      const kw = keywordOf(call.input.keyword);
      if (kw) q = q.where((eb) => eb.or([eb('t.code', 'ilike', containsPattern(kw)), eb('t.deviceName', 'ilike', containsPattern(kw)), eb('t.remark', 'ilike', containsPattern(kw))]));
      const page = await pageQuery(q.selectAll('t').select('o.organName').orderBy('t.id', 'desc'), call.input);
      return { totalCount: page.totalCount, items: page.items.map(codeOut) };
    },
  }),
  GetRegistCodebyId: action<{ id: number }>({
    method: 'GET', summary: '获取注册码详情', access: perm(P.registerCode), input: idInput, returns: '注册码',
    async handler(call): Promise<RegistCodeDto> {
      const row = await codes(call).selectAll('t').select('o.organName').where('t.id', '=', call.input.id).executeTakeFirst();
      if (!row) throw notFound(M.codeNotFound);
      return codeOut(row);
    },
  }),
  DeleteRegistCode: action<{ id: number }>({
    method: 'DELETE', summary: '删除注册码（设备立即停用）', access: perm(P.registerCode), input: idInput,
    async handler(call) {
      const row = visible(call, await call.ctx.db.selectFrom('bigScreenRegistCodes').selectAll().where('id', '=', call.input.id).where('isDeleted', '=', false).executeTakeFirst(), M.codeNotFound);
      // soft delete: deviceByCode refuses it on the device's next call
      await call.ctx.db.updateTable('bigScreenRegistCodes').set({ isDeleted: true, deletionTime: call.ctx.now() }).where('id', '=', row.id).execute();
    },
  }),
};
