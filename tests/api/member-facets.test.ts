/**
 * 党员分析's figures are kept per organisation subtree by the member writes (migration 043), not
 * counted per call: after every kind of write — a new member, edits of each figure (birthday, sex,
 * nation, education, join date, duty, type; an identity card edit changes none), a transfer, a whole subtree
 * moved, a status change, a soft and a hard delete, concurrent writers — the kept rows equal a
 * count of the member rows, and the analysis answers what the member rows give, read here in
 * TypeScript from the rows themselves. The member and organisation name searches find rare and
 * absent names.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformDay } from '../../src/server/platform-day';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';
import { expectKeptAsCounted, memberFacets } from '../support/member-aggregates';

let app: TestApp;
let province: { token: string; organId: number; organPath: string };
beforeAll(async () => {
  app = await startTestApp();
  province = await signInAsAdmin(app, 'admin');
});
afterAll(() => app?.close());

const expectInStep = () => expectKeptAsCounted(() => memberFacets(app.db), 50);

/** 党员分析 of a subtree as the member rows give it, computed here (bands as the screen shows them). */
async function expectedAnalysis(organPath: string) {
  const rows = (await sql<{ addition: any; partyMember: any; sex: number | null; partyDutyCode: string | null; partyMemberType: number | null }>`
    select addition, party_member, sex, party_duty_code, party_member_type from party_members
    where organ_path like ${`${organPath}%`} and status = 1 and not is_deleted`.execute(app.db)).rows;
  const day = platformDay(app.ctx);
  const birth = (r: (typeof rows)[number]) => {
    const b = r.addition?.birthday;
    // the profile's birthday only: the identity card is sealed (migration 046)
    return typeof b === 'string' && /^\d{4}-\d{2}-\d{2}/.test(b) ? b.slice(0, 10).replace(/-/g, '') : null;
  };
  const age = (b: string | null) => {
    if (!b) return '';
    const a = Number(day.slice(0, 4)) - Number(b.slice(0, 4)) - (b.slice(4) > day.slice(5, 7) + day.slice(8, 10) ? 1 : 0);
    return a <= 30 ? '30岁及以下' : a <= 40 ? '31至40岁' : a <= 50 ? '41至50岁' : a <= 60 ? '51至60岁' : a <= 70 ? '61至70岁' : '71岁及以上';
  };
  const joined = (d: unknown) => {
    if (typeof d !== 'string' || !/^\d{4}/.test(d)) return '';
    const y = Number(d.slice(0, 4));
    return y <= 1949 ? '1949年及以前' : y <= 1978 ? '1950至1978年' : y <= 2002 ? '1979至2002年' : y <= 2012 ? '2003至2012年' : '2013年以来';
  };
  const tally = (f: (r: (typeof rows)[number]) => unknown) => {
    const out: Record<string, number> = {};
    for (const r of rows) {
      const k = f(r) == null ? '' : String(f(r));
      out[k] = (out[k] ?? 0) + 1;
    }
    return out;
  };
  return {
    total: rows.length,
    age: tally((r) => age(birth(r))),
    sex: tally((r) => r.sex),
    nation: tally((r) => r.addition?.nation || null),
    education: tally((r) => r.addition?.education || null),
    joinYear: tally((r) => joined(r.partyMember?.joinPartyDate)),
    partyDuty: tally((r) => r.partyDutyCode || null),
    memberType: tally((r) => r.partyMemberType),
  };
}
async function expectAnalysisOf(organPath: string) {
  const r = ok(await app.call('GET', svc('PartyMemberService', 'Analysis'), { token: province.token, query: { organPath } }));
  const want = await expectedAnalysis(organPath);
  expect(r.totals.count).toBe(want.total);
  const got = Object.fromEntries(r.groups.map((g: { key: string; rows: { key: string; label: string; count: number }[] }) => [
    g.key, Object.fromEntries(g.rows.map((x) => [g.key === 'age' || g.key === 'joinYear' ? (x.key ? x.label : '') : x.key, x.count])),
  ]));
  for (const k of ['age', 'sex', 'nation', 'education', 'joinYear', 'partyDuty', 'memberType'] as const) expect(got[k], k).toEqual(want[k]);
  expect(r.rows.reduce((n: number, x: { count: number }) => n + x.count, 0)).toBe(want.total);
}

describe('党员分析 kept by the writes', () => {
  it('the seeded province: kept figures equal the member rows, and the analysis answers them', async () => {
    await expectInStep();
    await expectAnalysisOf(province.organPath);
  });

  it('after inserts, edits of every figure, transfers, a subtree moved, status changes and deletes', async () => {
    const branches = (await sql<{ id: number; organPath: string }>`
      select o.id, o.organ_path from organizations o where exists (select 1 from party_members m where m.organ_id = o.id) order by o.id limit 2`.execute(app.db)).rows;
    const [a, b] = branches;
    const ins = await sql<{ id: number }>`
      insert into party_members (organ_id, organ_path, name, sex, party_member_type, status, id_card, addition, party_member, party_duty_code)
      select ${a.id}, ${a.organPath}, '分析成员' || g, 1 + g % 2, 1 + (g % 3 = 0)::int, 1,
        case when g % 2 = 0 then '51010519' || lpad((60 + g)::text, 2, '0') || '0315001X' end,
        jsonb_build_object('nation', lpad((1 + g % 3)::text, 2, '0'), 'education', (g % 4)::text) || case when g % 3 = 0 then jsonb_build_object('birthday', (date '1995-06-15' + g * 400)::text) else '{}'::jsonb end,
        jsonb_build_object('joinPartyDate', (date '1948-01-01' + g * 1500)::text), case when g % 4 = 0 then '02' end
      from generate_series(1, 16) g returning id`.execute(app.db);
    const ids = ins.rows.map((r) => Number(r.id));
    await expectInStep();
    await sql`update party_members set addition = addition || '{"birthday": "1970-02-28"}' where id = ${ids[0]}`.execute(app.db);
    await sql`update party_members set id_card = '510105200001010017' where id = ${ids[1]}`.execute(app.db);
    await sql`update party_members set addition = addition || '{"nation": "05", "education": ""}' where id = ${ids[2]}`.execute(app.db);
    await sql`update party_members set party_member = party_member || '{"joinPartyDate": "不详"}', party_duty_code = '01' where id = ${ids[3]}`.execute(app.db);
    await sql`update party_members set sex = 3 - sex, party_member_type = 3 - party_member_type where id = any(${ids.slice(4, 6)})`.execute(app.db);
    await sql`update party_members set organ_id = ${b.id}, organ_path = ${b.organPath} where id = any(${ids.slice(6, 9)})`.execute(app.db);
    await sql`update party_members set status = 2 where id = ${ids[9]}`.execute(app.db);
    await sql`update party_members set is_deleted = true where id = ${ids[10]}`.execute(app.db);
    await sql`delete from party_members where id = ${ids[11]}`.execute(app.db);
    await sql`update party_members set name = '只改姓名' where id = ${ids[12]}`.execute(app.db);
    await sql`update party_members set status = 1 where id = ${ids[9]}`.execute(app.db);
    await expectInStep();
    await expectAnalysisOf(province.organPath);
    await expectAnalysisOf(a.organPath);
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
          await sql`insert into party_members (organ_id, organ_path, name, sex, status, addition) values (${br.id}, ${br.organPath}, ${`并发分析${i}`}, 1, 1, ${JSON.stringify({ birthday: `19${50 + i}-05-0${1 + (i % 9)}`, nation: '01' })})`.execute(trx);
          await sql`update party_members set sex = 2, addition = addition || '{"education": "3"}' where name = ${`并发分析${i}`}`.execute(trx);
        }),
      ),
    );
    await expectInStep();
    await expectAnalysisOf(province.organPath);
  });
});

describe('the age comes from the profile\'s birthday, never the sealed identity card', () => {
  it('a member with a sealed number and a birthday is in his birthday\'s band; without a birthday, 未填写', async () => {
    const parent = (await sql<{ id: number; organPath: string }>`select id, organ_path from organizations where parent_id is not null order by organ_level desc, id limit 1`.execute(app.db)).rows[0];
    const id = Number((await sql<{ m: number }>`select max(id) + 1000 as m from organizations`.execute(app.db)).rows[0].m);
    const organPath = `${parent.organPath}${id}/`;
    await sql`insert into organizations (id, parent_id, organ_name, organ_path, organ_level, sort, status, extra, creation_time, audit_status)
      values (${id}, ${parent.id}, '年龄测试支部', ${organPath}, 5, 1, 1, '{}'::jsonb, now(), 1)`.execute(app.db);
    // 35 on the platform day (born on 1 January); the number says 1950 (76)
    const year = Number(platformDay(app.ctx).slice(0, 4)) - 35;
    const member = (name: string, idCard: string, addition: object) =>
      ({ organId: id, organPath, name, sex: 1, status: 1, partyMemberType: 1, idCard, addition: JSON.stringify(addition) }) as any;
    await app.db.insertInto('partyMembers').values([
      member('年龄甲', '510105195001010011', { birthday: `${year}-01-01` }),
      member('年龄乙', '510105195001010038', {}),
    ]).execute();
    const stored = (await sql<{ p: string }>`select left(id_card, 5) as p from party_members where organ_id = ${id}`.execute(app.db)).rows;
    expect(stored.map((r) => r.p)).toEqual(['enc1:', 'enc1:']);
    const r = ok(await app.call('GET', svc('PartyMemberService', 'Analysis'), { token: province.token, query: { organPath } }));
    const age = r.groups.find((g: { key: string }) => g.key === 'age').rows.filter((x: { count: number }) => x.count > 0).map((x: { label: string; count: number }) => [x.label, x.count]);
    expect(Object.fromEntries(age)).toEqual({ '31至40岁': 1, 未填写: 1 });
    await expectInStep();
  });
});

describe('member name search', () => {
  it('finds a rare name, a one-character part and nothing for an absent one, inside the subtree', async () => {
    const branch = (await sql<{ id: number; organPath: string }>`select id, organ_path from organizations where parent_id is not null order by organ_level desc, id limit 1`.execute(app.db)).rows[0];
    await sql`insert into party_members (organ_id, organ_path, name, sex, status, user_id) values (${branch.id}, ${branch.organPath}, '欧阳稀名', 1, 1, null), (${branch.id}, ${branch.organPath}, '稀名%_', 1, 1, null)`.execute(app.db);
    const search = async (name: string) =>
      ok<{ totalCount: number; items: { name: string }[] }>(await app.call('GET', svc('PartyMemberService', 'SearchPageList'), { token: province.token, query: { name, skipCount: 0, maxResultCount: 10 } }));
    expect((await search('阳稀名')).items.map((i) => i.name)).toEqual(['欧阳稀名']);
    expect((await search('稀名')).items.map((i) => i.name).sort()).toEqual(['欧阳稀名', '稀名%_'].sort());
    // % and _ are letters of the name, not wildcards
    expect((await search('名%_')).items.map((i) => i.name)).toEqual(['稀名%_']);
    expect((await search('名__')).totalCount).toBe(0);
    expect((await search('不存在的名字')).totalCount).toBe(0);
    const one = await search('稀');
    expect(one.items.map((i) => i.name).sort()).toEqual(['欧阳稀名', '稀名%_'].sort());
    // the same members as a plain LIKE over the subtree
    const like = Number((await sql<{ n: number }>`select count(*) as n from party_members where name like '%党%' and status = 1 and not is_deleted`.execute(app.db)).rows[0].n);
    expect((await search('党')).totalCount).toBe(Math.min(like, 101));
  });

  it('organisation names: a rare part, an absent one, % and _ as letters', async () => {
    const find = async (organName: string) =>
      ok<{ organName: string }[]>(await app.call('GET', svc('OrganizationService', 'GetBranchOrganListByName'), { token: province.token, query: { organName } })).map((o) => o.organName);
    const all = (await sql<{ organName: string }>`select organ_name from organizations where not is_deleted and audit_status = 1 and organ_name like '%温江%'`.execute(app.db)).rows.map((r) => r.organName);
    expect(all.length).toBeGreaterThan(0);
    expect((await find('温江')).sort()).toEqual(all.slice(0, 50).sort());
    expect(await find('没有这个组织')).toEqual([]);
    expect(await find('温江_')).toEqual([]);
  });
});
