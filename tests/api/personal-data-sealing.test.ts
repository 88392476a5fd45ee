/**
 * Personal data sealed at rest (docs/SECURITY.md §19): the sealed columns hold no plain text, exact
 * search and sign-in by phone still work, a key rotation rewrites every row without losing one, and a
 * changed ciphertext is an error, never garbage. Runs on PGlite and on PostgreSQL (api-pg).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { open, sealedKeyId, searchHash, type KeyRing } from '../../src/server/security/data-cipher';
import { renamePhoneAccounts } from '../../src/server/security/account-names';
import { loadKeyRing } from '../../src/server/security/data-keys';
import { batchQuery, keysInUse, plaintextIndexName, recordBatchQuery, registeredRecordFields, resealAll } from '../../src/server/security/data-reseal';
import { SEALED_COLUMNS } from '../../src/server/db/sealed-columns';
import { phoneNamedBatch } from '../../src/server/security/account-names';
import { ok, signInAsAdmin, startTestApp, svc, type TestApp } from './harness';

const S = (a: string) => svc('PartyMemberService', a);
const key = () => randomBytes(32).toString('base64');
// a ring of its own (SM4), so that rotation may add a key to it while the server runs
const ring: KeyRing = loadKeyRing({ DATA_CIPHER: 'sm4', DATA_KEYS: `index:${key()},a:${key()}` });
let app: TestApp;
let admin: { token: string; organPath: string };

/** The stored text of the sealed columns, read past the plugin. */
const stored = async () => {
  const raw = app.db.withoutPlugins();
  const members = (await sql<{ id: number; id_card: string | null; phone_number: string | null; id_card_hash: string | null }>`select id, id_card, phone_number, id_card_hash from party_members order by id`.execute(raw)).rows;
  const users = (await sql<{ id: number; phone_number: string | null }>`select id, phone_number from users order by id`.execute(raw)).rows;
  return { members, users, values: [...members.flatMap((m) => [m.id_card, m.phone_number]), ...users.map((u) => u.phone_number)].filter((v): v is string => v !== null) };
};

beforeAll(async () => {
  app = await startTestApp({ keyRing: ring });
  admin = await signInAsAdmin(app, 'admin');
});
afterAll(async () => {
  await app?.close();
});

describe('personal data at rest', () => {
  it('the seed writes nothing in plain text: right after it the start\'s check finds nothing to seal', async () => {
    // (the start's own check ran before the seed: the seed's bulk inserts seal as they write)
    expect(await resealAll(app.db, 'plaintext')).toBe(0);
  });

  it('the ID card and phone columns hold ciphertext only, and no plain number of the demo is anywhere in the tables', async () => {
    const { members, values } = await stored();
    expect(members.length).toBeGreaterThan(20);
    expect(values.length).toBeGreaterThan(40);
    for (const v of values) expect(v).toMatch(/^enc1:sm4:a:[A-Za-z0-9_-]+$/);
    // the plain numbers, read through the platform, appear in no column of either table
    const plain = await app.db.selectFrom('partyMembers').select(['idCard', 'phoneNumber']).where('idCard', 'is not', null).execute();
    expect(plain[0].idCard).toMatch(/^\d{17}[\dX]$/);
    const dump = (await sql<{ t: string }>`select string_agg(p::text, '|') as t from party_members p`.execute(app.db.withoutPlugins())).rows[0].t;
    // every column of users, the user name too: a member's account is named dy<id>, never by his number
    const users = (await sql<{ t: string }>`select string_agg(to_jsonb(u)::text, '|') as t from users u`.execute(app.db.withoutPlugins())).rows[0].t;
    for (const p of plain.slice(0, 20)) {
      expect(dump).not.toContain(p.idCard!);
      expect(dump + users).not.toContain(p.phoneNumber!);
    }
    expect(users).not.toContain('13800000001');
    // the profile's second phone (addition.mobilePhone) is sealed too, and read back opened
    const withMobile = await app.db.selectFrom('partyMembers').select(['id', 'addition']).where(sql<boolean>`addition ? 'mobilePhone'`).orderBy('id').executeTakeFirstOrThrow();
    expect((withMobile.addition as { mobilePhone: string }).mobilePhone).toMatch(/^1\d{10}$/);
  });

  it('finds a member by his whole ID card and phone number (exact match), not by a part of them', async () => {
    const m = await app.db.selectFrom('partyMembers').select(['id', 'idCard', 'phoneNumber']).where('idCard', 'is not', null).where('phoneNumber', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const list = async (q: Record<string, unknown>) => ok(await app.call('GET', S('PageList'), { token: admin.token, query: { organPath: admin.organPath, SkipCount: 0, MaxResultCount: 10, ...q } })).items.map((i: { id: number }) => i.id);
    expect(await list({ idCard: m.idCard!.toLowerCase() })).toEqual([m.id]);
    expect(await list({ phoneNumber: m.phoneNumber })).toContain(m.id);
    expect(await list({ keyword: m.idCard })).toEqual([m.id]);
    expect(await list({ idCard: m.idCard!.slice(0, 10) })).toEqual([]);
  });

  it('no account is named by a phone number; a bulk member signs in with his number (its hash) and is dy<id>', async () => {
    const raw = app.db.withoutPlugins();
    expect((await sql<{ n: number }>`select count(*)::int as n from users where user_name ~ '^1[0-9]{10}$'`.execute(raw)).rows[0].n).toBe(0);
    // a bulk member: his number read from the table and opened with the platform's own code
    const bulk = (await sql<{ id: number; phone_number: string }>`select id, phone_number from users where user_name ~ '^dy[0-9]+$' and phone_number is not null order by id limit 1`.execute(raw)).rows[0];
    const phone = open(ring, bulk.phone_number);
    expect(phone).toMatch(/^1\d{10}$/);
    const token = await app.login(phone);
    const me = ok(await app.call('GET', svc('PartyMemberService', 'GetCurrentUserSessionData'), { token }));
    expect(me.userName).toBe(`dy${bulk.id}`);
    // an administrator's new member gets a generated name too, and signs in by his number
    const organId = (await app.db.selectFrom('organizations').select('id').where('organPath', '=', admin.organPath).executeTakeFirstOrThrow()).id;
    const created = ok(await app.call('POST', S('SimpleCreate'), { token: admin.token, body: { name: '命名测试', organId, phoneNumber: '13966660001', idCard: '110105194912310038', sex: 1 } }));
    const account = await app.db.selectFrom('partyMembers as m').innerJoin('users as u', 'u.id', 'm.userId').select(['u.id', 'u.userName']).where('m.id', '=', Number(created.id)).executeTakeFirstOrThrow();
    expect(account.userName).toBe(`dy${account.id}`);
    const initial = /初始密码([^，,\s]+)/.exec(app.sms.sent.get('13966660001')!)![1];
    expect(await app.login('13966660001', initial)).toBeTruthy();
  });

  it('an account still named by its phone number is renamed at start; the old name signs in as the number it is', async () => {
    const raw = app.db.withoutPlugins();
    const member = (await sql<{ password_hash: string; organ_id: number }>`select password_hash, organ_id from users where user_name = 'member'`.execute(raw)).rows[0];
    // written as an older version wrote them: one without a phone number, one with it (sealed by the platform)
    const bare = (await sql<{ id: number }>`insert into users (user_name, name, password_hash, organ_id, user_type) values ('13966660002', '旧账号甲', ${member.password_hash}, ${member.organ_id}, 0) returning id`.execute(raw)).rows[0].id;
    const withPhone = (await app.db.insertInto('users').values({ userName: '13966660003', name: '旧账号乙', passwordHash: member.password_hash, phoneNumber: '13966660003', organId: member.organ_id, userType: 0 }).returning('id').executeTakeFirstOrThrow()).id;
    expect(await renamePhoneAccounts(app.db, 1)).toBe(2);
    const names = await app.db.selectFrom('users').select(['id', 'userName', 'phoneNumber']).where('id', 'in', [Number(bare), withPhone]).orderBy('id').execute();
    expect(names).toEqual([
      { id: Number(bare), userName: `dy${bare}`, phoneNumber: '13966660002' },
      { id: withPhone, userName: `dy${withPhone}`, phoneNumber: '13966660003' },
    ]);
    const stored = (await sql<{ t: string }>`select string_agg(to_jsonb(u)::text, '|') as t from users u where id in (${Number(bare)}, ${withPhone})`.execute(raw)).rows[0].t;
    expect(stored).not.toMatch(/1396666000[23]/);
    for (const old of ['13966660002', '13966660003']) expect(await app.login(old)).toBeTruthy();
    expect(await renamePhoneAccounts(app.db)).toBe(0);
  });

  it('phone codes keep the keyed hash of the number, never the number, and still check', async () => {
    const phone = '13800000002';
    expect((await app.call('POST', svc('UserService', 'SendPhoneVierifCode'), { body: { phoneNumber: phone, purpose: 'findPassword' } })).status).toBe(200);
    const rows = (await sql<{ t: string }>`select string_agg(to_jsonb(c)::text, '|') as t from phone_codes c`.execute(app.db.withoutPlugins())).rows[0].t;
    expect(rows).toContain(searchHash(ring, 'phone', phone));
    expect(rows).not.toContain(phone);
    const code = /验证码为(\d{6})/.exec(app.sms.sent.get(phone)!)![1];
    const r = ok(await app.call('POST', svc('UserService', 'FindPassword'), { body: { phoneNumber: phone, code } }));
    expect(r).toBeTruthy();
  });

  it('development records seal their x-sensitive numbers (hash beside), read back opened', async () => {
    const raw = app.db.withoutPlugins();
    const stored = (await sql<{ data: Record<string, string> }>`select data from records where entity = 'development' order by id`.execute(raw)).rows;
    expect(stored.length).toBeGreaterThan(3);
    for (const { data } of stored) {
      expect(data.idCard).toMatch(/^enc1:sm4:/);
      expect(data.phoneNumber).toMatch(/^enc1:sm4:/);
      expect(data['idCard@hash']).toBe(searchHash(ring, 'idCard', open(ring, data.idCard)));
    }
    expect(JSON.stringify(stored)).not.toMatch(/1380000\d{4}|\d{17}[\dX]/);
    const read = await app.db.selectFrom('records').select('data').where('entity', '=', 'development').orderBy('id').executeTakeFirstOrThrow();
    expect((read.data as Record<string, string>).idCard).toMatch(/^\d{17}[\dX]$/);
    // one written in plain text (a bulk load) is sealed by the start's step
    await sql`update records set data = data || jsonb_build_object('phoneNumber', '13966660009') where id = (select min(id) from records where entity = 'development')`.execute(raw);
    expect(await resealAll(app.db, 'plaintext')).toBeGreaterThanOrEqual(1);
    const again = (await sql<{ v: string }>`select data->>'phoneNumber' as v from records where id = (select min(id) from records where entity = 'development')`.execute(raw)).rows[0].v;
    expect(open(ring, again)).toBe('13966660009');
  });

  it('signs in with the phone number as the user name, and a duplicate phone is still refused', async () => {
    expect(await app.login('13800000002')).toBeTruthy();
    const r = await app.call('POST', S('Create'), {
      token: admin.token,
      body: { name: '重号测试', organId: (await app.db.selectFrom('organizations').select('id').where('organPath', '=', admin.organPath).executeTakeFirstOrThrow()).id, phoneNumber: '13800000002', addition: { idCard: '11010519491231002X', sex: 2 }, partyMember: {} },
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toMatch(/手机号/);
  });

  it('a new current key: the background reseal rewrites every row, none lost, and the old key can then go', async () => {
    const before = await app.db.selectFrom('partyMembers').select(['id', 'idCard', 'phoneNumber']).orderBy('id').execute();
    const usersBefore = await app.db.selectFrom('users').select(['id', 'phoneNumber']).orderBy('id').execute();
    ring.keys.set('b', { id: 'b', secret: randomBytes(32) });
    ring.current = 'b';
    // a write after the switch is sealed under the new key at once
    const m = before.find((x) => x.phoneNumber)!;
    await app.db.updateTable('partyMembers').set({ phoneNumber: m.phoneNumber }).where('id', '=', m.id).execute();
    expect(sealedKeyId((await stored()).members.find((x) => x.id === m.id)!.phone_number!)).toBe('b');
    expect(Object.keys(await keysInUse(app.db)).sort()).toEqual(['a', 'b']);
    // bounded batches of 7 rows
    const rewritten = await resealAll(app.db, 'stale', { limit: 7 });
    expect(rewritten).toBeGreaterThan(before.length);
    expect(Object.keys(await keysInUse(app.db))).toEqual(['b']);
    ring.keys.delete('a');
    const { members, values } = await stored();
    expect(members.length).toBe(before.length);
    for (const v of values) {
      expect(sealedKeyId(v)).toBe('b');
      expect(() => open(ring, v)).not.toThrow();
    }
    expect(await app.db.selectFrom('partyMembers').select(['id', 'idCard', 'phoneNumber']).orderBy('id').execute()).toEqual(before);
    expect(await app.db.selectFrom('users').select(['id', 'phoneNumber']).orderBy('id').execute()).toEqual(usersBefore);
    // search hashes do not depend on the data key: search still finds
    const list = ok(await app.call('GET', S('PageList'), { token: admin.token, query: { organPath: admin.organPath, phoneNumber: m.phoneNumber, SkipCount: 0, MaxResultCount: 10 } }));
    expect(list.items.map((i: { id: number }) => i.id)).toContain(m.id);
  });

  it('the start\'s check for plain rows reads each table\'s partial index of them (empty once sealed), not the table', async () => {
    const raw = app.db.withoutPlugins();
    for (const table of Object.keys(SEALED_COLUMNS)) {
      const plan = JSON.stringify((await sql`explain (format json) ${batchQuery(ring, table, 'plaintext', 0, 500)}`.execute(raw)).rows);
      expect(plan, table).toContain(`"Index Name":"${plaintextIndexName(table)}"`);
      expect(plan, table).not.toContain('Seq Scan');
    }
    // and each sensitive field of the configured records (development: 身份证号, 手机号) through its own
    const fields = registeredRecordFields();
    expect(fields.map((f) => `${f.entity}.${f.field}`).sort()).toEqual(['development.idCard', 'development.phoneNumber']);
    for (const f of fields) {
      const plan = JSON.stringify((await sql`explain (format json) ${recordBatchQuery(ring, f, 'plaintext', 0, 500)}`.execute(raw)).rows);
      expect(plan, f.field).toMatch(/"Index Name":"ix_records_plain_[0-9a-f]{8}"/);
      expect(plan, f.field).not.toContain('Seq Scan');
    }
  });

  it('the start\'s look for accounts named by a phone number reads the partial index of them (migration 049), not every account', async () => {
    const plan = JSON.stringify(await phoneNamedBatch(app.db, 0, 500).explain('json'));
    expect(plan).toContain('"Index Name":"ix_users_phone_named"');
    expect(plan).not.toContain('Seq Scan');
  });

  it('a row written in plain text past the plugin (a bulk load) is sealed, with its hash, by the start\'s check', async () => {
    const raw = app.db.withoutPlugins();
    const m = (await sql<{ id: number; organ_id: number; organ_path: string }>`select id, organ_id, organ_path from party_members order by id limit 1`.execute(raw)).rows[0];
    const { rows } = await sql<{ id: number }>`insert into party_members (organ_id, organ_path, name, sex, status, id_card, phone_number, addition)
      values (${m.organ_id}, ${m.organ_path}, '明文载入', 1, 1, '510105199001010015', '13900001111', '{"mobilePhone": "13900002222"}') returning id`.execute(raw);
    expect(await resealAll(app.db, 'plaintext')).toBe(1);
    const row = (await sql<{ id_card: string; phone_number: string; id_card_hash: string | null; mobile: string }>`
      select id_card, phone_number, id_card_hash, addition->>'mobilePhone' as mobile from party_members where id = ${rows[0].id}`.execute(raw)).rows[0];
    for (const v of [row.id_card, row.phone_number, row.mobile]) expect(v.startsWith('enc1:')).toBe(true);
    expect(row.id_card_hash).toBeTruthy();
    const back = await app.db.selectFrom('partyMembers').select(['idCard', 'phoneNumber']).where('idCard', '=', '510105199001010015').executeTakeFirstOrThrow();
    expect(back).toEqual({ idCard: '510105199001010015', phoneNumber: '13900001111' });
    expect(await resealAll(app.db, 'plaintext')).toBe(0);
  });

  it('a changed ciphertext is refused with an error, never shown as another number', async () => {
    const m = await app.db.selectFrom('partyMembers').select(['id']).where('idCard', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const raw = app.db.withoutPlugins();
    const { rows } = await sql<{ id_card: string }>`select id_card from party_members where id = ${m.id}`.execute(raw);
    const v = rows[0].id_card;
    const at = v.length - 50; // a character of the ciphertext body, not of the MAC
    const changed = v.slice(0, at) + (v[at] === 'A' ? 'B' : 'A') + v.slice(at + 1);
    await sql`update party_members set id_card = ${changed} where id = ${m.id}`.execute(raw);
    const r = await app.call('GET', S('Get'), { token: admin.token, query: { id: m.id } });
    expect(r.status).toBe(500);
    expect(r.body.error.message).toMatch(/完整性校验/);
    expect(JSON.stringify(r.body)).not.toMatch(/\d{17}/);
    await sql`update party_members set id_card = ${v} where id = ${m.id}`.execute(raw);
    expect((await app.call('GET', S('Get'), { token: admin.token, query: { id: m.id } })).status).toBe(200);
  });
});
