/**
 * The pure rules of 试题管理's answer widgets: the options editor's rows (2–8, letters A–H, one right
 * in single mode), the blank-answers editor's rows following the blanks of the title (the same
 * marks as the server's BLANK_MARK), RemoteSelect's options, and the props a form reaction sets.
 */
import { describe, expect, it } from 'vitest';
import { MAX_OPTIONS, addRow, emptyRows, letterOf, removeRow, rightLetters, setContent, setRight, toRows } from '../../../src/client/widgets/options-editor/options';
import { addAnswer, countBlanks, fitBlanks, needsFit, removeAnswer, setAnswer, toBlankRows } from '../../../src/client/widgets/blank-answers/blanks';
import { callPath, toOptions } from '../../../src/client/widgets/remote-select';
import { reactionProps } from '../../../src/client/engine/entity-form';
import { countBlanks as serverCountBlanks } from '../../../src/server/domains/exam/question-rules';

describe('options editor rows', () => {
  it('reads stored options, letters them A–H and keeps at most eight', () => {
    expect(toRows(null)).toEqual([]);
    expect(toRows([{ content: '甲', isRight: 1 }, { content: null }])).toEqual([{ content: '甲', isRight: true }, { content: '', isRight: false }]);
    expect(toRows(emptyRows(10)).length).toBe(MAX_OPTIONS);
    expect([0, 1, 7].map(letterOf)).toEqual(['A', 'B', 'H']);
  });

  it('keeps one right option in single mode, any number in multiple mode', () => {
    let rows = setContent(emptyRows(), 0, '一');
    rows = setRight(rows, 0, true, false);
    rows = setRight(rows, 2, true, false);
    expect(rightLetters(rows)).toBe('C');
    rows = setRight(rows, 0, true, true);
    rows = setRight(rows, 3, true, true);
    expect(rightLetters(rows)).toBe('ACD');
    expect(rightLetters(setRight(rows, 2, false, false))).toBe('AD');
    expect(rows[0].content).toBe('一');
  });

  it('adds up to eight and removes down to two', () => {
    let rows = emptyRows(7);
    rows = addRow(addRow(rows));
    expect(rows.length).toBe(8);
    let two = removeRow(removeRow(emptyRows(3), 0), 0);
    expect(two.length).toBe(2);
    two = setContent(two, 1, '保留');
    expect(removeRow(two, 0)).toBe(two);
    expect(removeRow(setContent(emptyRows(3), 2, '丙'), 1).map((r) => r.content)).toEqual(['', '丙']);
  });
});

describe('blank answers', () => {
  it('counts the blanks as the server does', () => {
    const titles = ['中国共产党成立于____年。', '____和____', '党的（ ）大', '全角＿＿空', '三个___下划线不算', '(  )与（）', '', '无空'];
    for (const t of titles) expect(countBlanks(t)).toBe(serverCountBlanks(t));
    expect(countBlanks('____和____')).toBe(2);
    expect(countBlanks(undefined)).toBe(0);
  });

  it('follows the blanks: answers of the blanks that stay are kept, new blanks start empty', () => {
    expect(fitBlanks([], 2)).toEqual([[''], ['']]);
    expect(fitBlanks([['1921', '一九二一'], ['上海']], 1)).toEqual([['1921', '一九二一']]);
    expect(fitBlanks([['1921']], 3)).toEqual([['1921'], [''], ['']]);
    expect(fitBlanks([['a']], 12).length).toBe(10);
    expect(toBlankRows([['a'], [], null])).toEqual([['a'], [''], ['']]);
    expect(needsFit(undefined, 0)).toBe(false);
    expect(needsFit(undefined, 1)).toBe(true);
    expect(needsFit([['1921']], 1)).toBe(false);
    expect(needsFit([['1921']], 2)).toBe(true);
  });

  it('edits, adds and removes the accepted answers of one blank', () => {
    let rows = fitBlanks([], 2);
    rows = setAnswer(rows, 0, 0, '上海');
    rows = addAnswer(rows, 0);
    rows = setAnswer(rows, 0, 1, '上海市');
    expect(rows).toEqual([['上海', '上海市'], ['']]);
    expect(removeAnswer(rows, 0, 0)).toEqual([['上海市'], ['']]);
    expect(removeAnswer(rows, 1, 0)).toEqual(rows);
  });
});

describe('RemoteSelect', () => {
  it('makes options of the items and refuses anything but Service/Action', () => {
    expect(toOptions([{ id: 3, libaryName: '党章题库' }, { id: null }], 'libaryName')).toEqual([{ label: '党章题库', value: 3 }]);
    expect(callPath('ExamLibaryService/GetPageExamLibaryList')).toBe('/api/services/app/ExamLibaryService/GetPageExamLibaryList');
    expect(() => callPath('https://evil/x')).toThrow();
  });
});

describe('reaction props', () => {
  it('sets the props (siblings by reference) while the condition holds, else the schema’s own', () => {
    expect(reactionProps({ text: '$record.title', multiple: true }, undefined, true, { title: '____年' })).toEqual({ text: '____年', multiple: true });
    expect(reactionProps({ multiple: true }, { multiple: false, max: 3 }, false, {})).toEqual({ multiple: false });
    expect(reactionProps({ multiple: true }, undefined, false, {})).toEqual({ multiple: undefined });
  });
});
