import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { EntityFile } from './entities';
import type { FactColumn, LoadedRecord } from './store';
import type { WorkflowDef } from '../workflow/types';
import { subtreePattern } from '../scope';
import { hashKeyOf } from '../security/data-cipher';

/**
 * Whose case a configured record is (`service.caseOf`, workflow/own-case.ts), for the decision
 * helper's `Subject` and for the 待我办理 list: the case person's user id, and the escalation of an
 * `organ` step to the organisation above when the case person administers the record's organisation
 * (a branch whose only secretary applied is not stuck).
 */

/** SQL: the case person's user id of the record `r` (null: nobody on the platform). */
export function caseUserSql(entity: EntityFile): RawBuilder<number | null> | null {
  const c = entity.service?.caseOf?.user;
  if (!c) return null;
  if (c === 'owner') return sql<number | null>`r.owner_user_id`;
  if ('field' in c) return sql<number | null>`(case when (r.data->>${c.field}) ~ '^[0-9]{1,9}$' then (r.data->>${c.field})::int end)`;
  return sql<number | null>`(select cm.user_id from party_members cm where cm.id_card_hash = r.data->>${hashKeyOf(c.idCardField)} and cm.is_deleted = false and cm.user_id is not null order by cm.id limit 1)`;
}

const hasOrganStep = (wf: WorkflowDef | null) => Object.values(wf?.transitions ?? {}).some((t) => t.actor === 'organ');

/** SQL: the case person holds an administrator role on the record's organisation. */
const caseAdministersOrgan = (who: RawBuilder<number | null>): RawBuilder<SqlBool> =>
  sql<SqlBool>`exists (select 1 from user_roles cur join roles crl on crl.id = cur.role_id where cur.organ_id = r.organ_id and crl.is_default = false and cur.user_id = ${who})`;

/** The fact columns a record needs for its case: `caseUserId` (when not the owner), `escalateAbove` (with an `organ` step). */
export function caseFactColumns(entity: EntityFile, wf: WorkflowDef | null): FactColumn[] {
  const who = caseUserSql(entity);
  if (!who) return [];
  const cols: FactColumn[] = [];
  if (entity.service!.caseOf!.user !== 'owner') cols.push(who.as('caseUserId'));
  if (hasOrganStep(wf)) cols.push(caseAdministersOrgan(who).as('escalateAbove'));
  return cols;
}

/** The Subject's case fields of a loaded record. */
export function caseOfRecord(entity: EntityFile, rec: LoadedRecord) {
  const c = entity.service?.caseOf;
  if (!c) return { caseUserIds: [] as (number | null)[] };
  const user = c.user === 'owner' ? rec.ownerUserId : ((rec.caseUserId as number | null | undefined) ?? null);
  return { caseUserIds: [user == null ? null : Number(user)], caseNoun: c.noun, escalateAbove: !!rec.escalateAbove };
}

/** SQL for lists: the record is the caller's own case (left out of 待我办理). */
export function ownCaseWhere(entity: EntityFile, userId: number): Expression<SqlBool> {
  const who = caseUserSql(entity);
  return who ? sql<SqlBool>`coalesce(${who} = ${userId}, false)` : sql<SqlBool>`false`;
}

/** SQL for lists: the caller administers an organisation above a record whose case person administers the record's organisation. */
export function escalatedToWhere(entity: EntityFile, organPath: string): Expression<SqlBool> {
  const who = caseUserSql(entity);
  if (!who) return sql<SqlBool>`false`;
  return sql<SqlBool>`(r.organ_path like ${subtreePattern(organPath)} and r.organ_path <> ${organPath} and ${caseAdministersOrgan(who)})`;
}
