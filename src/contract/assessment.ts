/**
 * 考核设置: which year's rule applies to a member, and his progress against it. Shared by
 * the server (学时核查, the member's own progress) and its unit tests; the client shows what the
 * server answers.
 */

/** assessType of the reference client's EnumAssessType: the member rule and the organisation rule. */
export const ASSESS_TYPE = { user: 1, organ: 2 } as const;
export const ASSESS_TYPE_TEXT: Record<number, string> = { 1: '党员', 2: '党组织' };

/** The member rule's requirement (hours per year), as stored. */
export interface UserRuleValues {
  onlinePassPeriodForYear: number | null;
  offlinePassPeriodForYear: number | null;
}

/** '/1/5/23/' → ['/1/', '/1/5/', '/1/5/23/']: the paths of an organisation and its ancestors. */
export function ancestorPaths(organPath: string): string[] {
  const ids = organPath.split('/').filter(Boolean);
  return ids.map((_, i) => `/${ids.slice(0, i + 1).join('/')}/`);
}

/**
 * The rule that applies at `organPath`: its own organisation's, else the nearest ancestor's — a
 * lower organisation that sets its own rule overrides the one above for its whole subtree. Rules
 * of other branches (not a prefix of the path) never apply.
 */
export function nearestRule<R extends { organPath: string }>(rules: readonly R[], organPath: string): R | null {
  let best: R | null = null;
  for (const r of rules) if (organPath.startsWith(r.organPath) && (!best || r.organPath.length > best.organPath.length)) best = r;
  return best;
}

export interface AssessProgress {
  requiredOnlineHours: number;
  requiredOfflineHours: number;
  /** 应修学时: online plus offline requirement */
  requiredHours: number;
  /**
   * 完成率 in percent, two decimals cut (as study progress): the part of each requirement met,
   * online and offline counted separately — hours beyond one requirement do not make up for the
   * other, so 100 means exactly 达标.
   */
  completionRate: number;
  /** 是否达标: both requirements met */
  isPassed: boolean;
}

/**
 * A member's progress. Online credit is compared in seconds (the hours shown are rounded: 39.996 h
 * is not 40); offline hours are stored to 0.01 h, i.e. whole multiples of 36 s.
 */
export function assessProgress(rule: UserRuleValues, onlineSeconds: number, offlineHours: number): AssessProgress {
  const reqOn = Math.max(0, Number(rule.onlinePassPeriodForYear) || 0);
  const reqOff = Math.max(0, Number(rule.offlinePassPeriodForYear) || 0);
  const needOn = Math.round(reqOn * 3600);
  const needOff = Math.round(reqOff * 3600);
  const gotOn = Math.max(0, Math.floor(Number(onlineSeconds) || 0));
  const gotOff = Math.max(0, Math.round((Number(offlineHours) || 0) * 3600));
  const need = needOn + needOff;
  const met = Math.min(gotOn, needOn) + Math.min(gotOff, needOff);
  return {
    requiredOnlineHours: reqOn,
    requiredOfflineHours: reqOff,
    requiredHours: Math.round((reqOn + reqOff) * 100) / 100,
    completionRate: need <= 0 ? 100 : Math.floor((met * 10000) / need) / 100,
    isPassed: gotOn >= needOn && gotOff >= needOff,
  };
}

/** The calendar year of a platform day ('2027-01-01' → 2027). */
export const yearOfDay = (day: string): number => Number(day.slice(0, 4));
