/** Study progress from seconds (contract/study-progress): two decimals cut, 100 only when complete. */
import { describe, expect, it } from 'vitest';
import { studyPercent } from '../../../src/contract/study-progress';
import { fmtPercent } from '../../../src/client/api/study';

describe('studyPercent', () => {
  it('60 of 75 s is 80%, though both round to 0.02 h', () => {
    expect(studyPercent(60, 75)).toBe(80);
    expect(fmtPercent(studyPercent(60, 75))).toBe('80.00%');
  });
  it('is 100 exactly when complete, and never shows 100.00 before', () => {
    expect(studyPercent(75, 75)).toBe(100);
    expect(studyPercent(80, 75)).toBe(100); // credit is capped at the duration; more is still complete
    expect(studyPercent(74, 75)).toBe(98.66); // 98.666…: cut, not rounded
    expect(studyPercent(35999, 36000)).toBe(99.99); // one second short of 10 h would round to 100.00
    expect(fmtPercent(studyPercent(35999, 36000))).toBe('99.99%');
  });
  it('is exact where binary fractions are not', () => {
    expect(studyPercent(29, 100)).toBe(29); // 0.29 * 100 is 28.999… in floating point
    expect(studyPercent(57, 100)).toBe(57);
    expect(studyPercent(85, 90)).toBe(94.44);
  });
  it('is 0 without a duration, and for nothing or nonsense', () => {
    expect(studyPercent(10, 0)).toBe(0);
    expect(studyPercent(null, 75)).toBe(0);
    expect(studyPercent(-5, 75)).toBe(0);
    expect(studyPercent(undefined, undefined)).toBe(0);
  });
});
