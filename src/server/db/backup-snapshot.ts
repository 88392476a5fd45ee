import { cp, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ok } from '../http/envelope';
import { forbidden, unauthorized } from '../http/errors';
import { verifyPurposeToken } from '../files/tokens';
import { whileEmbeddedIdle } from './database';

/**
 * The online backup of the embedded database (`npm run backup`, scripts/backup.ts). PGlite is open in
 * the server process only, so the backup script asks the running server: `POST /ops/backup-snapshot`
 * copies the data directory — everything but the uploaded files and earlier snapshots — into
 * `DATA_DIR/.backup/<id>/` while the database is idle (`whileEmbeddedIdle`), and answers the folder's
 * name; the script archives it and removes it. A copy of the directory within one filesystem takes
 * a second or two for a province's database; requests wait that long, none fails.
 *
 * Who may ask: whoever holds the token secret (`JWT_SECRET`, else `DATA_DIR/jwt-secret`) — the
 * operator on the machine, who can read the data directory anyway. The token is a purpose token
 * (`backup`, one minute), never a sign-in; the shipped nginx site does not pass `/ops/` on.
 */
export const SNAPSHOT_DIR = '.backup';
/** What a snapshot leaves out of DATA_DIR: the uploaded files (archived by the script after), snapshots, PGlite's pid file. */
export const NOT_IN_SNAPSHOT = new Set(['files', SNAPSHOT_DIR, 'postmaster.pid']);

export function registerBackupSnapshot(app: FastifyInstance, ctx: AppContext) {
  app.post('/ops/backup-snapshot', { schema: { hide: true } }, async (req) => {
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) throw unauthorized();
    if (!verifyPurposeToken(ctx.config.jwtSecret, 'backup', token, Date.now())) throw forbidden();
    const dataDir = ctx.config.dataDir;
    if (ctx.dbKind !== 'pglite' || !dataDir) throw forbidden('服务器未使用内嵌数据库：请用 pg_dump 备份 PostgreSQL（npm run backup 会自动处理）');
    const id = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
    const dest = join(dataDir, SNAPSHOT_DIR, id, 'data');
    await mkdir(dest, { recursive: true });
    const started = Date.now();
    try {
      await whileEmbeddedIdle(ctx.db, async () => {
        for (const name of await readdir(dataDir)) {
          if (!NOT_IN_SNAPSHOT.has(name)) await cp(join(dataDir, name), join(dest, name), { recursive: true, preserveTimestamps: true });
        }
      });
    } catch (err) {
      await rm(join(dataDir, SNAPSHOT_DIR, id), { recursive: true, force: true });
      throw err;
    }
    req.log.info({ snapshot: id, ms: Date.now() - started }, 'backup snapshot of the embedded database');
    return ok({ snapshot: id, idleMs: Date.now() - started });
  });
}
