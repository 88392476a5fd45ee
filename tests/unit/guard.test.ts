import { describe, expect, it } from 'vitest';
import { guard } from '../../src/client/routing/guard';

const base = { search: '', landing: '/partyMember/partySpace', loginPath: '/login' };
const g = (pathname: string, hasSession: boolean, search = '') => guard({ ...base, pathname, hasSession, search });

describe('route guard (core §2)', () => {
  it('always passes single sign-on and key login, with or without a session', () => {
    for (const s of [true, false]) {
      expect(g('/singleSignOn', s, '?ticket=x')).toEqual({ action: 'pass' });
      expect(g('/ukeyLogin', s)).toEqual({ action: 'pass' });
    }
  });
  it('passes the big screen of a registration code with or without a session, but not a bare /bigScreen/', () => {
    for (const s of [true, false]) expect(g('/bigScreen/DEMO-WJ-0001', s)).toEqual({ action: 'pass' });
    expect(g('/bigScreen/', false)).toEqual({ action: 'redirect', to: '/login', logout: true });
  });
  it('the login route with an accessToken query logs out first, then passes', () => {
    expect(g('/login', true, '?accessToken=abc')).toEqual({ action: 'pass', logoutFirst: true });
    expect(g('/login', false, '?accessToken=abc')).toEqual({ action: 'pass', logoutFirst: true });
  });
  it('login, signUp and changepassword go on to the landing when a session exists', () => {
    for (const p of ['/login', '/signUp', '/changepassword']) expect(g(p, true)).toEqual({ action: 'redirect', to: '/partyMember/partySpace' });
    expect(guard({ ...base, pathname: '/login', search: '?Area=510115', hasSession: true, landing: '/branchSpace/notice' })).toEqual({ action: 'redirect', to: '/branchSpace/notice' });
  });
  it('they pass without a session', () => {
    for (const p of ['/login', '/signUp', '/changepassword', '/forgetPassword']) expect(g(p, false)).toEqual({ action: 'pass' });
  });
  it('any other route without a session logs out and goes to /login (keeping the district)', () => {
    expect(g('/partyMember/partySpace', false)).toEqual({ action: 'redirect', to: '/login', logout: true });
    expect(g('/education/exam', false)).toEqual({ action: 'redirect', to: '/login', logout: true });
    expect(guard({ ...base, pathname: '/partyMember/personal', hasSession: false, loginPath: '/login?Area=510115' })).toEqual({ action: 'redirect', to: '/login?Area=510115', logout: true });
  });
  it('"/" goes to login without a session and to the landing with one', () => {
    expect(g('/', false)).toEqual({ action: 'redirect', to: '/login', logout: true });
    expect(g('/', true)).toEqual({ action: 'redirect', to: '/partyMember/partySpace' });
  });
  it('other routes pass with a session (unknown ones then meet the 404 page)', () => {
    expect(g('/partyMember/iStudy', true)).toEqual({ action: 'pass' });
    expect(g('/no/such/page', true)).toEqual({ action: 'pass' });
  });
  it('ignores a trailing slash and letter case of the fixed routes', () => {
    expect(g('/Login/', true)).toEqual({ action: 'redirect', to: '/partyMember/partySpace' });
    expect(g('/ukeylogin/', false)).toEqual({ action: 'pass' });
  });
});
