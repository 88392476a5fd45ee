import type { Answer } from '../../../contract/exam';

/** An answer as read: 'A、C', 正确/错误, blanks joined by '；', or 未作答. */
export function answerText(type: number, a: Answer | undefined): string {
  if (a === null || a === undefined || a === '' || (Array.isArray(a) && !a.some((x) => String(x).trim()))) return '未作答';
  if (type === 3) return a === true ? '正确' : a === false ? '错误' : String(a);
  if (Array.isArray(a)) return type === 4 ? a.map((x) => (String(x).trim() ? x : '（空）')).join('；') : a.join('、');
  return String(a);
}

/** Has the member given an answer (a blank question: at least one blank filled)? */
export const isAnswered = (a: Answer | undefined) => !(a === null || a === undefined || a === '' || (Array.isArray(a) && !a.some((x) => String(x).trim())));
