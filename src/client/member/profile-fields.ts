/** Field descriptors of the member profile (core §3), grouped as the server returns them. */
export type FieldKind = 'text' | 'date' | 'flag' | 'code' | 'sex' | 'memberType' | 'tags' | 'organ' | 'textarea';
export interface ProfileField {
  name: string;
  label: string;
  kind: FieldKind;
  /** base code table name for kind 'code' */
  table?: string;
}

const f = (name: string, label: string, kind: FieldKind = 'text', table?: string): ProfileField => ({ name, label, kind, table });

export const ADDITION_FIELDS: ProfileField[] = [
  f('sex', '性别', 'sex'),
  f('nation', '民族', 'code', 'nation'),
  f('birthday', '出生日期', 'date'),
  f('idCard', '身份证号'),
  f('mobilePhone', '手机'),
  f('otherContack', '其他联系方式'),
  f('education', '学历', 'code', 'education'),
  f('nativePlace', '籍贯'),
  f('isTaiWanDomicile', '是否台湾籍', 'flag'),
  f('livePlace', '现居住地'),
  f('domicileAddress', '户籍地址'),
  f('post', '工作岗位'),
  f('technicalLevel', '技术职称', 'code', 'technicalLevel'),
  f('currentTechnicalLevle', '现技术职称', 'code', 'technicalLevel'),
  f('technicalLevelDate', '职称取得日期', 'date'),
  f('currentSocialClass', '现社会阶层', 'code', 'socialClass'),
  f('oneLineSituation', '一线情况', 'code', 'oneLineSituation'),
  f('isMigrantWorker', '是否农民工', 'flag'),
  f('adminDutyCode', '行政职务', 'code', 'adminDuty'),
  f('adminDutyDate', '行政职务任职日期', 'date'),
  f('adminDutyIsInOffice', '行政职务是否在任', 'flag'),
  f('adminDutyOutDate', '行政职务离任日期', 'date'),
  f('adminPTSituation', '兼职情况'),
  f('corElectedDate', '当选日期', 'date'),
  f('corExpiryDate', '届满日期', 'date'),
  f('corAbortDate', '终止日期', 'date'),
  f('corAbortReason', '终止原因'),
];

export const PARTY_FIELDS: ProfileField[] = [
  f('partyMemeberType', '党员类型', 'memberType'),
  f('joinPartyDate', '入党日期', 'date'),
  f('formalMemberDate', '转正日期', 'date'),
  f('applicationDate', '申请入党日期', 'date'),
  f('activeDate', '列为积极分子日期', 'date'),
  f('developMentDate', '列为发展对象日期', 'date'),
  f('positiveSituation', '转正情况', 'code', 'positiveSituation'),
  f('joinPartyType', '入党类型', 'code', 'joinPartyType'),
  f('joinOrgId', '入党时所在党组织', 'organ'),
  f('joinSocialClassType', '入党时社会阶层', 'code', 'socialClass'),
  f('joinPost', '入党时工作岗位'),
  f('joinTechnicalLevel', '入党时技术职称', 'code', 'technicalLevel'),
  f('joinEducation', '入党时学历', 'code', 'education'),
  f('joinOneLineSituation', '入党时一线情况', 'code', 'oneLineSituation'),
  f('joinIsMigrantWorker', '入党时是否农民工', 'flag'),
  f('joinIntroducers', '入党介绍人', 'tags'),
  f('partyDutyCode', '党内职务', 'code', 'partyDuty'),
  f('partyDutyDate', '党内职务任职日期', 'date'),
  f('partyDutyIsInOffice', '党内职务是否在任', 'flag'),
  f('partyDutyOutDate', '党内职务离任日期', 'date'),
  f('isLostMember', '是否失联党员', 'flag'),
  f('lostDate', '失联日期', 'date'),
  f('lostSituation', '失联情况', 'code', 'lostSituation'),
  f('isFlowMember', '是否流动党员', 'flag'),
  f('archiveUnitName', '档案所在单位'),
  f('storageType', '档案存放方式', 'code', 'storageType'),
  f('isDifficult', '是否困难党员', 'flag'),
  f('difficultType', '困难类型', 'code', 'difficultType'),
  f('isLowAllowance', '是否低保', 'flag'),
  f('isNoWorkOldMember', '是否无工作老党员', 'flag'),
  f('isPensionBenefits', '是否享受养老待遇', 'flag'),
  f('healthSituation', '健康状况', 'code', 'healthSituation'),
  f('difficulInstruction', '困难情况说明', 'textarea'),
  f('intergrity', '诚信情况'),
];

/** Flags arrive as 0/1, strings or null; the form works with booleans. */
export const toBool = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

export function coerceFlags(group: Record<string, any> | null | undefined, fields: ProfileField[]) {
  const out: Record<string, any> = { ...(group ?? {}) };
  for (const fd of fields) if (fd.kind === 'flag') out[fd.name] = toBool(out[fd.name]);
  return out;
}
