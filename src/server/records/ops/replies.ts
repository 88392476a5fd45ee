import { sql } from 'kysely';
import { action } from '../../http/actions';
import { idInput, objectInput, pagingProps } from '../../http/paging';
import { baseQuery, cleanBody } from '../store';
import { bodySchema, loadInScope, loadWithFacts, pageOf, recordDto, type Builder, type OpContext } from '../op-kit';

/** Replies under a record (a forum post's answers): records of the entity's `replyEntity` hanging under it. */
export const REPLY_OPERATIONS: Record<string, Builder> = {
  reply: (o) => {
    const replyEntity = o.entities.get(o.entity.service!.replyEntity!)!;
    return action({
      method: o.config.method, summary: o.summary, access: o.access,
      input: { ...bodySchema(replyEntity, false), properties: { ...bodySchema(replyEntity, false).properties, id: { type: 'integer', minimum: 1, title: '主题' } }, required: ['id', ...(replyEntity.schema.required ?? [])] },
      returns: `${replyEntity.title}记录`,
      async handler(call) {
        const parent = await loadInScope(call, o, call.input.id);
        const { id: _id, ...body } = call.input;
        const data = await cleanBody(call.ctx.db, replyEntity, body, { userId: call.user.userId });
        const newId = await call.ctx.db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('records')
            .values({ entity: replyEntity.name, parentId: parent.id, organId: parent.organId, organPath: parent.organPath, organLevel: parent.organLevel, ownerUserId: call.user.userId, auditStatus: null, data: JSON.stringify(data), creatorUserId: call.user.userId })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx.updateTable('records').set({ replyCount: sql`reply_count + 1` }).where('id', '=', parent.id).execute();
          return row.id;
        });
        return recordDto(call, replyEntity, await loadWithFacts(call, replyEntity, newId));
      },
    });
  },

  repliesPage: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: objectInput({ ...pagingProps, id: idInput.properties.id }, ['id']),
      returns: '{totalCount, items: 回复[]}',
      async handler(call) {
        const parent = await loadInScope(call, o, call.input.id);
        const q = baseQuery(call.ctx.db, o.entity.service!.replyEntity!).where('r.parentId', '=', parent.id);
        return pageOf(call, replyEntityOf(o), q);
      },
    }),

  deleteReply: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: idInput,
      async handler(call) {
        const reply = await loadInScope(call, o, call.input.id, replyEntityOf(o));
        await call.ctx.db.transaction().execute(async (trx) => {
          await trx.updateTable('records').set({ isDeleted: true }).where('id', '=', reply.id).execute();
          if (reply.parentId) await trx.updateTable('records').set({ replyCount: sql`greatest(reply_count - 1, 0)` }).where('id', '=', reply.parentId).execute();
        });
        return true;
      },
    }),

};

const replyEntityOf = (o: OpContext) => o.entities.get(o.entity.service!.replyEntity!)!;
