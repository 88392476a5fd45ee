/**
 * 上级精神, 基层动态 (我的学习) and 党务公开 (我与支部): one list, one article page and one 学习心得 form,
 * told apart by the kind the route belongs to (core §2: superSpirit and basicDynamic share one list
 * screen distinguished by type; partyAffairs and info, type affairs).
 */
import type { InfoKind } from '../../api/public-info';

export interface KindDef {
  kind: InfoKind;
  title: string;
  list: string;
  info: string;
  /** 党务公开 has no 学习心得 route */
  createReport: string | null;
  empty: string;
}

const S = '/partyMember/iStudy';

export const KINDS: Record<InfoKind, KindDef> = {
  spirit: { kind: 'spirit', title: '上级精神', list: `${S}/superSpirit`, info: `${S}/superSpirit/info`, createReport: `${S}/superSpirit/createReport`, empty: '暂无上级精神' },
  dynamic: { kind: 'dynamic', title: '基层动态', list: `${S}/basicDynamic`, info: `${S}/basicDynamic/info`, createReport: `${S}/basicDynamic/createReport`, empty: '暂无基层动态' },
  affairs: { kind: 'affairs', title: '党务公开', list: '/partyMember/iBranch/partyAffairs', info: '/partyMember/iBranch/partyAffairs/info', createReport: null, empty: '暂无党务公开信息' },
};

/** The kind of a route of this folder (its list path is a prefix of the route). */
export const kindOfPath = (pathname: string): KindDef =>
  Object.values(KINDS).find((k) => pathname === k.list || pathname.startsWith(`${k.list}/`)) ?? KINDS.spirit;

/** A positive integer id of the query, or 0. */
export const idOf = (raw: string | null) => (raw && /^\d{1,12}$/.test(raw) ? Number(raw) : 0);
