/**
 * Sealing rows again under the current key, in bounded batches while the platform serves (rotation,
 * docs/SECURITY.md §19): at start the rows still in plain text (before migration 039, a bulk load),
 * then in the background (the job `data-keys.reseal`, once across processes) every value sealed under
 * another key or scheme. A row changed between the read and the write of its batch is left for the next
 * round (the write checks the stored text is still what was read), so no edit is lost.
 */
import { sql } from 'kysely';
import { keyRingOf, type Database } from '../db/database';
import { SEALED_COLUMNS } from '../db/sealed-columns';
import { seal, searchHash, type KeyRing } from './data-cipher';

export const RESEAL_BATCH = 500;

type Mode = 'plaintext' | 'stale';

// raw rows come back through CamelCasePlugin
const field = (r: Record<string, unknown>, name: string) => r[name.replace(/_(\w)/g, (_, ch: string) => ch.toUpperCase())] ?? r[name] ?? null;

/** The condition a row needs work under: a value without its hash, or sealed under a key or scheme other than the current. */
function needsWork(ring: KeyRing, columns: string[], mode: Mode) {
  const prefix = `enc1:${ring.cipher}:${ring.current}:`;
  return sql.join(
    columns.map((c) =>
      mode === 'plaintext'
        ? sql`(${sql.ref(c)} is not null and ${sql.ref(`${c}_hash`)} is null)`
        : sql`(${sql.ref(c)} is not null and left(${sql.ref(c)}, ${prefix.length}) <> ${prefix})`,
    ),
    sql` or `,
  );
}

/** One batch of one table after `afterId`; the last id looked at (null when the table is done) and the rows rewritten. */
async function resealBatch(db: Database, ring: KeyRing, table: string, mode: Mode, afterId: number, limit: number): Promise<{ lastId: number | null; rewritten: number }> {
  const kinds = SEALED_COLUMNS[table];
  const columns = Object.keys(kinds);
  // the values come back opened under their own names (so a value failing its check throws, never
  // passes as text to seal); md5 of the stored text guards the write
  const rows = (
    await sql<Record<string, string | number | null>>`select id, ${sql.join(columns.map((c) => sql`${sql.ref(c)}, md5(${sql.ref(c)}) as ${sql.ref(`d_${c}`)}`))}
      from ${sql.table(table)} where id > ${afterId} and (${needsWork(ring, columns, mode)}) order by id limit ${limit}`.execute(db)
  ).rows;
  if (!rows.length) return { lastId: null, rewritten: 0 };
  const values = rows.map(
    (r) => sql`(${Number(r.id)}::bigint, ${sql.join(columns.flatMap((c) => {
      const v = field(r, c) as string | null;
      return [sql`${v === null ? null : seal(ring, v)}::text`, sql`${v === null ? null : searchHash(ring, kinds[c], v)}::text`, sql`${field(r, `d_${c}`)}::text`];
    }))})`,
  );
  const names = ['id', ...columns.flatMap((c) => [`s_${c}`, `h_${c}`, `d_${c}`])];
  const res = await sql`update ${sql.table(table)} as t set ${sql.join(columns.flatMap((c) => [sql`${sql.ref(c)} = v.${sql.ref(`s_${c}`)}`, sql`${sql.ref(`${c}_hash`)} = v.${sql.ref(`h_${c}`)}`]))}
    from (values ${sql.join(values)}) as v(${sql.join(names.map((n) => sql.ref(n)))})
    where t.id = v.id and ${sql.join(columns.map((c) => sql`md5(t.${sql.ref(c)}) is not distinct from v.${sql.ref(`d_${c}`)}`), sql` and `)}`.execute(db);
  return { lastId: Number(rows.at(-1)!.id), rewritten: Number(res.numAffectedRows ?? 0) };
}

/** Every sealed table, batch after batch; `signal` stops between batches. Returns the rows rewritten. */
export async function resealAll(db: Database, mode: Mode, opts: { ring?: KeyRing; limit?: number; signal?: AbortSignal } = {}): Promise<number> {
  const ring = opts.ring ?? keyRingOf(db);
  let total = 0;
  for (const table of Object.keys(SEALED_COLUMNS)) {
    let afterId = 0;
    for (;;) {
      if (opts.signal?.aborted) return total;
      const { lastId, rewritten } = await resealBatch(db, ring, table, mode, afterId, opts.limit ?? RESEAL_BATCH);
      total += rewritten;
      if (lastId === null) break;
      afterId = lastId;
    }
  }
  return total;
}

/** The ids of the keys the stored values are sealed under, with their counts (what must stay configured). */
export async function keysInUse(db: Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [table, kinds] of Object.entries(SEALED_COLUMNS)) {
    for (const c of Object.keys(kinds)) {
      const rows = (
        await sql<{ k: string; n: number }>`select coalesce(nullif(split_part(${sql.ref(c)}, ':', 3), ''), '(明文)') as k, count(*)::int as n
          from ${sql.table(table)} where ${sql.ref(c)} is not null group by 1`.execute(db)
      ).rows;
      for (const r of rows) out[r.k] = (out[r.k] ?? 0) + Number(r.n);
    }
  }
  return out;
}

/** The background rotation (once across processes): every 10 minutes, and after a start with a new current key it finds the old rows. */
export const resealJob = (ctx: { db: Database; log: { info(o: unknown, m?: string): void } }) => ({
  kind: 'data-keys.reseal',
  everyMs: 10 * 60_000,
  run: async (_p: unknown, job: { signal: AbortSignal }) => {
    const rewritten = await resealAll(ctx.db, 'stale', { signal: job.signal });
    if (rewritten) ctx.log.info({ event: 'data-keys.reseal', rewritten, current: keyRingOf(ctx.db).current }, 'personal data sealed again under the current key');
  },
});
