/**
 * Demo notices agree with their dates: a message names the year, month and quarter of
 * the day the demo is seeded — never a fixed 第二季度 or 七一 read in November.
 */
import { describe, expect, it } from 'vitest';
import { demoMessages } from '../../src/server/db/seed/messages';
import { demoAnnouncementTitle, demoContent } from '../../src/server/db/seed/content';

const titles = (day: string) => demoMessages(day).map((m) => `${m.title}｜${m.content}`).join('\n');

describe('demo messages dated by the seed day', () => {
  it('in November 2026: the fourth quarter, November dues, the year-end summary', () => {
    const t = titles('2026-11-28');
    expect(t).toContain('2026年第四季度理论学习测试通知');
    expect(t).toContain('请及时缴纳11月份党费');
    expect(t).toContain('11月主题党日活动安排');
    expect(t).toContain('关于报送2026年度党建工作总结的通知');
    expect(t).not.toMatch(/七一|第二季度|6月份|2025年/);
    expect(demoAnnouncementTitle('2026-11-28')).toBe('关于开展2026年度党员学时认定工作的通知');
  });

  it('in March 2027: the first quarter, March dues, the half-year summary due 7月10日', () => {
    const t = titles('2027-03-02');
    expect(t).toContain('2027年第一季度理论学习测试通知');
    expect(t).toContain('请及时缴纳3月份党费');
    expect(t).toContain('请各位党员于3月25日前');
    expect(t).toContain('关于报送2027年上半年党建工作总结的通知');
    expect(t).toContain('7月10日前');
    expect(t).not.toMatch(/2026年/);
  });
});

describe('demo content dated by the seed day', () => {
  const dated = (day: string) => demoContent(day).map((i) => i.data as { title: string; content?: string; publishDate?: string; year?: number });

  it('publishes nothing after the day, and names its year, last quarter and months so far', () => {
    for (const day of ['2026-11-28', '2027-01-03', '2027-05-20']) {
      const items = dated(day);
      for (const i of items) if (i.publishDate) expect(i.publishDate <= day, `${i.title} ${i.publishDate}`).toBe(true);
      expect(items.filter((i) => i.year).every((i) => i.year === Number(day.slice(0, 4)))).toBe(true);
    }
    const nov = dated('2026-11-28').map((i) => `${i.title}｜${i.content ?? ''}`).join('\n');
    expect(nov).toContain('凤凰社区党支部2026年第三季度党务公开');
    expect(nov).toContain('2026年1—10月共收缴党费');
    expect(nov).toContain('2026年全省党员教育培训工作计划');
    const jan = dated('2027-01-03').map((i) => `${i.title}｜${i.content ?? ''}`).join('\n');
    expect(jan).toContain('凤凰社区党支部2026年第四季度党务公开');
    expect(jan).toContain('2026年1—12月共收缴党费');
    expect(jan).toContain('2027年全省党员教育培训工作计划');
  });
});
