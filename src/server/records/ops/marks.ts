import { sql } from 'kysely';
import { action, type ActionDef } from '../../http/actions';
import { idInput, objectInput } from '../../http/paging';
import { loadInScope, type Builder, type OpContext } from '../op-kit';

/** What a record carries besides its body: likes, reads, the top mark, enabled, sort order. */
export const MARK_OPERATIONS: Record<string, Builder> = {
  like: (o) => likeOp(o, true),
  unlike: (o) => likeOp(o, false),

  toggleTop: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: idInput, returns: '{isTop}',
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        const isTop = !rec.isTop;
        await call.ctx.db.updateTable('records').set({ isTop, topTime: isTop ? call.ctx.now() : null }).where('id', '=', rec.id).execute();
        return { isTop };
      },
    }),

  setEnabled: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ id: idInput.properties.id, isEnabled: { type: 'boolean', title: '是否启用' } }, ['id', 'isEnabled']),
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        await call.ctx.db.updateTable('records').set({ isEnabled: call.input.isEnabled }).where('id', '=', rec.id).execute();
        return true;
      },
    }),

  sort: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: objectInput({ id: idInput.properties.id, sort: { type: 'integer', minimum: 0, maximum: 1_000_000, title: '排序' } }, ['id', 'sort']),
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        await call.ctx.db.updateTable('records').set({ sort: call.input.sort }).where('id', '=', rec.id).execute();
        return true;
      },
    }),


  markRead: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: idInput,
      async handler(call) {
        const rec = await loadInScope(call, o, call.input.id);
        await call.ctx.db.insertInto('recordReads').values({ recordId: rec.id, userId: call.user.userId }).onConflict((oc) => oc.doNothing()).execute();
        return true;
      },
    }),

};

function likeOp(o: OpContext, like: boolean): ActionDef {
  return action({
    method: o.config.method, summary: o.summary, access: o.access, input: idInput, returns: '{likeCount, isLiked}',
    async handler(call) {
      const rec = await loadInScope(call, o, call.input.id);
      return call.ctx.db.transaction().execute(async (trx) => {
        // likes of one record queue on its row, so each count is written after the one before (no lost update)
        await trx.selectFrom('records').select('id').where('id', '=', rec.id).forUpdate().execute();
        if (like) await trx.insertInto('recordLikes').values({ recordId: rec.id, userId: call.user.userId }).onConflict((oc) => oc.doNothing()).execute();
        else await trx.deleteFrom('recordLikes').where('recordId', '=', rec.id).where('userId', '=', call.user.userId).execute();
        const n = await trx.selectFrom('recordLikes').select(sql<number>`count(*)`.as('n')).where('recordId', '=', rec.id).executeTakeFirstOrThrow();
        await trx.updateTable('records').set({ likeCount: Number(n.n) }).where('id', '=', rec.id).execute();
        return { likeCount: Number(n.n), isLiked: like };
      });
    },
  });
}

