/**
 * The practical limit for the study-report benchmark: a minimal Fastify endpoint doing one
 * single-row upsert per request, on PostgreSQL (BASELINE_DATABASE_URL) or on PGlite persisted in a
 * temporary directory (BASELINE_DATA_DIR), as the platform's embedded default persists to DATA_DIR.
 */
import Fastify from 'fastify';

const port = Number(process.env.PORT);
const url = process.env.BASELINE_DATABASE_URL;
const UPSERT = `INSERT INTO bench_counter (user_id, day, seconds) VALUES ($1, current_date, 1)
  ON CONFLICT (user_id, day) DO UPDATE SET seconds = bench_counter.seconds + 1 RETURNING seconds`;
const CREATE = 'CREATE TABLE IF NOT EXISTS bench_counter (user_id int NOT NULL, day date NOT NULL, seconds int NOT NULL, PRIMARY KEY (user_id, day))';

let query: (sql: string, params: unknown[]) => Promise<unknown>;
if (url) {
  const pg = (await import('pg')).default;
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  query = (s, p) => pool.query(s, p);
} else {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: process.env.BASELINE_DATA_DIR || undefined });
  query = (s, p) => db.query(s, p);
}
await query(CREATE, []);
const app = Fastify();
app.post('/upsert', async (req) => {
  const userId = Number((req.body as any)?.userId ?? 1);
  await query(UPSERT, [userId]);
  return { result: { studyState: 1 }, success: true };
});
await app.listen({ port, host: '127.0.0.1' });
console.log('baseline ready');
