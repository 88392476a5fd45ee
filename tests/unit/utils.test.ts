import { describe, expect, it } from 'vitest';
import { displayedTotal, TOTAL_CAP, toSkip } from '../../src/client/utils/paging';
import { cleanQuery } from '../../src/client/utils/query';
import { cutOrganName, cutText, cutUserName } from '../../src/client/utils/text';

describe('paging cap (core §4)', () => {
  it('shows small totals as they are', () => {
    expect(displayedTotal(0, 1)).toBe(0);
    expect(displayedTotal(100, 1)).toBe(100);
  });
  it('caps a first-page total of 101 or more at 101', () => {
    expect(TOTAL_CAP).toBe(101);
    expect(displayedTotal(101, 1)).toBe(101);
    expect(displayedTotal(5000, 1)).toBe(101);
    expect(displayedTotal(5000, 10, 10)).toBe(101);
  });
  it('grows as pages advance, never beyond the real total', () => {
    expect(displayedTotal(5000, 11, 10)).toBe(111);
    expect(displayedTotal(5000, 20, 10)).toBe(201);
    expect(displayedTotal(205, 25, 10)).toBe(205);
  });
  it('turns a page index into SkipCount', () => {
    expect(toSkip(1, 10)).toBe(0);
    expect(toSkip(3, 9)).toBe(18);
  });
});

describe('name cutting (core §2 header)', () => {
  it('cuts the user name to 4 characters and the organisation name to 12', () => {
    expect(cutUserName('王建国')).toBe('王建国');
    expect(cutUserName('欧阳建国同志')).toBe('欧阳建国...');
    expect(cutOrganName('省委组织部组织一处党支部')).toBe('省委组织部组织一处党支部');
    expect(cutOrganName('温江区柳城街道凤凰社区党支部')).toBe('温江区柳城街道凤凰社区党...');
  });
  it('counts characters, not UTF-16 units, and tolerates empty values', () => {
    expect(cutText('𠀀𠀁𠀂𠀃𠀄', 4)).toBe('𠀀𠀁𠀂𠀃...');
    expect(cutUserName(null)).toBe('');
    expect(cutOrganName(undefined)).toBe('');
  });
});

describe('query cleaning (core §5)', () => {
  it('drops empty, null and undefined values and the pageIndex key', () => {
    expect(cleanQuery({ Name: '张', IdCard: '', OrganPath: null, Keyword: undefined, pageIndex: 3, MaxResultCount: 10, SkipCount: 0, flag: false })).toEqual({
      Name: '张',
      MaxResultCount: 10,
      SkipCount: 0,
      flag: false,
    });
  });
  it('keeps arrays and does not change its input', () => {
    const q = { PartyDutyCodes: ['1', '2'], pageIndex: 1 };
    expect(cleanQuery(q)).toEqual({ PartyDutyCodes: ['1', '2'] });
    expect(q).toEqual({ PartyDutyCodes: ['1', '2'], pageIndex: 1 });
  });
});
