/**
 * Sealing rows again under the current key, in bounded batches while the platform serves (rotation,
 * docs/SECURITY.md §19): at start the rows still in plain text (before migration 039, a bulk load),
 * then in the background (the job `data-keys.reseal`, once across processes) every value sealed under
 * another key or scheme. A row changed between the read and the write of its batch is left for the next
 * round (the write checks the stored text is still what was read), so no edit is lost.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { keyRingOf, type Database } from '../db/database';
import { SEALED_COLUMNS, SEALED_JSON } from '../db/sealed-columns';
import { hashKeyOf, looksSealed, open, seal, SEALED_PREFIX, searchHash, type KeyRing, type SealedKind } from './data-cipher';

export const RESEAL_BATCH = 500;

type Mode = 'plaintext' | 'stale';

// raw rows come back through CamelCasePlugin
const field = (r: Record<string, unknown>, name: string) => r[name.replace(/_(\w)/g, (_, ch: string) => ch.toUpperCase())] ?? r[name] ?? null;

/** What one table seals: its columns (with search hashes) and the keys of its JSON columns. */
type Target = { column: string; kind: SealedKind | null; json?: { column: string; key: string } };
function targets(table: string): Target[] {
  const cols: Target[] = Object.entries(SEALED_COLUMNS[table]).map(([column, kind]) => ({ column, kind }));
  for (const [column, keys] of Object.entries(SEALED_JSON[table] ?? {})) for (const key of keys) cols.push({ column: snake(key), kind: null, json: { column, key } });
  return cols;
}
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** The stored text of a target, in SQL. */
const stored = (t: Target, alias?: string) => (t.json ? sql`${sql.ref(alias ? `${alias}.${t.json.column}` : t.json.column)}->>${t.json.key}` : sql.ref(alias ? `${alias}.${t.column}` : t.column));

/**
 * The condition a row needs work under: a value without its hash, or sealed under a key or scheme other than the current.
 * 'plaintext' is literal SQL (no parameters), so the planner can match it to the partial index of the same text (below).
 */
function needsWork(ring: KeyRing, table: string, list: Target[], mode: Mode) {
  if (mode === 'plaintext') return sql.raw(plaintextPredicate(table));
  const prefix = `enc1:${ring.cipher}:${ring.current}:`;
  return sql.join(list.map((t) => sql`(coalesce(${stored(t)}, '') <> '' and left(${stored(t)}, ${prefix.length}) <> ${prefix})`), sql` or `);
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
/** A table's plain-text condition as SQL text: the predicate of its partial index and the start's batch query alike. */
export function plaintextPredicate(table: string): string {
  return targets(table)
    .map((t) => {
      if (t.kind) return `(${ident(t.column)} IS NOT NULL AND ${ident(`${t.column}_hash`)} IS NULL)`;
      const v = `(${ident(t.json!.column)} ->> ${literal(t.json!.key)})`;
      return `(coalesce(${v}, '') <> '' AND left(${v}, 5) <> 'enc1:')`;
    })
    .join(' OR ');
}

/** A record field's plain-text condition as SQL text (its entity's records with the value not sealed). */
function recordPlainPredicate(f: RecordField): string {
  const v = `(data ->> ${literal(f.field)})`;
  return `(entity = ${literal(f.entity)} AND coalesce(${v}, '') <> '' AND left(${v}, 5) <> 'enc1:')`;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex').slice(0, 8);
const PLAIN_PREFIX = (table: string) => `ix_${table}_plain_`;
/** The partial index of a table's rows in plain text, named by its predicate: a change of the sealed columns makes a new one. */
export const plaintextIndexName = (table: string) => `${PLAIN_PREFIX(table)}${md5(plaintextPredicate(table))}`;
const recordIndexName = (f: RecordField) => `${PLAIN_PREFIX('records')}${md5(recordPlainPredicate(f))}`;

/** Every partial index of values still in plain text: one a sealed table, one a sensitive record field. */
const plaintextIndexes = () => [
  ...Object.keys(SEALED_COLUMNS).map((table) => ({ table, name: plaintextIndexName(table), predicate: plaintextPredicate(table) })),
  ...recordFields.map((f) => ({ table: 'records', name: recordIndexName(f), predicate: recordPlainPredicate(f) })),
];

/**
 * At start, the rows still in plain text — of each sealed table, and of each sensitive field of the
 * configured records — are found through a partial index holding exactly them: empty once sealed, so
 * the start's check reads empty indexes instead of scanning members, accounts and records
 * (docs/BENCHMARKS.md "Personal data at rest"). Made here, not in a migration, so that they follow
 * SEALED_COLUMNS and the entity files: an index of another predicate is dropped and the new one made
 * (once: a scan of the table).
 */
export async function syncPlaintextIndexes(db: Database): Promise<void> {
  const wanted = plaintextIndexes();
  for (const table of new Set(wanted.map((w) => w.table))) {
    const prefix = PLAIN_PREFIX(table);
    const existing = (await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = ${table} and schemaname = current_schema() and left(indexname, ${prefix.length}) = ${prefix}`.execute(db)).rows.map((r) => r.indexname);
    for (const name of existing) if (!wanted.some((w) => w.name === name)) await sql.raw(`DROP INDEX IF EXISTS ${ident(name)}`).execute(db);
    for (const w of wanted.filter((x) => x.table === table && !existing.includes(x.name))) await sql.raw(`CREATE INDEX IF NOT EXISTS ${ident(w.name)} ON ${ident(table)} (id) WHERE ${w.predicate}`).execute(db);
  }
}

/** The rows of one batch: their stored values and md5s, after `afterId` (the start's plain-text batch reads the partial index). */
export function batchQuery(ring: KeyRing, table: string, mode: Mode, afterId: number, limit: number) {
  const list = targets(table);
  // the values come back opened under their own names (so a value failing its check throws, never
  // passes as text to seal); md5 of the stored text guards the write
  return sql<Record<string, string | number | null>>`select id, ${sql.join(list.map((t) => sql`${stored(t)} as ${sql.ref(t.column)}, md5(${stored(t)}) as ${sql.ref(`d_${t.column}`)}`))}
      from ${sql.table(table)} where id > ${afterId} and (${needsWork(ring, table, list, mode)}) order by id limit ${limit}`;
}

/** One batch of one table after `afterId`; the last id looked at (null when the table is done) and the rows rewritten. */
async function resealBatch(db: Database, ring: KeyRing, table: string, mode: Mode, afterId: number, limit: number): Promise<{ lastId: number | null; rewritten: number }> {
  const list = targets(table);
  const rows = (await batchQuery(ring, table, mode, afterId, limit).execute(db)).rows;
  if (!rows.length) return { lastId: null, rewritten: 0 };
  const values = rows.map(
    (r) => sql`(${Number(r.id)}::bigint, ${sql.join(list.flatMap((t) => {
      const raw = field(r, t.column) as string | null;
      const v = raw === '' ? null : raw;
      return [sql`${v === null ? null : seal(ring, v)}::text`, sql`${v === null || !t.kind ? null : searchHash(ring, t.kind, v)}::text`, sql`${field(r, `d_${t.column}`)}::text`];
    }))})`,
  );
  const names = ['id', ...list.flatMap((t) => [`s_${t.column}`, `h_${t.column}`, `d_${t.column}`])];
  const sets = list.filter((t) => t.kind).flatMap((t) => [sql`${sql.ref(t.column)} = v.${sql.ref(`s_${t.column}`)}`, sql`${sql.ref(`${t.column}_hash`)} = v.${sql.ref(`h_${t.column}`)}`]);
  const jsonColumns = [...new Set(list.filter((t) => t.json).map((t) => t.json!.column))];
  for (const jc of jsonColumns) {
    let expr = sql`t.${sql.ref(jc)}`;
    for (const t of list.filter((x) => x.json?.column === jc)) expr = sql`(case when v.${sql.ref(`s_${t.column}`)} is null then ${expr} else jsonb_set(${expr}, ${`{${t.json!.key}}`}::text[], to_jsonb(v.${sql.ref(`s_${t.column}`)})) end)`;
    sets.push(sql`${sql.ref(jc)} = ${expr}`);
  }
  const res = await sql`update ${sql.table(table)} as t set ${sql.join(sets)}
    from (values ${sql.join(values)}) as v(${sql.join(names.map((n) => sql.ref(n)))})
    where t.id = v.id and ${sql.join(list.map((t) => sql`md5(${stored(t, 't')}) is not distinct from v.${sql.ref(`d_${t.column}`)}`), sql` and `)}`.execute(db);
  return { lastId: Number(rows.at(-1)!.id), rewritten: Number(res.numAffectedRows ?? 0) };
}

/** Every sealed table, batch after batch; `signal` stops between batches. Returns the rows rewritten. */
export async function resealAll(db: Database, mode: Mode, opts: { ring?: KeyRing; limit?: number; signal?: AbortSignal } = {}): Promise<number> {
  const ring = opts.ring ?? keyRingOf(db);
  if (mode === 'plaintext') await syncPlaintextIndexes(db);
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
  return total + (await sealRecordFields(db, mode, { ring, limit: opts.limit, signal: opts.signal }));
}

/** The ids of the keys the stored values are sealed under, with their counts (what must stay configured). */
export async function keysInUse(db: Database): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of Object.keys(SEALED_COLUMNS)) {
    for (const t of targets(table)) {
      const rows = (
        await sql<{ k: string; n: number }>`select case when left(${stored(t)}, 5) = 'enc1:' then split_part(${stored(t)}, ':', 3) else '(明文)' end as k, count(*)::int as n
          from ${sql.table(table)} where coalesce(${stored(t)}, '') <> '' group by 1`.execute(db)
      ).rows;
      for (const r of rows) out[r.k] = (out[r.k] ?? 0) + Number(r.n);
    }
  }
  for (const { entity, field } of recordFields) {
    const v = sql`data->>${field}`;
    const rows = (
      await sql<{ k: string; n: number }>`select case when left(${v}, 5) = 'enc1:' then split_part(${v}, ':', 3) else '(明文)' end as k, count(*)::int as n
        from records where entity = ${entity} and coalesce(${v}, '') <> '' group by 1`.execute(db)
    ).rows;
    for (const r of rows) out[r.k] = (out[r.k] ?? 0) + Number(r.n);
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

/**
 * Configured records (the record store's JSON `data`) seal their `x-sensitive` fields too, each with its
 * search hash beside it (`<field>@hash`), written by the store (`records/store.ts` storedData). The
 * fields come from the entity files, registered at start (`registerRecordFields`), so that the start's
 * check, the rotation and the key count cover them as they cover the sealed columns.
 */
type RecordField = { entity: string; field: string; kind: SealedKind };
let recordFields: RecordField[] = [];
type SensitiveEntity = { name: string; schema: { properties: Record<string, { 'x-sensitive'?: SealedKind }> } };

/** The entities' sensitive fields, registered at start before the check for plain values (resealAll). */
export function registerRecordFields(entities: SensitiveEntity[]): void {
  recordFields = entities.flatMap((e) => Object.entries(e.schema.properties).flatMap(([field, f]) => (f['x-sensitive'] ? [{ entity: e.name, field, kind: f['x-sensitive'] }] : [])));
}

/** The registered sensitive record fields (what the start's check and the rotation cover). */
export const registeredRecordFields = (): readonly RecordField[] => recordFields;

/** One batch of a record field's values needing work after `afterId` (the 'plaintext' one reads its partial index). */
export function recordBatchQuery(ring: KeyRing, f: RecordField, mode: Mode, afterId: number, limit: number) {
  const current = `${SEALED_PREFIX}${ring.cipher}:${ring.current}:`;
  const needs = mode === 'plaintext' ? sql.raw(recordPlainPredicate(f)) : sql`entity = ${f.entity} and coalesce(data->>${f.field}, '') <> '' and left(data->>${f.field}, ${current.length}) <> ${current}`;
  return sql<{ id: number; v: string }>`select id, data->>${f.field} as v from records where id > ${afterId} and ${needs} order by id limit ${limit}`;
}

/**
 * Seals the records' `x-sensitive` values still in plain text (written before the store sealed them,
 * or loaded in bulk; read through their partial index) — or, `stale`, those sealed under another key
 * or scheme — a batch a statement; each write checks the stored text is still what was read. Answers
 * the values rewritten.
 */
export async function sealRecordFields(db: Database, mode: Mode, opts: { ring?: KeyRing; limit?: number; signal?: AbortSignal } = {}): Promise<number> {
  const ring = opts.ring ?? keyRingOf(db);
  let total = 0;
  for (const f of recordFields) {
    let afterId = 0;
    for (;;) {
      if (opts.signal?.aborted) return total;
      // read past the plugin: the stored text, not the opened value
      const rows = (await recordBatchQuery(ring, f, mode, afterId, opts.limit ?? RESEAL_BATCH).execute(db.withoutPlugins())).rows;
      if (!rows.length) break;
      // a sealed value that fails its check throws here, never passes as text to seal
      const values = rows.map((r) => {
        const plain = looksSealed(r.v) ? open(ring, r.v) : r.v;
        return sql`(${Number(r.id)}::bigint, ${seal(ring, plain)}::text, ${searchHash(ring, f.kind, plain)}::text, ${r.v}::text)`;
      });
      const res = await sql`update records as r set data = r.data || jsonb_build_object(${f.field}::text, v.sealed, ${hashKeyOf(f.field)}::text, v.hash)
        from (values ${sql.join(values)}) as v(id, sealed, hash, was)
        where r.id = v.id and r.data->>${f.field} = v.was`.execute(db);
      total += Number(res.numAffectedRows ?? 0);
      afterId = Number(rows.at(-1)!.id);
    }
  }
  return total;
}
