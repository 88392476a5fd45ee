/**
 * The big screen's figures are summed once per BIG_SCREEN_CACHE_SECONDS for every screen of the
 * organisation: within the TTL a member write is not yet counted, after it the kept figures are served
 * while they are summed again in the background, after two TTLs summed while the screen waits; with REDIS_URL (TEST_REDIS_URL) two servers — two API processes — serve what one of them
 * summed. Each server has its own database here, so a figure only the first could have counted
 * shows that the second took it from Redis.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok, startTestApp, svc, type TestApp } from './harness';

const FIGURES = svc('BigScreenDashboardService', 'Figures');
const TTL_SECONDS = 30;
const redisUrl = process.env.TEST_REDIS_URL;

async function withCode(app: TestApp, code: string) {
  const root = await app.db.selectFrom('organizations').select(['id', 'organPath']).where('parentId', 'is', null).orderBy('id').executeTakeFirstOrThrow();
  await app.db.insertInto('bigScreenRegistCodes').values({ code, organId: root.id, organPath: root.organPath }).execute();
  return root;
}
const addMember = (app: TestApp, organ: { id: number; organPath: string }) =>
  sql`insert into party_members (organ_id, organ_path, name, sex, status) values (${organ.id}, ${organ.organPath}, '大屏缓存', 1, 1)`.execute(app.db);
const figures = async (app: TestApp, code: string) => ok<{ memberCount: number }>(await app.call('GET', FIGURES, { query: { code } }));

describe('big-screen figures kept for a short time', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ config: { bigScreenCacheSeconds: TTL_SECONDS, redisUrl: null } });
  });
  afterAll(() => app?.close());

  it('served again within the TTL; after it, served while summed again in the background; after two, summed while waiting', async () => {
    const root = await withCode(app, 'CACHE-LOCAL-01');
    const first = await figures(app, 'CACHE-LOCAL-01');
    await addMember(app, root);
    expect((await figures(app, 'CACHE-LOCAL-01')).memberCount).toBe(first.memberCount);
    app.advance((TTL_SECONDS + 1) * 1000);
    expect((await figures(app, 'CACHE-LOCAL-01')).memberCount).toBe(first.memberCount);
    await vi.waitFor(async () => expect((await figures(app, 'CACHE-LOCAL-01')).memberCount).toBe(first.memberCount + 1), { timeout: 10_000, interval: 50 });
    await addMember(app, root);
    app.advance((2 * TTL_SECONDS + 1) * 1000);
    expect((await figures(app, 'CACHE-LOCAL-01')).memberCount).toBe(first.memberCount + 2);
    // a deleted code is refused at once, kept figures or not
    await app.db.updateTable('bigScreenRegistCodes').set({ isDeleted: true }).where('code', '=', 'CACHE-LOCAL-01').execute();
    expect((await app.call('GET', FIGURES, { query: { code: 'CACHE-LOCAL-01' } })).status).toBe(401);
  });
});

describe.skipIf(!redisUrl)('big-screen figures shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const config = { bigScreenCacheSeconds: TTL_SECONDS, redisUrl: redisUrl!, redisPrefix: `bs${randomBytes(4).toString('hex')}:` };
    [a, b] = [await startTestApp({ config }), await startTestApp({ config })];
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a second process serves the figures the first summed', async () => {
    const rootA = await withCode(a, 'CACHE-REDIS-01');
    await withCode(b, 'CACHE-REDIS-01');
    await addMember(a, rootA);
    await addMember(a, rootA);
    const fromA = await figures(a, 'CACHE-REDIS-01');
    const ownB = Number((await sql<{ n: number }>`select count(*) as n from party_members where status = 1 and not is_deleted`.execute(b.db)).rows[0].n);
    expect(fromA.memberCount).not.toBe(ownB);
    expect((await figures(b, 'CACHE-REDIS-01')).memberCount).toBe(fromA.memberCount);
  });
});
