import { sql } from 'kysely';
import { keyRingOf } from '../../db/database';
import { hashKeyOf, searchHash } from '../../security/data-cipher';
import { badRequest, invalid } from '../../http/errors';
import type { CheckContext } from '../../records/checks';
import type { EffectContext } from '../../workflow/effects';
import { platformDay } from '../../platform-day';
import { addToDay, isCalendarDay } from '../../../contract/platform-time';
import { openMember } from './member-accounts';
import { isValidIdCard } from '../../../contract/validators';

/**
 * 发展党员 (schemas/development.json): the rules of 《中国共产党发展党员工作细则》(2014, 细则 below)
 * and of the 党章 that a JSON schema cannot say — the age of an applicant, the minimum and maximum
 * intervals between the stages, what each stage must have — checked when an applicant is
 * registered and at every step, and the party member's profile written when he becomes a full
 * member. Every date is a calendar day of the platform (Asia/Shanghai); "today" is the platform's.
 * The order of the stages itself (no stage skipped) is the workflow's: each step starts from the
 * stage before it only.
 */

export const DEVELOPMENT_STAGE = { applicant: 1, activist: 2, object: 3, probationary: 4, full: 5, stopped: 6 } as const;

const refuse = (message: string, member: string) => invalid([{ message, members: [member] }]);

type Data = Record<string, unknown>;
const day = (data: Data, field: string) => (typeof data[field] === 'string' && isCalendarDay(data[field] as string) ? (data[field] as string) : null);

/** A date the step needs, a real calendar day, not after the platform's today (nothing is recorded in advance). */
function pastDay(data: Data, field: string, title: string, today: string): string {
  const d = day(data, field);
  if (!d) throw refuse(`请选择${title}`, field);
  if (d > today) throw refuse(`${title}不能晚于今天`, field);
  return d;
}

/** Names separated by 、，, or spaces. */
const names = (v: unknown) => (typeof v === 'string' ? v.split(/[、，,;；\s]+/).map((s) => s.trim()).filter(Boolean) : []);

/** The birthday an 18-digit identity card carries (digits 7–14). */
function birthdayOf(idCard: string): string | null {
  const d = `${idCard.slice(6, 10)}-${idCard.slice(10, 12)}-${idCard.slice(12, 14)}`;
  return isCalendarDay(d) ? d : null;
}

/** Registering an applicant (`"check": "developmentApplicant"` on CreateApplicant). */
export async function checkDevelopmentApplicant(c: CheckContext) {
  const { db } = c.call.ctx;
  const today = platformDay(c.call.ctx);
  const idCard = String(c.data.idCard ?? '').toUpperCase();
  const birthday = birthdayOf(idCard);
  // the check digit too (GB 11643), as for every identity card an administrator enters: a typo
  // caught now, not at 转正 when the member record is made
  if (!birthday || !isValidIdCard(idCard)) throw refuse('身份证号格式错误', 'idCard');
  const applicationDate = pastDay(c.data, 'applicationDate', '申请入党日期', today);
  // 细则第五条（党章第一条）：年满十八岁的……先进分子……可以申请加入中国共产党
  if (addToDay(birthday, { years: 18 }) > applicationDate) throw refuse('申请入党时须年满十八周岁（《发展党员工作细则》第五条）', 'applicationDate');
  const talkDate = day(c.data, 'talkDate');
  if (talkDate) checkTalk(applicationDate, talkDate, today);

  if (await db.selectFrom('partyMembers').select('id').where('idCard', '=', idCard).where('isDeleted', '=', false).executeTakeFirst())
    throw refuse('该身份证号已登记为党员', 'idCard');
  const open = await db
    .selectFrom('records').select('id')
    .where('entity', '=', 'development').where('isDeleted', '=', false)
    .where('auditStatus', 'in', [DEVELOPMENT_STAGE.applicant, DEVELOPMENT_STAGE.activist, DEVELOPMENT_STAGE.object, DEVELOPMENT_STAGE.probationary])
    .where(sql<boolean>`data->>${hashKeyOf('idCard')} = ${searchHash(keyRingOf(db), 'idCard', idCard)}`)
    .executeTakeFirst();
  if (open) throw refuse('该申请人已在发展党员流程中', 'idCard');
  const phone = String(c.data.phoneNumber ?? '');
  const phoneTaken =
    (await db.selectFrom('partyMembers').select('id').where('phoneNumber', '=', phone).where('isDeleted', '=', false).executeTakeFirst()) ??
    (await db.selectFrom('users').select('id').where((eb) => eb.or([eb('phoneNumber', '=', phone), eb('userName', '=', phone)])).where('isDeleted', '=', false).executeTakeFirst());
  // the account opened at 转正 signs in with this number
  if (phoneTaken) throw refuse('该手机号已被其他账号使用', 'phoneNumber');
  return { idCard, birthday, dueDate: null };
}

/** 细则第七条：党组织收到入党申请书后，应当在一个月内派人同入党申请人谈话。 */
function checkTalk(applicationDate: string, talkDate: string, today: string) {
  if (talkDate > today) throw refuse('谈话日期不能晚于今天', 'talkDate');
  if (talkDate < applicationDate) throw refuse('谈话日期不能早于申请入党日期', 'talkDate');
  if (talkDate > addToDay(applicationDate, { months: 1 })) throw refuse('谈话须在收到入党申请书后一个月内进行（《发展党员工作细则》第七条）', 'talkDate');
}

/** The day a probation ends: a year from the branch meeting, plus the months of an extension. */
const probationEnd = (d: Data) => addToDay(addToDay(day(d, 'probationaryDate')!, { years: 1 }), { months: Number(d.extendMonths ?? 0) });

/** Every stage step (`"check": "developmentStage"` on the transitions): the guards of the stage entered. */
export async function checkDevelopmentStage(c: CheckContext): Promise<Data> {
  const today = platformDay(c.call.ctx);
  const d = c.data;
  switch (c.step?.name) {
    case 'toActivist': {
      const applicationDate = day(d, 'applicationDate')!;
      // 细则第七条：the talk within a month of the application comes before anything else
      const talkDate = day(d, 'talkDate');
      if (!talkDate) throw refuse('请填写谈话日期（收到入党申请书后一个月内谈话，《发展党员工作细则》第七条）', 'talkDate');
      checkTalk(applicationDate, talkDate, today);
      // 细则第八条：在入党申请人中确定入党积极分子 — not before the application nor the talk
      const activeDate = pastDay(d, 'activeDate', '确定为入党积极分子日期', today);
      if (activeDate < talkDate) throw refuse('确定为入党积极分子日期不能早于谈话日期', 'activeDate');
      // 细则第九条：党组织应当指定一至两名正式党员作入党积极分子的培养联系人
      const contacts = names(d.contactPersons);
      if (contacts.length < 1 || contacts.length > 2) throw refuse('培养联系人应为一至两名正式党员（《发展党员工作细则》第九条）', 'contactPersons');
      // falls due for 发展对象 when the year of 细则第十三条 is up
      return { dueDate: addToDay(activeDate, { years: 1 }) };
    }
    case 'toDevelopmentObject': {
      const activeDate = day(d, 'activeDate')!;
      const developMentDate = pastDay(d, 'developMentDate', '列为发展对象日期', today);
      // 细则第十三条：对经过一年以上培养教育和考察、基本具备党员条件的入党积极分子……可列为发展对象
      const due = addToDay(activeDate, { years: 1 });
      if (developMentDate < due) throw refuse(`入党积极分子须经过一年以上培养教育和考察才能列为发展对象（《发展党员工作细则》第十三条），最早可于 ${due} 列为发展对象`, 'developMentDate');
      return { dueDate: null };
    }
    case 'toProbationary': {
      const developMentDate = day(d, 'developMentDate')!;
      // 细则第十四条：发展对象应当有两名正式党员作入党介绍人
      if (names(d.introducers).length !== 2) throw refuse('发展对象应当有两名正式党员作入党介绍人（《发展党员工作细则》第十四条），请用顿号分隔两人姓名', 'introducers');
      // 细则第十五条：对发展对象进行政治审查；未经政治审查或政治审查不合格的，不能发展入党
      const review = pastDay(d, 'politicalReviewDate', '政治审查日期', today);
      if (review < developMentDate) throw refuse('政治审查应在列为发展对象之后进行（《发展党员工作细则》第十五条）', 'politicalReviewDate');
      // 细则第十六条：对发展对象进行短期集中培训；未经培训的，除个别特殊情况外，不能发展入党
      const training = pastDay(d, 'trainingDate', '集中培训结业日期', today);
      if (training < developMentDate) throw refuse('集中培训应在列为发展对象之后进行（《发展党员工作细则》第十六条）', 'trainingDate');
      // 细则第十七条：支部委员会审查、基层党委预审，并对发展对象进行公示
      const publicity = pastDay(d, 'publicityDate', '公示日期', today);
      if (publicity < developMentDate) throw refuse('公示应在列为发展对象之后进行（《发展党员工作细则》第十七条）', 'publicityDate');
      // 细则第十九条起：预审、公示之后，支部大会讨论接收预备党员
      const probationary = pastDay(d, 'probationaryDate', '接收为预备党员日期', today);
      const latest = [review, training, publicity].sort().pop()!;
      if (probationary <= latest) throw refuse('支部大会接收预备党员应在政治审查、集中培训和公示之后（《发展党员工作细则》第十五条至第十九条）', 'probationaryDate');
      // the probation of a year runs from the branch meeting (党章第七条)
      return { dueDate: addToDay(probationary, { years: 1 }) };
    }
    case 'extendProbation': {
      // 细则第三十条（党章第七条）：预备期满时，需要继续考察和教育的，可以延长一次预备期，延长时间不能少于半年，最长不超过一年
      if ((c.step.record.data as Data).extendMonths != null) throw refuse('预备期只能延长一次（《发展党员工作细则》第三十条）', 'extendMonths');
      const year = addToDay(day(d, 'probationaryDate')!, { years: 1 });
      const extendDate = pastDay(d, 'extendDate', '延长预备期日期', today);
      if (extendDate < year) throw refuse(`预备期满时才能决定延长预备期（《发展党员工作细则》第三十条），预备期满日为 ${year}`, 'extendDate');
      const months = Number(d.extendMonths);
      if (!Number.isInteger(months) || months < 6 || months > 12) throw refuse('延长预备期不能少于半年，最长不超过一年（《发展党员工作细则》第三十条）', 'extendMonths');
      if (!String(d.extendReason ?? '').trim()) throw refuse('请填写延长原因', 'extendReason');
      // the probation now ends that many months later
      return { dueDate: probationEnd(d) };
    }
    case 'toFullMember': {
      const fullMemberDate = pastDay(d, 'fullMemberDate', '转正日期', today);
      // 党章第七条、细则第二十八条：预备党员的预备期为一年，从支部大会通过他为预备党员之日算起 — and
      // an extended probation (细则第三十条) ends that many months later
      const due = probationEnd(d);
      if (fullMemberDate < due) {
        const rule = d.extendMonths != null ? `预备期已延长${d.extendMonths}个月（《发展党员工作细则》第三十条），延长的预备期满才能转为正式党员` : '预备期为一年，预备期满才能转为正式党员（党章第七条、《发展党员工作细则》第二十八条）';
        throw refuse(`${rule}，预备期满日为 ${due}`, 'fullMemberDate');
      }
      return { dueDate: null };
    }
    default:
      return {};
  }
}

/**
 * 转为正式党员: the person becomes (or, registered meanwhile, is updated to) a full member of the
 * record's organisation — through the member service's own create path (account, member role,
 * initial password by SMS), in the step's transaction. 入党日期 is the day he became a
 * 预备党员 (党章第七条: 党员的党龄从预备期满转为正式党员之日算起; 入党日期 is the 支部大会's day).
 */
export async function enrolFullMember({ trx, call, record, data, to }: EffectContext) {
  if (to !== DEVELOPMENT_STAGE.full) return;
  const career = {
    partyMemeberType: 1,
    joinPartyDate: data.probationaryDate,
    formalMemberDate: data.fullMemberDate,
    applicationDate: data.applicationDate,
    activeDate: data.activeDate,
    developMentDate: data.developMentDate,
    joinIntroducers: names(data.introducers),
  };
  const idCard = String(data.idCard);
  const existing = await trx.selectFrom('partyMembers').select(['id', 'organPath']).where('idCard', '=', idCard).where('isDeleted', '=', false).executeTakeFirst();
  let memberId: number;
  if (existing) {
    // registered meanwhile (e.g. as a 预备党员): his profile takes the career, wherever he is within the record's subtree
    if (!existing.organPath.startsWith(record.organPath)) throw badRequest('该身份证号已登记为其他党组织的党员，无法转正');
    await trx
      .updateTable('partyMembers')
      .set({ partyMemberType: 1, partyMember: sql`coalesce(party_member, '{}'::jsonb) || ${JSON.stringify(career)}::jsonb`, lastModificationTime: call.ctx.now() })
      .where('id', '=', existing.id)
      .execute();
    memberId = existing.id;
  } else {
    memberId = await openMember(
      call,
      { name: String(data.name), organId: record.organId, phoneNumber: String(data.phoneNumber), addition: { idCard, sex: data.sex ?? null, birthday: data.birthday ?? null }, partyMember: career },
      trx,
    );
  }
  await trx.updateTable('records').set({ data: sql`data || ${JSON.stringify({ memberId })}::jsonb` }).where('id', '=', record.id).execute();
}
