/**
 * Answers not yet on the server: every answer is put here first and taken out once the
 * server has it, so an answer given while the connection is lost — or while the page is reloading —
 * survives in the browser (localStorage) and is sent when the connection returns. One outbox per
 * attempt; the latest answer of a question wins.
 */
import type { SaveAnswer } from '../../../contract/exam';

const key = (resultId: number) => `dj-exam-outbox:${resultId}`;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const storage = (): Store | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

export function readOutbox(resultId: number, s: Store | null = storage()): SaveAnswer[] {
  try {
    const v = JSON.parse(s?.getItem(key(resultId)) ?? '[]');
    return Array.isArray(v) ? v.filter((a) => a && typeof a.questionId === 'number') : [];
  } catch {
    return [];
  }
}

function write(resultId: number, items: SaveAnswer[], s: Store | null) {
  try {
    if (items.length) s?.setItem(key(resultId), JSON.stringify(items));
    else s?.removeItem(key(resultId));
  } catch {
    // storage full or refused: the answer stays in memory and is still sent
  }
}

/** Adds an answer (replacing an earlier one of the same question). */
export function putOutbox(resultId: number, a: SaveAnswer, s: Store | null = storage()) {
  write(resultId, [...readOutbox(resultId, s).filter((x) => x.questionId !== a.questionId), a], s);
}

/** Takes out what the server confirmed — unless the question was answered again meanwhile. */
export function ackOutbox(resultId: number, sent: SaveAnswer[], s: Store | null = storage()) {
  const same = (a: SaveAnswer, b: SaveAnswer) => a.questionId === b.questionId && JSON.stringify(a.answer) === JSON.stringify(b.answer) && a.marked === b.marked;
  write(resultId, readOutbox(resultId, s).filter((x) => !sent.some((y) => same(x, y))), s);
}

export const clearOutbox = (resultId: number, s: Store | null = storage()) => write(resultId, [], s);
