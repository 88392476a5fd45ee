import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { subtreeRange } from '../../scope';
import { STUDENT_STATUS } from './classes';

/** Student rows a rotation programme assigns (train_class_students.source). */
export const ASSIGNED_SOURCE = 3;

/**
 * A batch's scope and assigned students as the programme now says: scope rows replaced; assigned
 * rows of members no longer under its organisations dropped (applied and added ones stay); every
 * member with an account under them assigned and approved, unless he already has a row.
 */
export async function syncBatch(trx: Database, classId: number, organs: { id: number; organPath: string }[], byUserId: number | null) {
  await trx.deleteFrom('trainClassScopes').where('trainClassId', '=', classId).execute();
  await trx.insertInto('trainClassScopes').values(organs.map((o) => ({ trainClassId: classId, organId: o.id, organPath: o.organPath }))).execute();
  await trx
    .deleteFrom('trainClassStudents')
    .where('trainClassId', '=', classId)
    .where('source', '=', ASSIGNED_SOURCE)
    .where((eb) => eb.not(eb.or(organs.map((o) => subtreeRange('organPath', o.organPath)))))
    .execute();
  await trx
    .insertInto('trainClassStudents')
    .columns(['trainClassId', 'userId', 'memberName', 'organId', 'organPath', 'status', 'source', 'addedByUserId'])
    .expression(
      trx
        .selectFrom('partyMembers as m')
        .select([
          sql<number>`${classId}::int`.as('trainClassId'), 'm.userId', 'm.name', 'm.organId', 'm.organPath',
          sql<number>`${STUDENT_STATUS.approved}::smallint`.as('status'), sql<number>`${ASSIGNED_SOURCE}::smallint`.as('source'), sql<number>`${byUserId}::int`.as('addedByUserId'),
        ])
        .where('m.isDeleted', '=', false)
        .where('m.status', '=', 1)
        .where('m.userId', 'is not', null)
        .where((eb) => eb.or(organs.map((o) => subtreeRange('m.organPath', o.organPath)))),
    )
    .onConflict((oc) => oc.columns(['trainClassId', 'userId']).doNothing())
    .execute();
}

