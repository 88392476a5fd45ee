/** The member routes of exams (member-routes.txt: under a special topic's info). */
const INFO = '/partyMember/iStudy/subject/info';
export const EXAM_PATH = `${INFO}/exam`;
export const MISTAKES_PATH = `${INFO}/mistakesCollection`;
export const ANALYSIS_PATH = `${MISTAKES_PATH}/analysis`;
/** What the paper's showAnswer promises (the server decides: never while an attempt is left and the paper is open). */
export const SHOW_ANSWER_TEXT: Record<number, string> = { 1: '用完全部考试次数或考试结束后公布答案与解析', 2: '考试结束后公布答案与解析', 3: '不公布答案' };
