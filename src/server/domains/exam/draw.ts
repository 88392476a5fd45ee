import { createHash } from 'node:crypto';

/**
 * The random draw of a paper: for each member and attempt the pool's questions are ranked by a
 * hash of (paper, member, attempt, question) and the first N are taken. Every ordering of the pool is
 * equally likely across members, so every question of a pool has the same chance N/|pool| of being
 * drawn (tests/unit/exam/draw.test.ts checks it with a chi-square test). Each attempt draws anew — the
 * review of attempt 1 does not hand out attempt 2's questions — and one attempt always gets the same
 * draw (a reload shows the same questions); the draw is kept on the attempt's sheet besides, so a
 * later change of a bank does not change it.
 */
export const drawRank = (seed: string, id: number) => createHash('sha256').update(`${seed}:${id}`).digest().readBigUInt64BE(0);

export function drawFrom<T extends { id: number }>(pool: T[], count: number, seed: string): T[] {
  if (count <= 0) return [];
  return pool
    .map((q) => ({ q, r: drawRank(seed, q.id) }))
    .sort((a, b) => (a.r < b.r ? -1 : a.r > b.r ? 1 : a.q.id - b.q.id))
    .slice(0, count)
    .map((x) => x.q);
}

export const drawSeed = (paperId: number, userId: number, attemptNo = 1) => `paper:${paperId}:user:${userId}:attempt:${attemptNo}`;
