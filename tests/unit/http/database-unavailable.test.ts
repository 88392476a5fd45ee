import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../../src/server/http/errors';

/** Which failures answer 503 数据库暂时不可用 instead of 500: the database is away, not the request wrong. */
describe('isDatabaseUnavailable', () => {
  it('PostgreSQL shutting down or refusing connections, and socket errors, are an outage', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    }
  });
  it("pg's own words for a closed socket or a pool that cannot connect are an outage", () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });
  it('every address refused (localhost tried as ::1 and 127.0.0.1) is an outage; one refusal among other errors is not', () => {
    const refused = () => Object.assign(new Error('connect'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused(), refused()]))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused(), new Error('bad')]))).toBe(false);
    expect(isDatabaseUnavailable(new AggregateError([]))).toBe(false);
  });
  it('errors of the request itself are not: a constraint, a syntax error, a plain bug, nothing', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
