/**
 * npm run security-log:verify — walks the security log's hash chain and names the first broken link
 * (docs/SECURITY.md §14). On PostgreSQL (DATABASE_URL) while the servers run; on the embedded
 * database (DATA_DIR) only while the server is stopped (PGlite opens its directory in one process).
 * Exit status 0: intact; 1: broken.
 */
import { openDatabase } from '../src/server/db/database';
import { verifySecurityLog } from '../src/server/security/security-log';
import { resolve } from 'node:path';

const url = process.env.DATABASE_URL;
const { db } = await openDatabase(url ? { url } : { dataDir: resolve(process.env.DATA_DIR || './data') });
try {
  const check = await verifySecurityLog(db);
  if (check.valid) console.log(`安全日志摘要链完整：已校验 ${check.checked} 条记录（算法 ${check.algorithm.toUpperCase()}，已清理至第 ${check.prunedThrough} 条）`);
  else console.log(`安全日志摘要链断裂：${check.firstBroken!.reason}（第一处断链：第 ${check.firstBroken!.seq} 条）`);
  process.exitCode = check.valid ? 0 : 1;
} finally {
  await db.destroy();
}
