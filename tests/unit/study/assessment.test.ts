/** 考核设置's pure rules: which rule applies at an organisation, and a member's progress against it. */
import { describe, expect, it } from 'vitest';
import { ancestorPaths, assessProgress, nearestRule, yearOfDay } from '../../../src/contract/assessment';

describe('nearestRule', () => {
  const rules = [
    { id: 1, organPath: '/1/' },
    { id: 2, organPath: '/1/5/' },
    { id: 3, organPath: '/1/5/23/' },
    { id: 4, organPath: '/1/6/' },
  ];
  it('the organisation\'s own rule, else the nearest ancestor\'s', () => {
    expect(nearestRule(rules, '/1/5/23/')?.id).toBe(3);
    expect(nearestRule(rules, '/1/5/23/77/')?.id).toBe(3);
    expect(nearestRule(rules, '/1/5/24/')?.id).toBe(2);
    expect(nearestRule(rules, '/1/7/')?.id).toBe(1);
  });
  it('never a sibling\'s, nor one whose id is only a prefix of the digits', () => {
    expect(nearestRule([{ organPath: '/1/5/' }], '/1/55/')).toBeNull();
    expect(nearestRule([{ organPath: '/1/6/' }], '/1/5/')).toBeNull();
    expect(nearestRule([], '/1/')).toBeNull();
  });
  it('ancestorPaths lists the organisation and its ancestors', () => {
    expect(ancestorPaths('/1/5/23/')).toEqual(['/1/', '/1/5/', '/1/5/23/']);
    expect(ancestorPaths('')).toEqual([]);
  });
});

describe('assessProgress', () => {
  const rule = { onlinePassPeriodForYear: 8, offlinePassPeriodForYear: 4 };
  it('counts each requirement up to its own amount: extra online hours do not make up for offline', () => {
    expect(assessProgress(rule, 36000, 2)).toEqual({ requiredOnlineHours: 8, requiredOfflineHours: 4, requiredHours: 12, completionRate: 83.33, isPassed: false });
    expect(assessProgress(rule, 8 * 3600, 4)).toMatchObject({ completionRate: 100, isPassed: true });
  });
  it('compares online credit in seconds: one second short is not met, nor 100 %', () => {
    const p = assessProgress({ onlinePassPeriodForYear: 40, offlinePassPeriodForYear: 0 }, 40 * 3600 - 1, 0);
    expect(p.isPassed).toBe(false);
    expect(p.completionRate).toBe(99.99);
  });
  it('a requirement of nothing is met; missing values count as 0', () => {
    expect(assessProgress({ onlinePassPeriodForYear: 0, offlinePassPeriodForYear: null }, 0, 0)).toMatchObject({ requiredHours: 0, completionRate: 100, isPassed: true });
    expect(assessProgress({ onlinePassPeriodForYear: 0.5, offlinePassPeriodForYear: 0.25 }, 0, 0.25)).toMatchObject({ requiredHours: 0.75, completionRate: 33.33, isPassed: false });
  });
  it('yearOfDay reads the year of a calendar day', () => {
    expect(yearOfDay('2027-01-01')).toBe(2027);
  });
});
