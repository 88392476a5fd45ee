import { describe, expect, it } from 'vitest';
import { ackOutbox, clearOutbox, putOutbox, readOutbox } from '../../../src/client/member/exam/outbox';
import { formatCountdown, remainingMs, serverOffset, spokenCountdown } from '../../../src/client/member/exam/clock';
import { answerText, isAnswered } from '../../../src/client/member/exam/answer-text';
import { matchesRevealed } from '../../../src/contract/exam-answer';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
};

describe('the answer outbox', () => {
  it('keeps the latest answer per question until the server confirms that very answer', () => {
    const s = memory();
    putOutbox(7, { questionId: 1, answer: 'A', marked: false }, s);
    putOutbox(7, { questionId: 2, answer: true, marked: false }, s);
    putOutbox(7, { questionId: 1, answer: 'B', marked: true }, s);
    expect(readOutbox(7, s)).toEqual([{ questionId: 2, answer: true, marked: false }, { questionId: 1, answer: 'B', marked: true }]);
    // a confirmation of an older answer of question 1 leaves the newer one waiting
    ackOutbox(7, [{ questionId: 1, answer: 'A', marked: false }, { questionId: 2, answer: true, marked: false }], s);
    expect(readOutbox(7, s)).toEqual([{ questionId: 1, answer: 'B', marked: true }]);
    ackOutbox(7, [{ questionId: 1, answer: 'B', marked: true }], s);
    expect(readOutbox(7, s)).toEqual([]);
    expect(s.m.size).toBe(0);
  });
  it('is one per attempt, survives garbage and can be cleared', () => {
    const s = memory();
    putOutbox(1, { questionId: 1, answer: 'A', marked: false }, s);
    expect(readOutbox(2, s)).toEqual([]);
    s.setItem('dj-exam-outbox:3', '{not json');
    expect(readOutbox(3, s)).toEqual([]);
    clearOutbox(1, s);
    expect(readOutbox(1, s)).toEqual([]);
  });
});

describe('the countdown on the server clock', () => {
  it('ignores how wrong the browser clock is', () => {
    const server = '2026-06-15T02:00:00.000Z';
    const deadline = '2026-06-15T02:30:00.000Z';
    // a browser an hour behind and one a day ahead see the same 30 minutes
    for (const skew of [-3_600_000, 86_400_000]) {
      const browserNow = new Date(server).getTime() + skew;
      expect(remainingMs(deadline, serverOffset(server, browserNow), browserNow)).toBe(30 * 60_000);
      expect(remainingMs(deadline, serverOffset(server, browserNow), browserNow + 60_000)).toBe(29 * 60_000);
    }
    expect(remainingMs(deadline, 0, new Date(deadline).getTime() + 5000)).toBe(0);
  });
  it('formats and speaks', () => {
    expect(formatCountdown(29 * 60_000 + 59_001)).toBe('30:00');
    expect(formatCountdown(3_725_000)).toBe('01:02:05');
    expect(spokenCountdown(65 * 60_000)).toBe('剩余1小时5分钟');
    expect(spokenCountdown(90_000)).toBe('剩余2分钟');
  });
});

describe('answers as read and practised', () => {
  it('reads each type', () => {
    expect(answerText(2, ['A', 'C'])).toBe('A、C');
    expect(answerText(3, false)).toBe('错误');
    expect(answerText(4, ['甲', ''])).toBe('甲；（空）');
    expect(answerText(1, null)).toBe('未作答');
    expect(isAnswered(['', ' '])).toBe(false);
  });
  it('checks a practised answer against the revealed one as the server scores it', () => {
    expect(matchesRevealed(2, ['C', 'A'], ['A', 'C'])).toBe(true);
    expect(matchesRevealed(4, [' ＣＰＣ '], ['中国共产党 / cpc'])).toBe(true);
    expect(matchesRevealed(4, ['共产党'], ['中国共产党 / cpc'])).toBe(false);
    expect(matchesRevealed(3, true, false)).toBe(false);
    expect(matchesRevealed(5, 'x', 'y')).toBeNull();
  });
});
