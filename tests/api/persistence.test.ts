import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onPostgres, startTestApp, svc } from './harness';

const dir = mkdtempSync(join(tmpdir(), 'party-persist-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(onPostgres)('embedded database persistence', () => {
  it('keeps data and tokens across a restart on the same DATA_DIR, and seeds only once', { timeout: 180_000 }, async () => {
    let app = await startTestApp({ dataDir: dir });
    const token = await app.login('admin');
    const manage = await app.call('GET', svc('UserService', 'GetUserManageOrgan'), { token });
    await app.call('GET', '/api/TokenAuth/UserChangeRole', { token, query: { roleId: manage.body.result[0].roleId, organId: manage.body.result[0].organId } });
    const created = await app.call('POST', svc('ProjectService', 'CreateProject'), { token, body: { code: 'Persist01', name: '重启后仍在的项目' } });
    expect(created.status).toBe(200);
    const orgCount = (await app.db.selectFrom('organizations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    await app.close();
    // the JWT secret lives beside the data, readable by the owner only
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o077).toBe(0);

    app = await startTestApp({ dataDir: dir });
    try {
      const again = await app.call('GET', svc('ProjectService', 'GetPageProjectList'), { token, query: { MaxResultCount: 100 } });
      expect(again.status).toBe(200);
      expect(again.body.result.items.map((p: any) => p.code)).toContain('Persist01');
      const n = (await app.db.selectFrom('organizations').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
      expect(Number(n)).toBe(Number(orgCount));
    } finally {
      await app.close();
    }
  });
});
