/**
 * The aggregates kept by the member writes (migrations 037, 043, 046) against a recount of the member
 * rows: the tests of each aggregate compare them after every kind of write.
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/database';

type Kept = Record<string, string>;
const byKey = (rows: { k: string | number; v: unknown }[]): Kept => Object.fromEntries(rows.map((r) => [String(r.k), String(r.v)]));

/** organ_member_counts as kept and as counted, organ id → "members,formal,probationary,male,female". */
export async function memberCounts(db: Database): Promise<{ kept: Kept; raw: Kept }> {
  const kept = await sql<{ k: number; v: string }>`
    select organ_id as k, concat_ws(',', members, formal, probationary, male, female) as v from organ_member_counts
    where members <> 0 or formal <> 0 or male <> 0 or female <> 0 or probationary <> 0`.execute(db);
  const raw = await sql<{ k: number; v: string }>`
    select o.id as k, concat_ws(',', count(m.id), count(m.id) filter (where m.party_member_type = 1), count(m.id) filter (where m.party_member_type = 2),
      count(m.id) filter (where m.sex = 1), count(m.id) filter (where m.sex = 2)) as v
    from organizations o join party_members m on m.organ_path like o.organ_path || '%' and m.status = 1 and not m.is_deleted
    group by o.id`.execute(db);
  return { kept: byKey(kept.rows), raw: byKey(raw.rows) };
}

/** organ_member_facets as kept and as counted, "organ/facet/key" → count. */
export async function memberFacets(db: Database): Promise<{ kept: Kept; raw: Kept }> {
  const kept = await sql<{ k: string; v: number }>`select organ_id || '/' || facet || '/' || key as k, n as v from organ_member_facets where n <> 0`.execute(db);
  const raw = await sql<{ k: string; v: number }>`
    select o.id || '/' || f.i || '/' || f.k as k, count(*) as v
    from organizations o join party_members m on m.organ_path like o.organ_path || '%' and m.status = 1 and not m.is_deleted,
      unnest(member_facet_keys(m.addition, m.party_member, m.sex, m.party_duty_code, m.party_member_type)) with ordinality f(k, i)
    group by 1`.execute(db);
  return { kept: byKey(kept.rows), raw: byKey(raw.rows) };
}

/** The kept rows equal the recount (and the recount is not trivially small: `atLeast` keys). */
export async function expectKeptAsCounted(read: () => Promise<{ kept: Kept; raw: Kept }>, atLeast: number) {
  const { kept, raw } = await read();
  expect(Object.keys(raw).length).toBeGreaterThan(atLeast);
  const differ = [...new Set([...Object.keys(kept), ...Object.keys(raw)])].filter((k) => kept[k] !== raw[k]);
  expect(differ.map((k) => ({ key: k, kept: kept[k], raw: raw[k] }))).toEqual([]);
}
