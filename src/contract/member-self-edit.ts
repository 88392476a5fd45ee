/**
 * What a member may change in his own profile (个人信息). The organisation keeps his party record:
 * where he belongs (changed only by 组织关系转接 or an administrator of his subtree), his identity
 * number and the whole 党员信息 group (membership, development, duty, archive, loss/flow, integrity,
 * and the hardship entries an approved 困难帮扶 application writes). Every member who can sign in has
 * been audited (approved registration or created by an administrator), so these are always the
 * administrator's. His name, contact details, photo, education and work (基本信息) stay his.
 * One list for the server (refuses a changed value) and the page (shows them read-only).
 */
export type LockedKind = 'value' | 'date' | 'flag' | 'list';
export interface LockedField {
  /** 'organId' at the top level, or the field inside the addition / partyMember group */
  group: 'top' | 'addition' | 'partyMember';
  name: string;
  label: string;
  kind: LockedKind;
}

const pm = (name: string, label: string, kind: LockedKind = 'value'): LockedField => ({ group: 'partyMember', name, label, kind });

export const MEMBER_LOCKED_FIELDS: LockedField[] = [
  { group: 'top', name: 'organId', label: '所在党组织', kind: 'value' },
  { group: 'addition', name: 'idCard', label: '身份证号', kind: 'value' },
  pm('partyMemeberType', '党员类型'),
  pm('joinPartyDate', '入党日期', 'date'),
  pm('formalMemberDate', '转正日期', 'date'),
  pm('applicationDate', '申请入党日期', 'date'),
  pm('activeDate', '列为积极分子日期', 'date'),
  pm('developMentDate', '列为发展对象日期', 'date'),
  pm('positiveSituation', '转正情况'),
  pm('joinPartyType', '入党类型'),
  pm('joinOrgId', '入党时所在党组织'),
  pm('joinSocialClassType', '入党时社会阶层'),
  pm('joinPost', '入党时工作岗位'),
  pm('joinTechnicalLevel', '入党时技术职称'),
  pm('joinEducation', '入党时学历'),
  pm('joinOneLineSituation', '入党时一线情况'),
  pm('joinIsMigrantWorker', '入党时是否农民工', 'flag'),
  pm('joinIntroducers', '入党介绍人', 'list'),
  pm('partyDutyCode', '党内职务'),
  pm('partyDutyDate', '党内职务任职日期', 'date'),
  pm('partyDutyIsInOffice', '党内职务是否在任', 'flag'),
  pm('partyDutyOutDate', '党内职务离任日期', 'date'),
  pm('isLostMember', '是否失联党员', 'flag'),
  pm('lostDate', '失联日期', 'date'),
  pm('lostSituation', '失联情况'),
  pm('isFlowMember', '是否流动党员', 'flag'),
  pm('archiveUnitName', '档案所在单位'),
  pm('storageType', '档案存放方式'),
  pm('intergrity', '诚信情况'),
  // written by an approved 困难帮扶 application, not declared by the member himself
  pm('isDifficult', '是否困难党员', 'flag'),
  pm('difficultType', '困难类型'),
  pm('isLowAllowance', '是否低保', 'flag'),
  pm('isNoWorkOldMember', '是否无工作老党员', 'flag'),
  pm('isPensionBenefits', '是否享受养老待遇', 'flag'),
  pm('difficulInstruction', '困难情况说明'),
  pm('healthSituation', '健康状况'),
];

export const isMemberLocked = (group: LockedField['group'], name: string) => MEMBER_LOCKED_FIELDS.some((f) => f.group === group && f.name === name);

export const lockedMessage = (f: LockedField) =>
  f.name === 'organId' && f.group === 'top' ? '所在党组织不能自行修改，请通过组织关系转接办理' : `${f.label}由党组织管理员维护，不能自行修改`;

/** Comparable form of a value as stored or as echoed back by a form (flags as booleans, dates as days, empty as null). */
export function normaliseLocked(kind: LockedKind, v: unknown): string | null {
  if (kind === 'flag') return v === true || v === 1 || v === '1' || v === 'true' ? 'true' : null;
  if (v === undefined || v === null || v === '') return null;
  if (kind === 'date') return String(v).slice(0, 10);
  if (kind === 'list') return Array.isArray(v) ? (v.length ? JSON.stringify(v) : null) : String(v);
  return String(v).trim().toUpperCase();
}
