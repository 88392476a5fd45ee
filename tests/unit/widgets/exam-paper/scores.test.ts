import { describe, expect, it } from 'vitest';
import { answerText, fromLoaded, moved, questionScore, questionsTotal, setsTotal, typeScores } from '../../../../src/client/widgets/exam-paper/scores';
import { availableOf } from '../../../../src/client/widgets/exam-paper/random-set-editor';
import { idsOf } from '../../../../src/client/widgets/organ-tree-select';

const scores = typeScores({ singleChoiceScore: 2, multipleChoiceScore: 3, jugeScore: '1.5', blankScore: null, shortScore: 10 });

describe('the composer’s totals', () => {
  it('reads the per-type scores of the settings, missing ones as 0', () => {
    expect(scores).toEqual({ 1: 2, 2: 3, 3: 1.5, 4: 0, 5: 10 });
  });

  it('an ordinary paper: each question its override, else its type’s score', () => {
    const list = [
      { questionId: 1, type: 1, score: null },
      { questionId: 2, type: 3 },
      { questionId: 3, type: 5, score: 7.5 },
      { questionId: 4, type: 2, score: 0 },
    ];
    expect(questionScore(list[3], scores)).toBe(0);
    expect(questionsTotal(list, scores)).toBe(11);
  });

  it('a random paper: counts times the type’s score over every set', () => {
    const sets = [
      { libaryId: 1, singleChoiceCount: 3, jugeCount: 2 },
      { libaryId: 2, difficulty: 3, shortCount: 1, multiChoiceCount: undefined },
    ];
    expect(setsTotal(sets, scores)).toEqual({ count: 6, total: 19 });
    expect(setsTotal([], scores)).toEqual({ count: 0, total: 0 });
  });

  it('a loaded question whose score is its type’s is no override (a later change of the type applies)', () => {
    const loaded = fromLoaded([{ questionId: 5, type: 1, score: 2 }, { id: 6, type: 3, score: 4 } as any], scores);
    expect(loaded.map((q) => [q.questionId, q.score])).toEqual([[5, null], [6, 4]]);
  });
});

describe('helpers', () => {
  it('moves a question one place, never out of the list', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    const same = ['a', 'b'];
    expect(moved(same, 0, -1)).toBe(same);
    expect(moved(same, 1, 1)).toBe(same);
  });

  it('shows answers as people read them', () => {
    expect(answerText(null)).toBe('未作答');
    expect(answerText([])).toBe('未作答');
    expect(answerText(true)).toBe('正确');
    expect(answerText(false)).toBe('错误');
    expect(answerText(['A', 'C'])).toBe('A；C');
    expect(answerText([['1921', '一九二一'], ['南湖']])).toBe('1921 / 一九二一；南湖');
    expect(answerText('参考答案')).toBe('参考答案');
  });

  it('reads comma-joined organisation ids', () => {
    expect(idsOf('3,5， 8')).toEqual([3, 5, 8]);
    expect(idsOf(null)).toEqual([]);
    expect(idsOf([4, '9', 'x'])).toEqual([4, 9]);
  });

  it('a set shows the saved pool by difficulty while it is as saved, else the bank’s count of the type', () => {
    const single = { type: 1, label: '单选题', scoreField: 'singleChoiceScore', countField: 'singleChoiceCount', bankCount: 'singleCount' } as const;
    const bank = { id: 7, libaryName: '题库', singleCount: 12 };
    const saved = { libaryId: 7, difficulty: 2, available: { 1: 4 }, savedLibaryId: 7, savedDifficulty: 2 };
    expect(availableOf(saved, bank, single)).toEqual({ n: 4, exact: true });
    expect(availableOf({ ...saved, difficulty: 3 }, bank, single)).toEqual({ n: 12, exact: false });
    expect(availableOf({ libaryId: 7, difficulty: null }, bank, single)).toEqual({ n: 12, exact: true });
    expect(availableOf({ libaryId: 8 }, undefined, single)).toEqual({ n: null, exact: false });
  });
});
