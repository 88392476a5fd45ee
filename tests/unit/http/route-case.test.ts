import { describe, expect, it } from 'vitest';
import { canonicalApiUrl } from '../../../src/server/http/route-case';

const registered = new Map([['/api/services/app/partymemberservice/searchpagelist', '/api/services/app/PartyMemberService/SearchPageList']]);

describe('canonicalApiUrl', () => {
  it('turns an API path in another case into the registered one, keeping the query string as sent', () => {
    expect(canonicalApiUrl(registered, '/API/services/app/partymemberservice/SEARCHPAGELIST?Name=王&skipCount=0')).toBe('/api/services/app/PartyMemberService/SearchPageList?Name=王&skipCount=0');
    expect(canonicalApiUrl(registered, '/api/services/app/partymemberservice/searchpagelist/')).toBe('/api/services/app/PartyMemberService/SearchPageList');
  });
  it('leaves the registered spelling, unknown API paths and every other path (files, pages) as they are', () => {
    expect(canonicalApiUrl(registered, '/api/services/app/PartyMemberService/SearchPageList?x=1')).toBe('/api/services/app/PartyMemberService/SearchPageList?x=1');
    expect(canonicalApiUrl(registered, '/api/services/app/nosuch/Thing')).toBe('/api/services/app/nosuch/Thing');
    expect(canonicalApiUrl(registered, '/file/f/AbC123')).toBe('/file/f/AbC123');
    expect(canonicalApiUrl(registered, '/dj/assets/Index-AbC.js')).toBe('/dj/assets/Index-AbC.js');
    expect(canonicalApiUrl(registered, '/')).toBe('/');
  });
});
