import { sql } from 'kysely';
import { action } from '../../http/actions';
import { objectInput, pagingProps } from '../../http/paging';
import { subtreePattern } from '../../scope';
import { platformDay } from '../../platform-day';
import { addToDay } from '../../../contract/platform-time';
import { timeStatusWhere } from '../time-status';
import { applyScope, baseQuery, recordColumns, toDto, type RecordRow } from '../store';
import { applyFilters, filterProps, pageOf, scopeOf, scopeOptions, type Builder, type OpContext } from '../op-kit';
import { actionableWhere } from './workflow';

/** Lists of an entity's records within the action's scope: the paged list and the records on a map. */
export const LIST_OPERATIONS: Record<string, Builder> = {
  page: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: objectInput({ ...pagingProps, ...filterProps(o.entity, o.config) }),
      returns: `{totalCount, items: ${o.entity.title}记录[]}`,
      async handler(call) {
        // a child entity's list spans its parents; any other list leaves out what hangs under a record
        const own = isChildEntity(o.entity) ? baseQuery(call.ctx.db, o.entity.name) : baseQuery(call.ctx.db, o.entity.name).where('r.parentId', 'is', null);
        let q = await applyScope(call.ctx.db, own, scopeOf(call, o), call.user, scopeOptions(o));
        if (call.input.organPath) {
          call.requireScope(call.input.organPath);
          q = q.where('r.organPath', 'like', subtreePattern(call.input.organPath));
        }
        if (o.config.actionable) q = q.where(actionableWhere(o.entity, call.user));
        const ts = o.entity.service?.timeStatus;
        const phase = ts ? call.input[ts.field] : undefined;
        if (ts && phase !== undefined && phase !== null) q = q.where(timeStatusWhere(call.ctx, o.entity, phase));
        if (o.config.dueWithinDays) {
          // falling due: the date lies on or before the platform's today plus the days (YYYY-MM-DD compares as text)
          const until = addToDay(platformDay(call.ctx), { days: o.config.dueWithinDays.days });
          q = q.where(sql`r.data->>${o.config.dueWithinDays.field}`, '<=', until);
        }
        return pageOf(call, o.entity, applyFilters(q, o.config, ts ? { ...call.input, [ts.field]: undefined } : call.input));
      },
    }),

  coords: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: objectInput(filterProps(o.entity, o.config)),
      returns: `${o.entity.title}记录[]（有经纬度者，最多2000条）`,
      async handler(call) {
        let q = await applyScope(call.ctx.db, baseQuery(call.ctx.db, o.entity.name), scopeOf(call, o), call.user, scopeOptions(o));
        q = applyFilters(q, o.config, call.input).where(sql<boolean>`r.data ? 'longitude'`).where(sql<boolean>`r.data ? 'latitude'`);
        const rows = await q.select(recordColumns).orderBy('r.id').limit(2000).execute();
        return (rows as unknown as RecordRow[]).map((r) => toDto(r));
      },
    }),
};

const isChildEntity = (entity: OpContext['entity']) => Object.values(entity.service?.actions ?? {}).some((a) => !!a.parent);
