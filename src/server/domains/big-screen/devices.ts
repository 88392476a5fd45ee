import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** A registered big-screen device's organisation, as its registration code names it. */
export interface ScreenDevice {
  codeId: number;
  code: string;
  organId: number;
  organPath: string;
  organName: string;
  /** 行政区划代码 of the organisation (its screen's map fits that area) */
  areaCode: string | null;
}

/**
 * The device behind a registration code, or null when the code is unknown or deleted — checked on
 * every pull, so a deleted code stops working at once.
 */
export async function deviceByCode(db: Kysely<DB>, code: string): Promise<ScreenDevice | null> {
  if (!/^[A-Za-z0-9-]{4,32}$/.test(code)) return null;
  const row = await db
    .selectFrom('bigScreenRegistCodes as c')
    .innerJoin('organizations as o', 'o.id', 'c.organId')
    .select(['c.id as codeId', 'c.code', 'c.organId', 'c.organPath', 'o.organName', 'o.areaCode'])
    .where('c.code', '=', code)
    .where('c.isDeleted', '=', false)
    .where('o.isDeleted', '=', false)
    .executeTakeFirst();
  return row ?? null;
}
