/**
 * Member counts per organisation subtree are kept by the member writes (migration 037), not
 * recounted per call: after every kind of write — a new member, an edit of what is counted, a
 * transfer, a whole subtree moved, a status change, a soft and a hard delete, concurrent writers —
 * the kept counts equal a count of the member rows, and the 组织管理 tree and 党组织概况 answer them.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { expectKeptAsCounted, memberCounts } from '../support/member-aggregates';

let app: TestApp;
let province: { token: string; organId: number; organPath: string };
beforeAll(async () => {
  app = await startTestApp();
  province = await signInAsAdmin(app, 'admin');
});
afterAll(() => app?.close());

const expectInStep = () => expectKeptAsCounted(() => memberCounts(app.db), 10);

describe('member counts kept by the writes', () => {
  it('the seeded province: kept counts equal the member rows', () => expectInStep());

  it('after inserts, edits of what is counted, transfers, a subtree moved, status changes and deletes', async () => {
    const branches = (await sql<{ id: number; organPath: string }>`
      select o.id, o.organ_path from organizations o where exists (select 1 from party_members m where m.organ_id = o.id) order by o.id limit 3`.execute(app.db)).rows;
    const [a, b] = branches;
    const ins = await sql<{ id: number }>`
      insert into party_members (organ_id, organ_path, name, sex, party_member_type, status)
      select ${a.id}, ${a.organPath}, '计数成员' || g, 1 + g % 2, 1 + (g % 3 = 0)::int, 1 from generate_series(1, 12) g returning id`.execute(app.db);
    const ids = ins.rows.map((r) => Number(r.id));
    await expectInStep();
    await sql`update party_members set sex = 3 - sex, party_member_type = 3 - party_member_type where id = any(${ids.slice(0, 4)})`.execute(app.db);
    await sql`update party_members set organ_id = ${b.id}, organ_path = ${b.organPath} where id = any(${ids.slice(4, 7)})`.execute(app.db);
    await sql`update party_members set status = 2 where id = ${ids[7]}`.execute(app.db);
    await sql`update party_members set is_deleted = true where id = ${ids[8]}`.execute(app.db);
    await sql`delete from party_members where id = ${ids[9]}`.execute(app.db);
    await sql`update party_members set name = '只改姓名' where id = ${ids[10]}`.execute(app.db);
    // a member registered without sex or type (a registration before its audit): counted, in neither split
    await sql`update party_members set sex = null, party_member_type = null where id = ${ids[11]}`.execute(app.db).catch(() => sql`update party_members set sex = null where id = ${ids[11]}`.execute(app.db));
    await sql`insert into party_members (organ_id, organ_path, name, status) values (${a.id}, ${a.organPath}, '未填性别', 1)`.execute(app.db);
    await expectInStep();
    // a whole subtree moved under another parent: every member's path changes
    const moved = `${b.organPath}${a.id}/`;
    const move = async (from: string, to: string) => {
      for (const table of ['organizations', 'party_members']) {
        await sql`update ${sql.table(table)} set organ_path = ${to} || substr(organ_path, length(${from}) + 1) where organ_path like ${`${from}%`}`.execute(app.db);
      }
    };
    await move(a.organPath, moved);
    await expectInStep();
    await move(moved, a.organPath);
    await expectInStep();
  });

  it('concurrent writers in many branches lose no count', async () => {
    const branches = (await sql<{ id: number; organPath: string }>`
      select o.id, o.organ_path from organizations o where exists (select 1 from party_members m where m.organ_id = o.id) order by o.id desc limit 8`.execute(app.db)).rows;
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        app.db.transaction().execute(async (trx) => {
          const br = branches[i % branches.length];
          await sql`insert into party_members (organ_id, organ_path, name, sex, status) values (${br.id}, ${br.organPath}, ${`并发${i}`}, 1, 1)`.execute(trx);
          await sql`update party_members set sex = 2 where name = ${`并发${i}`}`.execute(trx);
        }),
      ),
    );
    await expectInStep();
  });

  it('the 组织管理 tree and the organisation overview answer the kept counts', async () => {
    const tree = async () => ok<{ id: number; memberCount: number }[]>(await app.call('GET', svc('OrganizationService', 'GetListByParentIdAsyncForWeb'), { token: province.token }));
    const before = (await tree())[0];
    const raw = (await memberCounts(app.db)).raw[String(before.id)].split(',').map(Number);
    expect(before.memberCount).toBe(raw[0]);
    const overview = ok<{ memberCount: number; maleCount: number; femaleCount: number }>(await app.call('GET', svc('PartyOrganizationService', 'GetOrganInfoForApp'), { token: province.token, query: { id: before.id } }));
    expect(overview.memberCount).toBe(raw[0]);
    expect([overview.maleCount, overview.femaleCount]).toEqual(raw.slice(3));
  });
});
