import { sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './database';
import type { EntityFile } from '../records/entities';
import { syncEntityIndexes } from './entity-indexes';
import { syncNamedOrganFields } from './named-organs';
import { registerRecordFields, resealAll } from '../security/data-reseal';
import { renamePhoneAccounts } from '../security/account-names';
import * as m001 from './migrations/001-core';
import * as m002 from './migrations/002-records';
import * as m003 from './migrations/003-files';
import * as m004 from './migrations/004-study';
import * as m005 from './migrations/005-study-report';
import * as m006 from './migrations/006-security-limits';
import * as m007 from './migrations/007-foundations';
import * as m008 from './migrations/008-study-tail';
import * as m009 from './migrations/009-examination-rules';
import * as m010 from './migrations/010-organ-audit';
import * as m012 from './migrations/012-audit-sessions';
import * as m013 from './migrations/013-subtree-order';
import * as m014 from './migrations/014-study-plans';
import * as m015 from './migrations/015-record-indexes';
import * as m016 from './migrations/016-named-organ-path';
import * as m017 from './migrations/017-member-generation';
import * as m018 from './migrations/018-exam-library';
import * as m019 from './migrations/019-exam-papers';
import * as m020 from './migrations/020-train-classes';
import * as m021 from './migrations/021-training';
import * as m022 from './migrations/022-party-dues';
import * as m023 from './migrations/023-participant-leave';
import * as m024 from './migrations/024-big-screen-codes';
import * as m025 from './migrations/025-big-screen-info';
import * as m026 from './migrations/026-study-day-index';
import * as m027 from './migrations/027-exam-reviews';
import * as m028 from './migrations/028-jobs';
import * as m029 from './migrations/029-elder-mode';
import * as m030 from './migrations/030-member-organ-index';
import * as m032 from './migrations/032-audit-operations';
import * as m033 from './migrations/033-auth-policy';
import * as m034 from './migrations/034-security-log';
import * as m037 from './migrations/037-organ-member-counts';
import * as m038 from './migrations/038-config-overrides';
import * as m039 from './migrations/039-sealed-personal-data';
import * as m040 from './migrations/040-import-runs';
import * as m042 from './migrations/042-exam-notices';
import * as m043 from './migrations/043-member-facets';
import * as m044 from './migrations/044-study-years';
import * as m045 from './migrations/045-dues-member-index';
import * as m046 from './migrations/046-statement-aggregates';
import * as m048 from './migrations/048-phone-code-hashes';
import * as m049 from './migrations/049-phone-named-accounts';
import * as m050 from './migrations/050-offline-recorder';
import * as m051 from './migrations/051-exam-figures';

/** Migrations are listed here in order; each is plain SQL that runs on PostgreSQL 15+ and PGlite. */
const migrations: Record<string, Migration> = {
  '001-core': m001,
  '002-records': m002,
  '003-files': m003,
  '004-study': m004,
  '005-study-report': m005,
  '006-security-limits': m006,
  '007-foundations': m007,
  '008-study-tail': m008,
  '009-examination-rules': m009,
  '010-organ-audit': m010,
  '012-audit-sessions': m012,
  '013-subtree-order': m013,
  '014-study-plans': m014,
  '015-record-indexes': m015,
  '016-named-organ-path': m016,
  '017-member-generation': m017,
  '018-exam-library': m018,
  '019-exam-papers': m019,
  '020-train-classes': m020,
  '021-training': m021,
  '022-party-dues': m022,
  '023-participant-leave': m023,
  '024-big-screen-codes': m024,
  '025-big-screen-info': m025,
  '026-study-day-index': m026,
  '027-exam-reviews': m027,
  '028-jobs': m028,
  '029-elder-mode': m029,
  '030-member-organ-index': m030,
  '032-audit-operations': m032,
  '033-auth-policy': m033,
  '034-security-log': m034,
  '037-organ-member-counts': m037,
  '038-config-overrides': m038,
  '039-sealed-personal-data': m039,
  '040-import-runs': m040,
  '042-exam-notices': m042,
  '043-member-facets': m043,
  '044-study-years': m044,
  '045-dues-member-index': m045,
  '046-statement-aggregates': m046,
  '048-phone-code-hashes': m048,
  '049-phone-named-accounts': m049,
  '050-offline-recorder': m050,
  '051-exam-figures': m051,
};

/** The migrations this version knows, in order (a restore refuses a backup migrated further; readiness asks that all are applied). */
export const MIGRATION_NAMES = Object.keys(migrations);

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * `schema`: the PostgreSQL schema the migration tables live in (tests give each file its own).
 * `entities`: the entity files whose declared indexes follow the SQL migrations.
 */
export async function migrateToLatest(db: Database, schema?: string, entities?: EntityFile[]): Promise<void> {
  // Numbers are reserved per piece of work and land in the order the work does (a 038 may arrive after a
  // 042); each migration stands alone, so one missing below the newest applied is applied, not refused.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`数据库迁移失败：${failed?.migrationName ?? ''} ${String(error)}`);
  if (entities) {
    await syncEntityIndexes(db, entities);
    await syncNamedOrganFields(db, entities);
    registerRecordFields(entities);
  }
  // rows and record fields still in plain text (written before migration 039 and the sealed records, or by a
  // bulk load) are sealed before serving: search reads the hashes
  await resealAll(db, 'plaintext');
  // then accounts still named by a phone number get their generated name (the number stays usable through sign-in by phone)
  await renamePhoneAccounts(db);
}

/** The advisory lock key of the start (migrations, entity indexes, seed): any constant of our own, ≠ Kysely's migration lock. */
const START_LOCK = 0x6a64_7374; // 'jdst'

/**
 * Several machines started at once on one PostgreSQL (an upgrade rolled out to every host, or a
 * restart of all) must not migrate, create entity indexes or seed side by side: the SQL migrations
 * hold Kysely's own advisory lock, but the entity indexes and the seed after them do not, and two
 * seeds of an empty database would write the demo province twice. So the whole start holds one
 * session-level advisory lock on a connection of its own: the first process does the work, the
 * others wait and then find it done (migrations applied, users present: the seed only syncs menus).
 * PGlite is opened by one process only and needs no lock.
 */
export async function withStartLock<T>(db: Database, kind: 'postgres' | 'pglite', fn: () => Promise<T>): Promise<T> {
  if (kind !== 'postgres') return fn();
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${START_LOCK})`.execute(conn);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(${START_LOCK})`.execute(conn);
    }
  });
}
