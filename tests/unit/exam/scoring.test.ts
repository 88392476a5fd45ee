import { describe, expect, it } from 'vitest';
import { checkAnswer, normaliseBlank, questionForMember, rightAnswer, scoreAnswer, type SheetQuestion } from '../../../src/server/domains/exam/scoring';

const q = (over: Partial<SheetQuestion>): SheetQuestion => ({
  id: 1, type: 1, title: '题', score: 10, difficulty: 2, libaryId: 1, options: [], judgeAnswer: null, blankAnswers: null, referenceAnswer: null, analysis: '解析', ...over,
});
const opts = (...right: boolean[]) => right.map((isRight, i) => ({ content: `选项${i}`, isRight }));

describe('scoring of each type', () => {
  it('single choice: the one right letter', () => {
    const s = q({ type: 1, options: opts(false, true, false) });
    expect(scoreAnswer(s, 'B')).toEqual({ isRight: true, score: 10 });
    expect(scoreAnswer(s, 'A')).toEqual({ isRight: false, score: 0 });
    expect(scoreAnswer(s, null)).toEqual({ isRight: false, score: 0 });
  });
  it('multiple choice: exactly the right letters, in any order; a partial choice scores nothing', () => {
    const s = q({ type: 2, options: opts(true, false, true, true) });
    expect(scoreAnswer(s, ['D', 'A', 'C'])).toEqual({ isRight: true, score: 10 });
    expect(scoreAnswer(s, ['A', 'C'])).toEqual({ isRight: false, score: 0 });
    expect(scoreAnswer(s, ['A', 'B', 'C', 'D'])).toEqual({ isRight: false, score: 0 });
  });
  it('true/false', () => {
    const s = q({ type: 3, judgeAnswer: false });
    expect(scoreAnswer(s, false)).toEqual({ isRight: true, score: 10 });
    expect(scoreAnswer(s, true)).toEqual({ isRight: false, score: 0 });
  });
  it('blanks: trimmed, full-width folded, spaces and case ignored, any accepted answer; the score shared by the blanks', () => {
    const s = q({ type: 4, score: 5, blankAnswers: [['民主集中制'], ['CPC', '中国共产党']] });
    expect(scoreAnswer(s, [' 民主 集中制 ', 'ｃｐｃ'])).toEqual({ isRight: true, score: 5 });
    expect(scoreAnswer(s, ['民主集中制', '共产党'])).toEqual({ isRight: false, score: 2.5 });
    expect(scoreAnswer(s, ['民主集中制'])).toEqual({ isRight: false, score: 2.5 });
    expect(normaliseBlank('１９２１年')).toBe('1921年');
  });
  it('short answers wait for a mark', () => {
    expect(scoreAnswer(q({ type: 5, referenceAnswer: '参考' }), '我的回答')).toEqual({ isRight: null, score: null });
  });
});

describe('answer shapes', () => {
  it('refuses what is not an answer of the type (undefined), takes an empty one as unanswered (null)', () => {
    const single = q({ type: 1, options: opts(true, false) });
    expect(checkAnswer(single, 'C')).toBeUndefined();
    expect(checkAnswer(single, ['A'])).toBeUndefined();
    expect(checkAnswer(single, '')).toBeNull();
    const multi = q({ type: 2, options: opts(true, true, false) });
    expect(checkAnswer(multi, ['B', 'A', 'A'])).toEqual(['A', 'B']);
    expect(checkAnswer(multi, ['Z'])).toBeUndefined();
    expect(checkAnswer(q({ type: 3 }), 'true')).toBeUndefined();
    const blank = q({ type: 4, blankAnswers: [['a'], ['b']] });
    expect(checkAnswer(blank, ['x', 'y', 'z'])).toBeUndefined();
    expect(checkAnswer(blank, ['', ' '])).toBeNull();
    expect(checkAnswer(q({ type: 5 }), 'x'.repeat(5001))).toBeUndefined();
  });
});

describe('what a member sees before submitting', () => {
  it('carries no answer and no 解析', () => {
    const s = q({ type: 4, blankAnswers: [['民主集中制']], options: [], referenceAnswer: 'r', analysis: 'a' });
    const seen = JSON.stringify(questionForMember(s));
    expect(seen).not.toContain('民主集中制');
    expect(seen).not.toContain('analysis');
    expect(questionForMember(q({ type: 1, options: opts(true, false) })).options).toEqual([{ key: 'A', content: '选项0' }, { key: 'B', content: '选项1' }]);
    expect(rightAnswer(q({ type: 2, options: opts(true, false, true) }))).toEqual(['A', 'C']);
  });
});
