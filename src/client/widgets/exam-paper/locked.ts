/** Why the questions, random sets and scores of a paper cannot change (the server's PAPER_MSG.started). */
export const LOCKED_REASON = '已有党员开始答题，试题、抽题规则和分值不能再修改';
