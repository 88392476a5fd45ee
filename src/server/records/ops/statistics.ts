import { sql } from 'kysely';
import statusLabels from '../../../contract/status-labels.json' with { type: 'json' };
import { action, type Call } from '../../http/actions';
import { objectInput } from '../../http/paging';
import { subtreePattern, actingOrgan } from '../../scope';
import { applyScope, baseQuery } from '../store';
import { applyFilters, filterProps, loadWithFacts, quarterOf, recordDto, scopeOf, scopeOptions, whereSql, workflowOf, type OpContext } from '../op-kit';
import { pageQuery, pagingProps } from '../../http/paging';
import { platformDay } from '../../platform-day';
import type { Builder } from '../op-kit';

/**
 * Statistics of a configured entity, scoped like its lists: counts and sums grouped by the child
 * organisations of the chosen one (each row covers its whole subtree, plus 本级), by month, or by a
 * body field (labelled from its code table, options or status list). And `mine`, a member's own
 * current record.
 */
const COLUMN_SUMS: Record<string, string> = { participantCount: 'r.participant_count', likeCount: 'r.like_count', replyCount: 'r.reply_count' };

function measureSql(sum: string | undefined, where?: Record<string, unknown>) {
  const value = !sum ? sql`1` : COLUMN_SUMS[sum] ? sql.raw(COLUMN_SUMS[sum]) : sql`case when jsonb_typeof(r.data->${sum}) = 'number' then (r.data->>${sum})::numeric else 0 end`;
  // a measure of some records only (meetings of one type beside the total): the others count 0
  return where ? sql`case when ${whereSql(where)} then ${value} else 0 end` : value;
}

const measuresOf = (o: OpContext) => o.config.measures ?? [{ key: 'count', title: '数量' }];

/** Label of a grouped value: status list, code table or the field's options. */
async function labeller(call: Call<unknown>, o: OpContext, field: string): Promise<(key: string) => string> {
  if (field === 'auditStatus') {
    const list = (statusLabels as Record<string, Record<string, { label: string }>>)[workflowOf(o.entity)?.statuses ?? 'audit'] ?? {};
    return (k) => list[k]?.label ?? k;
  }
  const fs = o.entity.schema.properties[field];
  const codeTable = fs?.['x-code-table'];
  if (codeTable) {
    const codes = await call.ctx.db.selectFrom('baseCodes').select(['value', 'label']).where('typeName', '=', codeTable).execute();
    const byValue = new Map(codes.map((c) => [c.value, c.label]));
    return (k) => byValue.get(k) ?? k;
  }
  const options = ((fs?.['x-component-props'] as { options?: { label: string; value: unknown }[] } | undefined)?.options ?? []);
  if (typeof fs?.type === 'string' && fs.type === 'boolean') return (k) => (k === 'true' ? '是' : k === 'false' ? '否' : k);
  return (k) => options.find((x) => String(x.value) === k)?.label ?? k;
}

export const STATISTICS_OPERATIONS: Record<string, Builder> = {
  statistics: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: objectInput(filterProps(o.entity, o.config)),
      returns: `{measures: {key, title}[], totals: {${measuresOf(o).map((m) => m.key).join(', ')}}, rows: {key, label, organId?, organPath?, ...}[]}`,
      async handler(call) {
        const { db } = call.ctx;
        const organ = actingOrgan(call.user);
        const at = call.input.organPath || organ.path;
        call.requireScope(at);
        let q = await applyScope(db, baseQuery(db, o.entity.name), scopeOf(call, o), call.user, scopeOptions(o));
        q = applyFilters(q.where('r.organPath', 'like', subtreePattern(at)), o.config, call.input);
        const measures = measuresOf(o);
        const groupBy = o.config.groupBy ?? 'organ';
        const sums = measures.map((m) => sql`coalesce(sum(${measureSql(m.sum, m.where)}), 0)`.as(m.key));
        const num = (row: Record<string, unknown>) => Object.fromEntries(measures.map((m) => [m.key, Number(row[m.key] ?? 0)]));

        let rows: { key: string; label: string; [k: string]: unknown }[];
        if (groupBy === 'organ') {
          const children = await db.selectFrom('organizations').select(['id', 'organName', 'organPath']).where('parentId', '=', Number(at.split('/').filter(Boolean).pop())).where('isDeleted', '=', false).orderBy('sort').orderBy('id').execute();
          // each record counts for the child organisation whose subtree holds it (its path's next segment)
          const grouped = await q
            .select([sql<string>`substr(r.organ_path, 1, length(${at}) + position('/' in substr(r.organ_path, length(${at}) + 1)))`.as('key'), ...sums])
            .groupBy(sql`1`)
            .execute();
          const byKey = new Map<string, Record<string, unknown>>(grouped.map((g) => [g.key as string, g]));
          rows = children.map((c) => ({ key: c.organPath, label: c.organName, organId: c.id, organPath: c.organPath, ...num(byKey.get(c.organPath) ?? {}) }));
          const own = byKey.get(at);
          if (own) rows.unshift({ key: at, label: '本级', organPath: at, ...num(own) });
        } else {
          const field = groupBy === 'month' ? o.config.dateField ?? 'creationTime' : groupBy;
          const keyExpr =
            groupBy === 'month'
              ? field === 'creationTime'
                ? sql<string>`to_char(r.creation_time at time zone ${call.ctx.config.platformTz}, 'YYYY-MM')`
                : sql<string>`substr(r.data->>${field}, 1, 7)`
              : field === 'auditStatus'
                ? sql<string>`r.audit_status::text`
                : sql<string>`r.data->>${field}`;
          const grouped: Record<string, unknown>[] = await q.select([keyExpr.as('key'), ...sums]).groupBy(sql`1`).orderBy(sql`1`).execute();
          const label = groupBy === 'month' ? (k: string) => k : await labeller(call, o, field);
          rows = grouped.map((g) => ({ key: (g.key as string | null) ?? '', label: g.key == null ? '未填写' : label(String(g.key)), ...num(g) }));
        }
        const totals = Object.fromEntries(measures.map((m) => [m.key, rows.reduce((n, r) => n + Number(r[m.key] ?? 0), 0)]));
        return { measures: measures.map(({ key, title }) => ({ key, title })), totals, rows };
      },
    }),

  /**
   * Organisations of a kind in the caller's subtree (or the chosen `organPath`) with no record
   * matching the action's `where` in the period of its filters — 未召开支部党员大会的支部 this quarter.
   * A `quarter` filter left empty means the platform's current quarter. A record counts for the
   * organisation whose subtree holds it.
   */
  organsWithout: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: objectInput({ ...pagingProps, ...filterProps(o.entity, o.config) }),
      returns: '{totalCount, items: {organId, organName, organPath, parentName, secretaryName, contactPhone}[], period: {quarter?}}',
      async handler(call) {
        const { db } = call.ctx;
        const at = call.input.organPath || actingOrgan(call.user).path;
        call.requireScope(at);
        const input: Record<string, unknown> = { ...call.input };
        const period: Record<string, string> = {};
        for (const [field, kind] of Object.entries(o.config.filters ?? {})) {
          if (kind !== 'quarter') continue;
          input[`${field}Quarter`] ||= quarterOf(platformDay(call.ctx));
          period.quarter = input[`${field}Quarter`] as string;
        }
        const held = applyFilters(
          db
            .selectFrom('records as r')
            .select(sql`1`.as('one'))
            .where('r.entity', '=', o.entity.name)
            .where('r.isDeleted', '=', false)
            // the organisation's subtree as a range of text_pattern_ops ('0' follows '/'): the records' (entity, organ_path) index
            // serves it per organisation, which a LIKE pattern built from a column could not
            .where(sql<boolean>`r.organ_path ~>=~ g.organ_path and r.organ_path ~<~ (left(g.organ_path, -1) || '0')`),
          o.config,
          input,
        );
        let q = db
          .selectFrom('organizations as g')
          .leftJoin('organizations as gp', 'gp.id', 'g.parentId')
          .where('g.isDeleted', '=', false)
          .where('g.auditStatus', '=', 1)
          .where('g.organPath', 'like', subtreePattern(at));
        if (o.config.organs?.organType?.length) q = q.where('g.organType', 'in', o.config.organs.organType);
        q = q.where(({ not, exists }) => not(exists(held)));
        const page = await pageQuery(q, call.input, (x) =>
          x.select(['g.id as organId', 'g.organName', 'g.organPath', 'gp.organName as parentName', 'g.secretaryName', 'g.contactPhone']).orderBy('g.organPath'),
        );
        return { ...page, period };
      },
    }),

  mine: (o) =>
    action({
      method: o.config.method, summary: o.summary, access: o.access, input: objectInput({}),
      returns: o.config.answer === 'exists' ? 'boolean' : `${o.entity.title}记录或 null`,
      async handler(call) {
        const q = applyFilters(baseQuery(call.ctx.db, o.entity.name).where('r.ownerUserId', '=', call.user.userId), { ...o.config, filters: {} }, {});
        const row = await q.select('r.id').orderBy('r.id', 'desc').executeTakeFirst();
        if (o.config.answer === 'exists') return !!row;
        if (!row) return null;
        const id = row.id;
        // the caller's mark, as lists and details carry it (his own 示范岗 leads the district's cards)
        const liked = await call.ctx.db.selectFrom('recordLikes').select('recordId').where('recordId', '=', id).where('userId', '=', call.user.userId).executeTakeFirst();
        return recordDto(call, o.entity, await loadWithFacts(call, o.entity, id), { isLiked: !!liked });
      },
    }),
};
