/**
 * A database seeded by an earlier version gains the product's new built-in menus at the next start
 * (granted to the built-in roles as the seed would), while what administrators did stays done: a
 * menu they deleted is not offered again, a menu they took from a role is not given back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../src/server/db/seed';
import { startTestApp, type TestApp } from './harness';

let app: TestApp;
const AUDIT = 'Pages.Administration.AuditLogs';

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const menuOf = (permissionName: string) => app.db.selectFrom('menus').select(['id', 'parentId', 'displayName', 'tags']).where('permissionName', '=', permissionName).execute();
const roleId = async (name: string) => (await app.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const granted = async (role: string, menuId: number) =>
  !!(await app.db.selectFrom('roleMenus').select('menuId').where('roleId', '=', await roleId(role)).where('menuId', '=', menuId).executeTakeFirst());
const menuCount = async () => Number((await app.db.selectFrom('menus').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('built-in menus at a later start', () => {
  it('adds what an older database lacks, under the same parent, granted as the seed grants', async () => {
    const [before] = await menuOf(AUDIT);
    expect(before).toBeDefined();
    const total = await menuCount();
    // a database from before 审计日志 existed, and before the record of offered menus
    await app.db.deleteFrom('menus').where('id', '=', before.id).execute();
    await app.db.deleteFrom('settings').where('key', '=', 'menus:builtIn').execute();

    const report = await seed(app.ctx);
    expect(report.accounts).toEqual([]);
    expect(report.notes.join()).toContain('审计日志');
    const [after] = await menuOf(AUDIT);
    expect(after).toMatchObject({ parentId: before.parentId, displayName: before.displayName, tags: before.tags });
    expect(await menuCount()).toBe(total);
    expect(await granted('ProvinceAdmin', after.id)).toBe(true);
    expect(await granted('PartyMember', after.id)).toBe(false);
    expect(await app.db.selectFrom('tenantMenus').select('menuId').where('menuId', '=', after.id).executeTakeFirst()).toBeDefined();

    // nothing more at the next start
    expect((await seed(app.ctx)).notes).toEqual([]);
    expect(await menuCount()).toBe(total);
  });

  it('leaves deleted menus deleted and revoked grants revoked', async () => {
    const [audit] = await menuOf(AUDIT);
    await app.db.deleteFrom('menus').where('id', '=', audit.id).execute();
    const [online] = await menuOf('Pages.Administration.OnlineUsers');
    await app.db.deleteFrom('roleMenus').where('roleId', '=', await roleId('ProvinceAdmin')).where('menuId', '=', online.id).execute();

    expect((await seed(app.ctx)).notes).toEqual([]);
    expect(await menuOf(AUDIT)).toEqual([]);
    expect(await granted('ProvinceAdmin', online.id)).toBe(false);
  });
});
