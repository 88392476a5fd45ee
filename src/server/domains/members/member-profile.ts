import { MSG } from '../../../contract/messages';
import { ID_CARD_ANY, PHONE_ANY, maskIdCard, maskPhone } from '../../../contract/validators';
import type { Selectable } from 'kysely';
import type { PartyMemberTable } from '../../db/schema';
import type { MemberProfile } from '../../../contract/members';

/**
 * The member profile of core §3: top-level fields plus the `addition` and `partyMember` groups.
 * Spec spellings are kept (otherContack, currentTechnicalLevle, partyMemeberType, difficulInstruction, intergrity).
 */
const str = (title: string, max = 100) => ({ type: ['string', 'null'], maxLength: max, title });
const date = (title: string) => ({ type: ['string', 'null'], pattern: '^(\\d{4}-\\d{2}-\\d{2}([T ][\\d:.]+(Z|[+-]\\d{2}:?\\d{2})?)?)?$', title, 'x-message': `${title}日期格式不正确` });
const flag = (title: string) => ({ type: ['boolean', 'null'], title });
const code = (title: string) => ({ type: ['string', 'null'], maxLength: 32, title });


export const additionSchema = {
  type: 'object',
  title: '基本信息',
  properties: {
    sex: { type: ['integer', 'null'], enum: [1, 2, null], title: '性别' },
    nation: code('民族'),
    mobilePhone: { type: ['string', 'null'], maxLength: 20, title: '手机' },
    otherContack: str('其他联系方式'),
    idCard: { type: ['string', 'null'], pattern: ID_CARD_ANY, title: '身份证号', 'x-message': MSG.idCardInvalid, 'x-required-message': MSG.idCardRequired },
    birthday: date('出生日期'),
    education: code('学历'),
    nativePlace: str('籍贯'),
    isTaiWanDomicile: flag('是否台湾籍'),
    livePlace: str('现居住地', 200),
    domicileAddress: str('户籍地址', 200),
    post: code('工作岗位'),
    technicalLevel: code('技术职称'),
    currentTechnicalLevle: code('现技术职称'),
    currentSocialClass: code('现社会阶层'),
    oneLineSituation: code('一线情况'),
    isMigrantWorker: flag('是否农民工'),
    technicalLevelDate: date('职称取得日期'),
    adminDutyCode: code('行政职务'),
    adminDutyDate: date('行政职务任职日期'),
    adminDutyIsInOffice: flag('行政职务是否在任'),
    adminDutyOutDate: date('行政职务离任日期'),
    adminPTSituation: str('兼职情况', 200),
    corElectedDate: date('当选日期'),
    corExpiryDate: date('届满日期'),
    corAbortDate: date('终止日期'),
    corAbortReason: str('终止原因', 200),
  },
};

export const partyMemberGroupSchema = {
  type: 'object',
  title: '党员信息',
  properties: {
    joinPartyDate: date('入党日期'),
    partyMemeberType: { type: ['integer', 'null'], enum: [1, 2, null], default: 1, title: '党员类型' },
    formalMemberDate: date('转正日期'),
    isLostMember: flag('是否失联党员'),
    lostDate: date('失联日期'),
    lostSituation: str('失联情况', 200),
    isFlowMember: flag('是否流动党员'),
    archiveUnitName: str('档案所在单位'),
    storageType: code('档案存放方式'),
    joinPartyType: code('入党类型'),
    joinSocialClassType: code('入党时社会阶层'),
    joinPost: code('入党时工作岗位'),
    joinOrgId: { type: ['integer', 'null'], minimum: 1, title: '入党时所在党组织' },
    joinTechnicalLevel: code('入党时技术职称'),
    joinIsMigrantWorker: flag('入党时是否农民工'),
    applicationDate: date('申请入党日期'),
    developMentDate: date('列为发展对象日期'),
    activeDate: date('列为积极分子日期'),
    positiveSituation: str('转正情况', 200),
    joinEducation: code('入党时学历'),
    joinOneLineSituation: code('入党时一线情况'),
    joinIntroducers: { type: ['array', 'null'], maxItems: 10, items: { type: 'string', maxLength: 50 }, title: '入党介绍人' },
    partyDutyCode: code('党内职务'),
    partyDutyDate: date('党内职务任职日期'),
    partyDutyIsInOffice: flag('党内职务是否在任'),
    partyDutyOutDate: date('党内职务离任日期'),
    isDifficult: flag('是否困难党员'),
    difficultType: code('困难类型'),
    isLowAllowance: flag('是否低保'),
    isNoWorkOldMember: flag('是否无工作老党员'),
    isPensionBenefits: flag('是否享受养老待遇'),
    difficulInstruction: str('困难情况说明', 500),
    healthSituation: code('健康状况'),
    intergrity: str('诚信情况', 200),
  },
};

/** Top-level member form fields; the member-form messages of core §5 verbatim. */
export const memberFormProps = {
  id: { type: 'integer', minimum: 1, title: '党员' },
  name: { type: 'string', minLength: 1, maxLength: 50, title: '姓名', 'x-message': MSG.nameRequired, 'x-required-message': MSG.nameRequired },
  organId: { type: 'integer', minimum: 1, title: '党组织', 'x-message': MSG.organRequired, 'x-required-message': MSG.organRequired },
  phoneNumber: { type: 'string', pattern: PHONE_ANY, title: '手机号', 'x-message': MSG.phoneInvalid, 'x-required-message': MSG.phoneRequired },
  headImage: { type: ['string', 'null'], maxLength: 500, title: '头像' },
  isJoinOneLineSituation: { type: ['boolean', 'null'], title: '是否一线' },
  addition: additionSchema,
  partyMember: partyMemberGroupSchema,
};

export type MemberRow = Pick<
  Selectable<PartyMemberTable>,
  'organId' | 'organPath' | 'name' | 'idCard' | 'phoneNumber' | 'sex' | 'headImage' | 'partyDutyCode' | 'isJoinOneLineSituation' | 'addition' | 'partyMember'
> & { id: number; userId: number | null; status: number; organName?: string | null; userName?: string | null; creationTime?: Date };

/** Row → profile DTO. `reveal` false masks the identity card and phone (lists, readers without the right). */
export function toProfile(r: MemberRow, reveal = true): MemberProfile {
  const addition: Record<string, unknown> = { ...(r.addition as Record<string, unknown>), sex: r.sex, idCard: reveal ? r.idCard : maskIdCard(r.idCard) };
  const partyMember: Record<string, unknown> = { partyMemeberType: 1, ...(r.partyMember as Record<string, unknown>), partyDutyCode: r.partyDutyCode };
  return {
    id: r.id,
    userId: r.userId,
    name: r.name,
    organId: r.organId,
    organName: r.organName ?? '',
    organPath: r.organPath,
    headImage: r.headImage,
    userName: r.userName ?? null,
    phoneNumber: reveal ? r.phoneNumber : maskPhone(r.phoneNumber),
    isJoinOneLineSituation: r.isJoinOneLineSituation,
    status: r.status,
    addition,
    partyMember,
  };
}

/** A masked value sent back unchanged keeps what is stored. */
