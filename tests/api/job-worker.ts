/**
 * One "machine" of tests/api/jobs.test.ts's two-process test: a job runner on TEST_DATABASE_URL in
 * the schema JOB_SCHEMA, group WORKER_GROUP, cap 1, a two-second lease. Its job counts itself in
 * job_probe (active now, most at once, per group), waits until job_probe_go has a row, and records
 * which group finished it.
 */
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/database';
import { JobRunner } from '../../src/server/jobs/runner';

const group = process.env.WORKER_GROUP!;
const { db } = await openDatabase({ url: process.env.TEST_DATABASE_URL!, schema: process.env.JOB_SCHEMA! });
const runner = new JobRunner({ db, now: () => new Date(), log: { warn: (o, m) => console.error(m, o) }, group, pollMs: 100, leaseMs: 2000, retryBaseMs: 0, maxAttempts: 3, stopGraceMs: 0 });
runner.register<{ n: number }>({
  kind: 'test.procs',
  concurrency: 1,
  run: async (_p, job) => {
    await sql`UPDATE job_probe SET active = active + 1, max = greatest(max, active + 1) WHERE grp = ${group}`.execute(db);
    while (!(await sql`SELECT 1 FROM job_probe_go`.execute(db)).rows.length) await new Promise((r) => setTimeout(r, 100));
    const key = (await sql<{ key: string }>`SELECT key FROM jobs WHERE id = ${job.id}`.execute(db)).rows[0].key;
    await sql`INSERT INTO job_probe_done (n, grp) VALUES (${key}, ${group})`.execute(db);
    await sql`UPDATE job_probe SET active = active - 1 WHERE grp = ${group}`.execute(db);
  },
});
await runner.start();
process.on('SIGTERM', () => void runner.stop(0).then(() => db.destroy()).then(() => process.exit(0)));
