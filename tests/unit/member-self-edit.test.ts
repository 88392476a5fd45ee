import { describe, expect, it } from 'vitest';
import { isMemberLocked, lockedMessage, MEMBER_LOCKED_FIELDS, normaliseLocked } from '../../src/contract/member-self-edit';
import { ADDITION_FIELDS, PARTY_FIELDS } from '../../src/client/member/profile-fields';

describe('what a member may change in 个人信息', () => {
  it('the whole 党员信息 group, the organisation and the identity number are the administrator’s', () => {
    expect(PARTY_FIELDS.filter((f) => !isMemberLocked('partyMember', f.name)).map((f) => f.name)).toEqual([]);
    expect(ADDITION_FIELDS.filter((f) => isMemberLocked('addition', f.name)).map((f) => f.name)).toEqual(['idCard']);
    expect(isMemberLocked('top', 'organId')).toBe(true);
    expect(isMemberLocked('top', 'name')).toBe(false);
    // every locked party field is a field of the profile (no typo silently unlocks one)
    const known = new Set(PARTY_FIELDS.map((f) => f.name));
    expect(MEMBER_LOCKED_FIELDS.filter((f) => f.group === 'partyMember' && !known.has(f.name))).toEqual([]);
  });

  it('names the field in Chinese; the organisation points to 组织关系转接', () => {
    expect(lockedMessage(MEMBER_LOCKED_FIELDS[0]!)).toBe('所在党组织不能自行修改，请通过组织关系转接办理');
    expect(lockedMessage(MEMBER_LOCKED_FIELDS.find((f) => f.name === 'partyMemeberType')!)).toBe('党员类型由党组织管理员维护，不能自行修改');
  });

  it('an echoed value compares equal to the stored one', () => {
    expect(normaliseLocked('flag', null)).toBe(normaliseLocked('flag', false));
    expect(normaliseLocked('flag', 1)).toBe(normaliseLocked('flag', true));
    expect(normaliseLocked('flag', true)).not.toBe(normaliseLocked('flag', false));
    expect(normaliseLocked('date', '1975-07-01T00:00:00')).toBe('1975-07-01');
    expect(normaliseLocked('value', 1)).toBe(normaliseLocked('value', '1'));
    expect(normaliseLocked('value', '')).toBe(normaliseLocked('value', null));
    expect(normaliseLocked('value', '11010519491231002x')).toBe('11010519491231002X');
    expect(normaliseLocked('list', [])).toBeNull();
    expect(normaliseLocked('list', ['张三'])).not.toBe(normaliseLocked('list', ['李四']));
  });
});

// the server's profile input and the member page both read schemas/party-member.json (entityInput):
// one definition by construction, so no test compares the two
describe('one profile definition', () => {
  it('reads each field’s widget from the schema', () => {
    const kind = (name: string) => [...ADDITION_FIELDS, ...PARTY_FIELDS].find((f) => f.name === name);
    expect(kind('sex')).toMatchObject({ kind: 'sex' });
    expect(kind('nation')).toMatchObject({ kind: 'code', table: 'nation' });
    expect(kind('birthday')).toMatchObject({ kind: 'date' });
    expect(kind('isTaiWanDomicile')).toMatchObject({ kind: 'flag' });
    expect(kind('partyMemeberType')).toMatchObject({ kind: 'memberType' });
    expect(kind('joinIntroducers')).toMatchObject({ kind: 'tags' });
    expect(kind('joinOrgId')).toMatchObject({ kind: 'organ' });
    expect(kind('difficulInstruction')).toMatchObject({ kind: 'textarea' });
  });
});
