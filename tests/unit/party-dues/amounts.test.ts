/**
 * 党费 amounts (src/contract/party-dues.ts): each band of the 2008 rules at and around its
 * boundaries, exact in fen with the stated rounding (四舍五入到分), and the fen ↔ 元 text helpers
 * that never go through floating point.
 */
import { describe, expect, it } from 'vitest';
import { bandFor, DUES_BANDS, formatFen, monthlyDues, parseYuan, shareOf } from '../../../src/contract/party-dues';

const job = (incomeFen: number) => monthlyDues({ category: 'job', incomeFen });
const retire = (incomeFen: number) => monthlyDues({ category: 'retire', incomeFen });

describe('bands of 在职 members (税后月收入)', () => {
  it.each([
    // [income in fen, band, monthly fen]
    [0, 'job1', 0],
    [100, 'job1', 1], // 1.00 元 × 0.5% = 0.005 元 → 0.01 (half up)
    [99, 'job1', 0], // 0.99 × 0.5% = 0.00495 → 0.00
    [300_000, 'job1', 1500], // 3000 元 exactly: still 0.5%
    [300_001, 'job2', 3000], // 3000.01 × 1% = 30.0001 → 30.00
    [456_789, 'job2', 4568], // 4567.89 × 1% = 45.6789 → 45.68
    [500_000, 'job2', 5000], // 5000 元: 1%
    [500_001, 'job3', 7500], // 5000.01 × 1.5% = 75.00015 → 75.00
    [500_033, 'job3', 7500], // 5000.33 × 1.5% = 75.00495 → 75.00
    [500_034, 'job3', 7501], // 5000.34 × 1.5% = 75.0051 → 75.01
    [1_000_000, 'job3', 15000], // 10000 元: 1.5%
    [1_000_001, 'job4', 20000], // 10000.01 × 2% = 200.0002 → 200.00
    [1_234_575, 'job4', 24692], // 12345.75 × 2% = 246.915 → 246.92 (half up)
  ])('%i fen → %s, %i fen a month', (income, band, fen) => {
    const r = job(income);
    expect(r.band.value).toBe(band);
    expect(r.monthlyFen).toBe(fen);
  });
});

describe('bands of 离退休 members', () => {
  it.each([
    [500_000, 'retire1', 2500],
    [500_001, 'retire2', 5000],
    [380_000, 'retire1', 1900],
    [123_450, 'retire1', 617], // 1234.50 × 0.5% = 6.1725 → 6.17
    [123_470, 'retire1', 617], // 6.1735 → 6.17
    [123_490, 'retire1', 617], // 6.1745 → 6.17
    [123_500, 'retire1', 618], // 6.175 → 6.18 (half up)
  ])('%i fen → %s, %i fen a month', (income, band, fen) => {
    const r = retire(income);
    expect(r.band.value).toBe(band);
    expect(r.monthlyFen).toBe(fen);
  });
});

describe('the fixed band and the rules themselves', () => {
  it('a fixed amount between 0.20 and 1.00 元, nothing else', () => {
    expect(monthlyDues({ category: 'fixed', fixedFen: 20 })).toMatchObject({ monthlyFen: 20, band: { value: 'fixed' } });
    expect(monthlyDues({ category: 'fixed', fixedFen: 100 }).monthlyFen).toBe(100);
    expect(() => monthlyDues({ category: 'fixed', fixedFen: 19 })).toThrow();
    expect(() => monthlyDues({ category: 'fixed', fixedFen: 101 })).toThrow();
    expect(() => monthlyDues({ category: 'fixed', fixedFen: 50.5 })).toThrow();
    expect(() => job(-1)).toThrow();
    expect(() => job(1.5)).toThrow();
  });

  it('the bands of a category cover every income once', () => {
    for (const cat of ['job', 'retire'] as const) {
      for (const income of [0, 1, 299_999, 300_000, 300_001, 499_999, 500_000, 500_001, 999_999, 1_000_000, 1_000_001, 99_999_999]) {
        const hits = DUES_BANDS.filter((b) => b.category === cat && (b.minExclusive === null || income > b.minExclusive) && (b.maxInclusive === null || income <= b.maxInclusive));
        expect(hits, `${cat} ${income}`).toHaveLength(1);
        expect(bandFor(cat, income)).toBe(hits[0]);
      }
    }
  });

  it('shareOf is integer arithmetic, exact where floating point is not', () => {
    // 0.1 + 0.2 style drift: 1005 × 0.5% in floats is 5.0249999…; on integers it is 5.025 → 5
    expect(shareOf(1005, 5)).toBe(5);
    expect(shareOf(99_999_999, 20)).toBe(2_000_000);
    expect(Number.isInteger(shareOf(777_777, 15))).toBe(true);
  });
});

describe('fen as 元 text and back', () => {
  it('formats from the integer', () => {
    expect(formatFen(0)).toBe('0.00');
    expect(formatFen(5)).toBe('0.05');
    expect(formatFen(20)).toBe('0.20');
    expect(formatFen(4568)).toBe('45.68');
    expect(formatFen(123_456_789)).toBe('1234567.89');
    expect(formatFen(-5)).toBe('-0.05');
    expect(formatFen('1999')).toBe('19.99');
    expect(formatFen(null)).toBe('');
    // 0.1 + 0.2 in yuan is 30 fen here, not 0.30000000000000004
    expect(formatFen(10 + 20)).toBe('0.30');
  });

  it('parses typed 元 digit by digit', () => {
    expect(parseYuan('12')).toBe(1200);
    expect(parseYuan('12.3')).toBe(1230);
    expect(parseYuan('12.34')).toBe(1234);
    expect(parseYuan(' 0.29 ')).toBe(29); // 0.29 × 100 is 28.999999999999996 in floats
    expect(parseYuan('4567.89')).toBe(456_789);
    expect(parseYuan('12.345')).toBeNull();
    expect(parseYuan('-1')).toBeNull();
    expect(parseYuan('1e3')).toBeNull();
    expect(parseYuan('')).toBeNull();
    expect(parseYuan('abc')).toBeNull();
  });
});
