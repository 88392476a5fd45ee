import { takeStep } from '../../workflow/decide';
import { ORGAN_CHANGE } from '../../../contract/party-space';
import { AUDIT_STEP } from '../../workflow/types';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { MSG } from '../../../contract/messages';
import { P } from '../../../contract/permissions';
import { ID_CARD_ANY, unmasked, validateMemberForm } from '../../../contract/validators';
import { action, defineService, hasPermission, type Call } from '../../http/actions';
import { badRequest, forbidden, invalid, notFound } from '../../http/errors';
import { idInput, objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { subtreeOrder, subtreeRange, requireApproved, getOrgan } from '../../scope';
import { hashPassword } from '../../security/passwords';
import { consumePhoneCode } from '../../security/phone-codes';
import type { Database } from '../../db/database';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { describeSession, heldRoles } from '../../services/session';
import { assertStrong, userService } from '../../services/user';
import { memberFormProps, toProfile, type MemberRow } from './member-profile';
import { analysisAction } from './member-analysis';
import { memberImportActions } from './member-import';
import { abroadActions, bonusPenaltyActions, memberSubRecords } from './member-sub-records';
import { isValidIdCard } from '../../db/seed/idcard';
import { recordSensitiveView } from '../../http/audit-log';
import { lockedMessage, MEMBER_LOCKED_FIELDS, normaliseLocked } from '../../../contract/member-self-edit';
import { findSecretary } from '../organisations';

export type Profile = {
  id?: number;
  name: string;
  organId: number;
  phoneNumber: string;
  headImage?: string | null;
  isJoinOneLineSituation?: boolean | null;
  addition?: Record<string, any>;
  partyMember?: Record<string, any>;
};

const PROFILE = '党员档案 {id, name, organId, organName, headImage, userName, phoneNumber, isJoinOneLineSituation, addition{…}, partyMember{…}}';
const LIST_ITEM = '{id, name, sex, organId, organName, phoneNumber(脱敏), idCard(脱敏), partyDutyCode, partyMemeberType, joinPartyDate, status}';

const members = (db: Database) =>
  db
    .selectFrom('partyMembers as m')
    .innerJoin('organizations as o', 'o.id', 'm.organId')
    .leftJoin('users as u', 'u.id', 'm.userId')
    .select([
      'm.id', 'm.userId', 'm.organId', 'm.organPath', 'o.organName', 'u.userName', 'm.name', 'm.idCard', 'm.phoneNumber', 'm.sex', 'm.headImage',
      'm.partyDutyCode', 'm.isJoinOneLineSituation', 'm.status', 'm.addition', 'm.partyMember', 'm.creationTime', 'm.auditRemark', 'm.auditTime',
    ])
    .where('m.isDeleted', '=', false);

async function loadMember(db: Database, id: number) {
  const row = await members(db).where('m.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG.memberNotFound);
  return row;
}

/** The one loader of another member by id: beyond the caller's subtree he answers as a missing one (404). */
async function loadInScope(call: Call<unknown>, id: number, notFoundMessage: string = MSG.memberNotFound) {
  const row = await members(call.ctx.db).where('m.id', '=', id).executeTakeFirst();
  call.requireVisible(row?.organPath, notFoundMessage);
  return row!;
}

/**
 * Core §5 member-form rules, checked on the server too (the identity card sits in `addition`).
 * Values are checked as they will be stored: a masked value sent back stands for the stored one.
 * An administrator's entry must also carry a right check digit (GB 11643): a typo is 身份证号格式错误.
 */
export function memberFormErrors(p: Profile, stored?: Pick<MemberRow, 'phoneNumber' | 'idCard'>, opts: { checksum?: boolean; idCardMember?: string } = {}) {
  const phoneNumber = unmasked(p.phoneNumber, stored?.phoneNumber ?? null);
  const idCard = unmasked(p.addition?.idCard, stored?.idCard ?? null);
  const errors = validateMemberForm({ name: p.name, organId: p.organId, phoneNumber, idCard }, { requireIdCard: true });
  if (opts.checksum && idCard && idCard !== stored?.idCard && !errors.some((e) => e.members[0] === 'idCard') && !isValidIdCard(idCard.toUpperCase())) {
    errors.push({ message: MSG.idCardInvalid, members: ['idCard'] });
  }
  const idMember = opts.idCardMember ?? 'idCard';
  return errors.map((e) => (e.members[0] === 'idCard' ? { ...e, members: [idMember] } : e));
}

function checkForm(p: Profile, stored?: Pick<MemberRow, 'phoneNumber' | 'idCard'>, opts?: { checksum?: boolean; idCardMember?: string }) {
  const errors = memberFormErrors(p, stored, opts);
  if (errors.length) throw invalid(errors);
}

async function assertUnique(db: Database, field: 'idCard' | 'phoneNumber', value: string | null, exceptMemberId?: number) {
  if (!value) return;
  let q = db.selectFrom('partyMembers').select('id').where(field, '=', value).where('isDeleted', '=', false);
  if (exceptMemberId) q = q.where('id', '!=', exceptMemberId);
  if (await q.executeTakeFirst()) {
    const message = field === 'idCard' ? MSG.idCardExists : MSG.phoneExists;
    throw badRequest(message, { validationErrors: [{ message, members: [field] }] });
  }
}

/** Splits a profile into the promoted columns and the JSON groups. */
function toColumns(p: Profile, stored?: MemberRow) {
  const { sex, idCard, ...addition } = p.addition ?? {};
  const { partyDutyCode, ...partyMember } = p.partyMember ?? {};
  return {
    name: p.name.trim(),
    phoneNumber: unmasked(p.phoneNumber, stored?.phoneNumber ?? null),
    idCard: unmasked(idCard, stored?.idCard ?? null)?.toUpperCase() ?? null,
    sex: sex ?? null,
    headImage: p.headImage ?? null,
    isJoinOneLineSituation: !!p.isJoinOneLineSituation,
    partyDutyCode: partyDutyCode ?? null,
    partyMemberType: Number(partyMember.partyMemeberType ?? 1),
    addition: JSON.stringify(addition),
    partyMember: JSON.stringify(partyMember),
  };
}

const listFilters = {
  keyword: { type: 'string', maxLength: 50, title: '关键字' },
  organPath: { type: 'string', maxLength: 500, pattern: '^/(\\d+/)*$', title: '党组织', 'x-message': MSG.organRequired },
  name: { type: 'string', maxLength: 50, title: '姓名' },
  idCard: { type: 'string', maxLength: 18, title: '身份证号' },
  phoneNumber: { type: 'string', maxLength: 11, title: '手机号' },
  sex: { type: 'integer', enum: [1, 2], title: '性别' },
  partyDutyCodes: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 32 }, title: '党内职务' },
  partyMemeberType: { type: 'integer', enum: [1, 2], title: '党员类型' },
};
type ListInput = PagingInput & { reveal?: boolean; keyword?: string; organPath?: string; name?: string; idCard?: string; phoneNumber?: string; sex?: number; partyDutyCodes?: string[]; partyMemeberType?: number };

/** The member list, always inside the caller's subtree (a narrower organPath must lie inside it). */
async function pageMembers(call: Call<ListInput>, status = 1) {
  const { ctx, input, user } = call;
  if (input.organPath) call.requireScope(input.organPath);
  // numbers in full (an export 导出完整信息): only with the right, and every page of them is logged
  if (input.reveal && !canSeeSensitive(call)) throw forbidden(`${MSG.forbidden}（${P.PartyMemberViewSensitive}）`);
  let q = members(ctx.db).where(subtreeRange('m.organPath', input.organPath || user.organPath)).where('m.status', '=', status);
  const like = (v: string) => `%${v.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (input.keyword) q = q.where((eb) => eb.or([eb('m.name', 'like', like(input.keyword!)), eb('m.phoneNumber', '=', input.keyword!.trim()), eb('m.idCard', '=', input.keyword!.trim().toUpperCase())]));
  if (input.name) q = q.where('m.name', 'like', like(input.name));
  if (input.idCard) q = q.where('m.idCard', '=', input.idCard.trim().toUpperCase());
  if (input.phoneNumber) q = q.where('m.phoneNumber', '=', input.phoneNumber.trim());
  if (input.sex) q = q.where('m.sex', '=', input.sex);
  if (input.partyDutyCodes?.length) q = q.where('m.partyDutyCode', 'in', input.partyDutyCodes);
  if (input.partyMemeberType) q = q.where('m.partyMemberType', '=', input.partyMemeberType);
  const page = await pageQuery<Awaited<ReturnType<typeof loadMember>>>(q, input, (x) => x.orderBy(subtreeOrder('m.organPath')).orderBy('m.id'));
  if (input.reveal && page.items.length) await logSensitiveView(call, 'PageList', page.items.map((r) => r.id), { reveal: true });
  return {
    totalCount: page.totalCount,
    items: page.items.map((r) => {
      const p = toProfile(r, !!input.reveal);
      return {
        id: r.id, userId: r.userId, name: r.name, sex: r.sex, organId: r.organId, organName: r.organName, phoneNumber: p.phoneNumber, idCard: p.addition.idCard,
        partyDutyCode: r.partyDutyCode, partyMemeberType: p.partyMember.partyMemeberType, joinPartyDate: p.partyMember.joinPartyDate ?? null,
        status: r.status, creationTime: r.creationTime, auditRemark: r.auditRemark, auditTime: r.auditTime,
      };
    }),
  };
}

export type MemberColumns = ReturnType<typeof toColumns>;
type NewMember = { cols: MemberColumns; organ: { id: number; organPath: string }; passwordHash: string };

/** Phone numbers already taken by a member or an account (the account's user name is the phone). */
export async function takenPhones(db: Database, phones: string[]): Promise<Set<string>> {
  if (!phones.length) return new Set();
  const [m, u] = await Promise.all([
    db.selectFrom('partyMembers').select('phoneNumber').where('phoneNumber', 'in', phones).where('isDeleted', '=', false).execute(),
    db.selectFrom('users').select(['phoneNumber', 'userName']).where((eb) => eb.or([eb('phoneNumber', 'in', phones), eb('userName', 'in', phones)])).where('isDeleted', '=', false).execute(),
  ]);
  return new Set([...m.map((r) => r.phoneNumber!), ...u.flatMap((r) => [r.phoneNumber ?? '', r.userName])].filter((x) => phones.includes(x)));
}

/** Identity cards already on a member's record. */
export async function takenIdCards(db: Database, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('partyMembers').select('idCard').where('idCard', 'in', ids).where('isDeleted', '=', false).execute();
  return new Set(rows.map((r) => r.idCard!));
}

/**
 * Writes members and their login accounts (user name = phone number) inside the caller's
 * transaction: the one path of Create, SimpleCreate, registration and the Excel import.
 */
export async function insertMembers(trx: Database, call: Call<unknown>, news: NewMember[], opts: { status: number; needChangePassword: boolean }) {
  const defaultRole = await trx.selectFrom('roles').select('id').where('isDefault', '=', true).executeTakeFirst();
  const ids: number[] = [];
  for (const n of news) {
    const { cols, organ, passwordHash } = n;
    const u = await trx
      .insertInto('users')
      .values({ userName: cols.phoneNumber!, name: cols.name, passwordHash, phoneNumber: cols.phoneNumber, phoneConfirmed: opts.status === 0, organId: organ.id, userType: 0, needChangePassword: opts.needChangePassword, creatorUserId: call.user?.userId ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const m = await trx
      .insertInto('partyMembers')
      .values({ ...cols, userId: u.id, organId: organ.id, organPath: organ.organPath, status: opts.status, creatorUserId: call.user?.userId ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    // a pending registration gets the member role only once approved
    if (opts.status === 1 && defaultRole) await trx.insertInto('userRoles').values({ userId: u.id, roleId: defaultRole.id, organId: organ.id }).execute();
    ids.push(m.id);
  }
  return ids;
}

/**
 * Creates the member and his login account in one transaction — or in the caller's (`trx`: a
 * workflow step that makes a member, e.g. 转为正式党员).
 */
async function createMember(
  call: Call<unknown>,
  p: Profile,
  opts: { status: number; password: string; needChangePassword: boolean; checksum?: boolean; idCardMember?: string },
  trx?: Transaction<DB>,
) {
  const db: Database = trx ?? call.ctx.db;
  checkForm(p, undefined, { checksum: opts.checksum, idCardMember: opts.idCardMember });
  const organ = await getOrgan(db, p.organId);
  // registration and administrators alike: never into an organisation waiting for audit
  requireApproved(organ);
  const cols = toColumns(p);
  await assertUnique(db, 'idCard', cols.idCard);
  await assertUnique(db, 'phoneNumber', cols.phoneNumber);
  if ((await takenPhones(db, [cols.phoneNumber!])).size) throw badRequest(MSG.phoneExists, { validationErrors: [{ message: MSG.phoneExists, members: ['phoneNumber'] }] });
  const passwordHash = await hashPassword(opts.password);
  const write = (t: Transaction<DB>) => insertMembers(t as unknown as Database, call, [{ cols, organ, passwordHash }], opts);
  const [id] = await (trx ? write(trx) : call.ctx.db.transaction().execute(write));
  return id;
}

/** Moves the member (and his default-role binding) when an administrator changes his organisation. */
async function updateMember(call: Call<unknown>, stored: MemberRow, p: Profile, allowOrganChange: boolean) {
  const { ctx } = call;
  checkForm(p, stored, allowOrganChange ? { checksum: true, idCardMember: 'addition.idCard' } : undefined);
  const cols = toColumns(p, stored);
  await assertUnique(ctx.db, 'idCard', cols.idCard, stored.id);
  await assertUnique(ctx.db, 'phoneNumber', cols.phoneNumber, stored.id);
  let organ = { id: stored.organId, organPath: stored.organPath };
  if (allowOrganChange && p.organId !== stored.organId) {
    const target = await getOrgan(ctx.db, p.organId);
    call.requireScope(target.organPath);
    requireApproved(target);
    organ = { id: target.id, organPath: target.organPath };
  }
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('partyMembers').set({ ...cols, organId: organ.id, organPath: organ.organPath, lastModificationTime: ctx.now() }).where('id', '=', stored.id).execute();
    if (stored.userId) {
      await trx.updateTable('users').set({ name: cols.name, organId: organ.id }).where('id', '=', stored.userId).execute();
      if (organ.id !== stored.organId) {
        const def = await trx.selectFrom('roles').select('id').where('isDefault', '=', true).executeTakeFirst();
        if (def) await trx.updateTable('userRoles').set({ organId: organ.id }).where('userId', '=', stored.userId).where('roleId', '=', def.id).execute();
      }
    }
  });
}

/**
 * A member's own update: an administrator-only field echoed back unchanged (or left out) keeps the
 * stored value; a changed one is refused, naming the field.
 */
function guardOwnEdit(stored: MemberRow, p: Profile): Profile {
  const current = toProfile(stored);
  const out: Profile = { ...p, addition: { ...(p.addition ?? {}) }, partyMember: { ...(p.partyMember ?? {}) } };
  const errors: { message: string; members: string[] }[] = [];
  for (const f of MEMBER_LOCKED_FIELDS) {
    const into = (f.group === 'top' ? out : out[f.group]!) as Record<string, unknown>;
    const was = (f.group === 'top' ? current : current[f.group]) as Record<string, unknown>;
    const sent = into[f.name];
    const masked = typeof sent === 'string' && sent.includes('*');
    if (sent !== undefined && !masked && normaliseLocked(f.kind, sent) !== normaliseLocked(f.kind, was[f.name])) {
      errors.push({ message: lockedMessage(f), members: [f.group === 'top' ? f.name : `${f.group}.${f.name}`] });
    }
    if (was[f.name] === undefined) delete into[f.name];
    else into[f.name] = was[f.name];
  }
  if (errors.length) throw invalid(errors);
  return out;
}

const profileInput = objectInput(memberFormProps, ['name', 'organId', 'phoneNumber']);
const simpleProps = {
  id: memberFormProps.id,
  name: memberFormProps.name,
  organId: memberFormProps.organId,
  phoneNumber: memberFormProps.phoneNumber,
  idCard: { type: 'string', pattern: ID_CARD_ANY, title: '身份证号', 'x-message': MSG.idCardInvalid, 'x-required-message': MSG.idCardRequired },
  sex: { type: ['integer', 'null'], enum: [1, 2, null], title: '性别' },
  partyDutyCode: { type: ['string', 'null'], maxLength: 32, title: '党内职务' },
  partyMemeberType: { type: ['integer', 'null'], enum: [1, 2, null], title: '党员类型' },
  joinPartyDate: { type: ['string', 'null'], pattern: '^(\\d{4}-\\d{2}-\\d{2}.*)?$', title: '入党日期', 'x-message': '入党日期格式不正确' },
};
type Simple = { id?: number; name: string; organId: number; phoneNumber: string; idCard: string; sex?: number | null; partyDutyCode?: string | null; partyMemeberType?: number | null; joinPartyDate?: string | null };
const simpleToProfile = (s: Simple, stored?: ReturnType<typeof toProfile>): Profile => ({
  name: s.name,
  organId: s.organId,
  phoneNumber: s.phoneNumber,
  headImage: stored?.headImage ?? null,
  isJoinOneLineSituation: stored?.isJoinOneLineSituation ?? false,
  addition: { ...(stored?.addition ?? {}), idCard: s.idCard, sex: s.sex ?? stored?.addition.sex ?? null },
  partyMember: { ...(stored?.partyMember ?? {}), partyDutyCode: s.partyDutyCode ?? null, partyMemeberType: s.partyMemeberType ?? 1, joinPartyDate: s.joinPartyDate ?? null },
});

export const initialPassword = () => `Dj${randomBytes(6).toString('base64url')}9`;
/** The SMS of an account an administrator opened (Create, SimpleCreate, import). */
export const sendInitialPassword = (call: Call<unknown>, phone: string, password: string) =>
  call.ctx.sms.send(phone, `【党建学习平台】已为您开通党员账号，登录名为本手机号，初始密码${password}，首次登录请修改密码。`);

/**
 * An administrator's new member of his subtree, with an account whose initial password goes out by
 * SMS; in the caller's transaction when given (a member made by 转为正式党员). Answers the member id.
 */
export async function openMember(call: Call<unknown>, profile: Profile, trx?: Transaction<DB>, idCardMember = 'addition.idCard') {
  const organ = await getOrgan(trx ?? call.ctx.db, profile.organId);
  call.requireScope(organ.organPath);
  const password = initialPassword();
  const id = await createMember(call, profile, { status: 1, password, needChangePassword: true, checksum: true, idCardMember }, trx);
  // inside a caller's transaction the account exists only once it commits: the SMS waits for that
  if (trx) call.afterSuccess(() => sendInitialPassword(call, profile.phoneNumber, password));
  else await sendInitialPassword(call, profile.phoneNumber, password);
  return id;
}

/** An administrator adds a member in his subtree. */
async function createByAdmin(call: Call<unknown>, profile: Profile, idCardMember = 'addition.idCard') {
  return adminView(call, await loadMember(call.ctx.db, await openMember(call, profile, undefined, idCardMember)));
}

/** Who saw whose identity card and phone in full (auditLogs). */
const logSensitiveView = (call: Call<unknown>, action: string, memberIds: number[], detail?: Record<string, unknown>) =>
  recordSensitiveView(call.ctx, call.req, { service: 'PartyMemberService', action, targetIds: memberIds, detail });

const canSeeSensitive = (call: Call<unknown>) => hasPermission(call.user, P.PartyMemberViewSensitive);

/** A profile as an administrator's answer: identity card and phone masked unless he holds the right. */
const adminView = (call: Call<unknown>, row: MemberRow) => toProfile(row, canSeeSensitive(call));

const memberImport = memberImportActions({
  formErrors: (p) => memberFormErrors(p, undefined, { checksum: true }),
  columns: (p) => toColumns(p),
  takenPhones,
  takenIdCards,
  insert: insertMembers,
  initialPassword,
  sendInitialPassword,
});

export const partyMemberService = defineService('PartyMemberService', {
  GetCurrentUserSessionData: action({
    method: 'GET',
    summary: '当前会话信息（当前角色、管理组织与全部角色）',
    access: 'self',
    returns: '会话字段（不含令牌）及 roles[]',
    async handler({ ctx, user }) {
      const session = await describeSession(ctx, user.userId, user.roleId && user.organId ? { roleId: user.roleId, organId: user.organId } : null);
      const roles = await heldRoles(ctx.db, user.userId);
      return { ...session, isDefaultRole: user.isDefaultRole, roles: roles.map((r) => ({ roleId: r.roleId, roleName: r.roleDisplayName, organId: r.organId, organName: r.organName, isDefault: r.isDefault })) };
    },
  }),

  GetCurrentPartyMemberInfo: action({
    method: 'GET',
    summary: '本人党员档案',
    access: 'self',
    returns: PROFILE,
    async handler({ ctx, user }) {
      const row = await members(ctx.db).where('m.userId', '=', user.userId).executeTakeFirst();
      if (!row) throw notFound(MSG.memberNotFound);
      return { ...toProfile(row), ...(await memberSubRecords(ctx.db, row)) };
    },
  }),

  UpdatePartyMemberInfo: action<Profile>({
    method: 'PUT',
    summary: '修改党员档案：党员改本人（所在党组织、身份证号及组织维护的党员信息不能自行修改，改动即 400），管理员（Pages.PartyMember.Update）改管理范围内党员',
    access: 'self',
    input: profileInput,
    returns: PROFILE,
    async handler(call) {
      const { ctx, input, user } = call;
      const own = await ctx.db.selectFrom('partyMembers').select('id').where('userId', '=', user.userId).where('isDeleted', '=', false).executeTakeFirst();
      const targetId = input.id ?? own?.id;
      if (!targetId) throw notFound(MSG.memberNotFound);
      const isOwn = targetId === own?.id;
      if (!isOwn && !hasPermission(user, P.PartyMemberUpdate)) throw forbidden(`${MSG.forbidden}（${P.PartyMemberUpdate}）`);
      const stored = isOwn ? await loadMember(ctx.db, targetId) : await loadInScope(call, targetId);
      // an administrator of his subtree may change everything; a member only his own details
      const asAdmin = !isOwn || (hasPermission(user, P.PartyMemberUpdate) && !user.isDefaultRole);
      await updateMember(call, stored, asAdmin ? input : guardOwnEdit(stored, input), asAdmin);
      const saved = await loadMember(ctx.db, targetId);
      return isOwn ? toProfile(saved) : adminView(call, saved);
    },
  }),

  UpdateMemberPassword: action<{ oldPassword: string; newPassword: string }>({
    method: 'PUT',
    summary: '党员修改本人密码',
    access: 'self',
    input: objectInput(
      { oldPassword: { type: 'string', minLength: 1, maxLength: 128, title: '原密码' }, newPassword: { type: 'string', minLength: 1, maxLength: 128, title: '新密码' } },
      ['oldPassword', 'newPassword'],
    ),
    // the same rule as UserService/UpdatePassword: one implementation
    handler: (call) => userService.actions.UpdatePassword.handler(call),
  }),

  PartyMemberRegister: action<{ name: string; organId: number; phoneNumber: string; idCard: string; password: string; phoneCode: string; sex?: number }>({
    method: 'POST',
    summary: '党员自助注册（短信验证手机号；待所在组织管理员审核通过后方可登录）',
    access: 'public',
    returns: '{id, status: 0}',
    input: objectInput(
      {
        name: memberFormProps.name,
        organId: memberFormProps.organId,
        phoneNumber: { ...memberFormProps.phoneNumber, pattern: '^1[3-9]\\d{9}$' },
        idCard: { ...simpleProps.idCard, pattern: '^(\\d{15}|\\d{17}[\\dXx])$' },
        sex: simpleProps.sex,
        password: { type: 'string', minLength: 1, maxLength: 128, title: '密码', 'x-required-message': '请输入密码' },
        phoneCode: { type: 'string', pattern: '^\\d{6}$', title: '短信验证码', 'x-message': MSG.phoneCodeWrong, 'x-required-message': '请输入短信验证码' },
      },
      ['name', 'organId', 'phoneNumber', 'idCard', 'password', 'phoneCode'],
    ),
    async handler(call) {
      const { ctx, input } = call;
      const organ = await getOrgan(ctx.db, input.organId);
      assertStrong(input.password);
      checkForm({ name: input.name, organId: input.organId, phoneNumber: input.phoneNumber, addition: { idCard: input.idCard } });
      await consumePhoneCode(ctx, input.phoneNumber, 'register', input.phoneCode);
      const id = await createMember(call, { name: input.name, organId: organ.id, phoneNumber: input.phoneNumber, addition: { idCard: input.idCard, sex: input.sex ?? null }, partyMember: {} }, { status: 0, password: input.password, needChangePassword: false });
      return { id, status: 0 };
    },
  }),

  RegisterAuditPageList: action<ListInput & { status?: number }>({
    method: 'GET',
    summary: '注册审核列表（扩展接口）：status 0 待审核（默认），1 已通过，2 未通过',
    access: { permission: P.PartyMemberAuditeList },
    returns: `{totalCount, items: ${LIST_ITEM}[]}`,
    input: pagedInput({ ...listFilters, status: { type: 'integer', enum: [0, 1, 2], default: 0, title: '审核状态' } }),
    async handler(call) {
      const status = call.input.status ?? 0;
      if (status === 1) {
        // approved registrations: members who registered themselves (no creator) and have been audited
        const page = await pageMembers(call, 1);
        return { totalCount: page.totalCount, items: page.items };
      }
      return pageMembers(call, status);
    },
  }),

  AuditRegister: action<{ id: number; approved: boolean; remark?: string }>({
    method: 'POST',
    summary: '审核党员注册（扩展接口）：通过后授予党员角色并可登录；不通过须填写备注',
    access: { permission: P.PartyMemberAuditeList },
    input: objectInput(
      {
        id: { type: 'integer', minimum: 1, title: '注册申请' },
        approved: { type: 'boolean', title: '审核结果' },
        remark: { type: 'string', maxLength: 500, title: '备注' },
      },
      ['id', 'approved'],
    ),
    async handler(call) {
      const { ctx, input, user } = call;
      const row = await loadInScope(call, input.id);
      const def = await ctx.db.selectFrom('roles').select('id').where('isDefault', '=', true).executeTakeFirst();
      await takeStep(call, {
        subject: { type: 'memberRegistration', id: row.id, noun: '申请', state: row.status, organId: row.organId, organPath: row.organPath, ownerUserId: row.userId },
        name: 'audit',
        step: AUDIT_STEP,
        input,
        async apply(trx, to, remark) {
          const hit = await trx.updateTable('partyMembers').set({ status: to, auditRemark: remark, auditorUserId: user.userId, auditTime: ctx.now() }).where('id', '=', row.id).where('status', '=', 0).returning('id').executeTakeFirst();
          return !!hit;
        },
        async after(trx, to) {
          // an approved registration is a party member: the default role in his organisation
          if (to === AUDIT_STEP.approve && def && row.userId) await trx.insertInto('userRoles').values({ userId: row.userId, roleId: def.id, organId: row.organId }).onConflict((oc) => oc.doNothing()).execute();
        },
      });
      if (row.phoneNumber) {
        await ctx.sms.send(row.phoneNumber, input.approved ? '【党建学习平台】您的党员注册申请已审核通过，请使用手机号登录。' : `【党建学习平台】您的党员注册申请未通过审核：${input.remark}`);
      }
      return true;
    },
  }),

  'PageList#get': action<ListInput>({
    method: 'GET',
    summary: '党员分页列表（管理范围内）；reveal=true 显示完整身份证号和手机号（须 Pages.PartyMember.ViewSensitive，记入审计日志）',
    access: { permission: P.PartyMember },
    returns: `{totalCount, items: ${LIST_ITEM}[]}`,
    input: pagedInput({ ...listFilters, reveal: { type: 'boolean', title: '显示完整号码' } }),
    handler: (call) => pageMembers(call),
  }),

  'PageList#post': action<ListInput>({
    method: 'POST',
    summary: '党员分页列表（条件较多时以请求体提交）',
    access: { permission: P.PartyMember },
    returns: `{totalCount, items: ${LIST_ITEM}[]}`,
    input: pagedInput(listFilters),
    handler: (call) => pageMembers(call),
  }),

  SearchPageList: action<ListInput>({
    method: 'GET',
    summary: '党员选择器查询（管理范围内）：党员管理，以及要选人的服务（志愿活动、组织生活、培训班）',
    // the member picker serves every service that enrols members, each in its administrator's subtree
    access: { permission: [P.PartyMember, 'Pages.VolunteerActivity.Admin', 'Pages.PartyMeetingsAdmin', 'Pages.TrainClass'] },
    returns: '{totalCount, items: {id, userId, name, organName}[]}：id 为党员档案编号，userId 为账号编号（报名、签到等按账号）',
    input: pagedInput(listFilters),
    async handler(call) {
      const page = await pageMembers(call);
      return { totalCount: page.totalCount, items: page.items.map((i) => ({ id: i.id, userId: i.userId, name: i.name, organName: i.organName, organId: i.organId, sex: i.sex, partyDutyCode: i.partyDutyCode })) };
    },
  }),

  Get: action<{ id: number }>({
    method: 'GET',
    summary: '党员档案详情（管理范围内），含奖惩与出国（境）记录；身份证号和手机号脱敏，持 Pages.PartyMember.ViewSensitive 者看完整号码（每次查看记入审计日志）',
    access: { permission: P.PartyMember },
    returns: `${PROFILE} 及 bonusPenalties[], abroads[]`,
    input: idInput,
    async handler(call) {
      const row = await loadInScope(call, call.input.id);
      if (canSeeSensitive(call)) await logSensitiveView(call, 'Get', [row.id], { name: row.name });
      return { ...adminView(call, row), ...(await memberSubRecords(call.ctx.db, row)) };
    },
  }),

  Create: action<Profile>({
    method: 'POST',
    summary: '新增党员（完整档案；同时开通以手机号登录的账号，初始密码以短信发送，首次登录须修改）',
    access: { permission: P.PartyMemberCreate },
    returns: PROFILE,
    input: profileInput,
    handler: (call) => createByAdmin(call, call.input),
  }),

  SimpleCreate: action<Simple>({
    method: 'POST',
    summary: '快速新增党员（姓名、组织、手机号、身份证号等基本项）',
    access: { permission: P.PartyMemberCreate },
    returns: PROFILE,
    input: objectInput(simpleProps, ['name', 'organId', 'phoneNumber', 'idCard']),
    handler: (call) => createByAdmin(call, simpleToProfile(call.input), 'idCard'),
  }),

  SimpleUpdate: action<Simple>({
    method: 'POST',
    summary: '快速修改党员基本项（管理范围内）',
    access: { permission: P.PartyMemberUpdate },
    returns: PROFILE,
    input: objectInput(simpleProps, ['id', 'name', 'organId', 'phoneNumber', 'idCard']),
    async handler(call) {
      const stored = await loadInScope(call, call.input.id!);
      await updateMember(call, stored, simpleToProfile(call.input, toProfile(stored)), true);
      return adminView(call, await loadMember(call.ctx.db, stored.id));
    },
  }),

  SimpleGet: action<{ id: number }>({
    method: 'POST',
    summary: '快速查看党员基本项（管理范围内）',
    access: { permission: P.PartyMember },
    returns: '{id, name, organId, organName, phoneNumber, idCard, sex, partyDutyCode, partyMemeberType, joinPartyDate}',
    input: idInput,
    async handler(call) {
      const row = await loadInScope(call, call.input.id);
      if (canSeeSensitive(call)) await logSensitiveView(call, 'SimpleGet', [row.id], { name: row.name });
      const p = adminView(call, row);
      return {
        id: p.id, name: p.name, organId: p.organId, organName: p.organName, phoneNumber: p.phoneNumber, idCard: p.addition.idCard, sex: p.addition.sex,
        partyDutyCode: p.partyMember.partyDutyCode, partyMemeberType: p.partyMember.partyMemeberType, joinPartyDate: (p.partyMember as any).joinPartyDate ?? null,
      };
    },
  }),

  Delete: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除党员（管理范围内）；账号的党员角色一并收回，没有管理角色的账号停用',
    access: { permission: P.PartyMemberDelete },
    input: idInput,
    async handler(call) {
      const { ctx } = call;
      const row = await loadInScope(call, call.input.id);
      if (row.userId === call.user.userId) throw badRequest(MSG.cannotDeleteSelf);
      await ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('partyMembers').set({ isDeleted: true, lastModificationTime: ctx.now() }).where('id', '=', row.id).execute();
        if (row.userId) {
          const def = await trx.selectFrom('roles').select('id').where('isDefault', '=', true).executeTakeFirst();
          if (def) await trx.deleteFrom('userRoles').where('userId', '=', row.userId).where('roleId', '=', def.id).execute();
          const left = await trx.selectFrom('userRoles').select('id').where('userId', '=', row.userId).executeTakeFirst();
          if (!left) await trx.updateTable('users').set({ isActive: false }).where('id', '=', row.userId).execute();
        }
      });
      if (row.userId) await ctx.sessions.invalidateUser(row.userId);
      return true;
    },
  }),

  Analysis: analysisAction,
  Import: memberImport.Import,
  ImportTemplate: memberImport.ImportTemplate,

  BonusPenaltyList: bonusPenaltyActions.list,
  AbroadList: abroadActions.list,
  UpdateBonusPenalty: bonusPenaltyActions.update,
  DeleteBonusPenalty: bonusPenaltyActions.remove,
  UpdateAbroad: abroadActions.update,
  DeleteAbroad: abroadActions.remove,

  GetPartyMemberMovingFloatStatus: action({
    method: 'GET',
    summary: '本人组织关系转接与流动状态',
    access: 'self',
    returns: '{isFlowMember, isLostMember, hasMovingApply, organId, organName, organChangeId, organChangeStatus, movingRecordId, flowStatus, flowInOrganName, flowPlace, startDate, endDate}：转接与流动各取最近一条',
    async handler({ ctx, user }) {
      const row = await members(ctx.db).where('m.userId', '=', user.userId).executeTakeFirst();
      if (!row) throw notFound(MSG.memberNotFound);
      const pm = row.partyMember as Record<string, unknown>;
      const latest = (entity: string) =>
        ctx.db.selectFrom('records').select(['id', 'auditStatus', 'data']).where('entity', '=', entity).where('ownerUserId', '=', user.userId).where('isDeleted', '=', false).orderBy('id', 'desc').executeTakeFirst();
      const [change, flow] = await Promise.all([latest('organChange'), latest('movingRecord')]);
      const f = (flow?.data ?? {}) as Record<string, unknown>;
      return {
        isFlowMember: !!pm.isFlowMember,
        isLostMember: !!pm.isLostMember,
        hasMovingApply: !!change && (ORGAN_CHANGE.open as readonly number[]).includes(change.auditStatus ?? -1),
        organId: row.organId,
        organName: row.organName,
        organChangeId: change?.id ?? null,
        organChangeStatus: change?.auditStatus ?? null,
        movingRecordId: flow?.id ?? null,
        flowStatus: flow?.auditStatus ?? null,
        flowInOrganName: f.flowInOrganName ?? null,
        flowPlace: f.flowPlace ?? null,
        startDate: f.startDate ?? null,
        endDate: f.endDate ?? null,
      };
    },
  }),

  GetUserSecretaryInfo: action({
    method: 'GET',
    summary: '本人所在党组织的书记及联系方式（书记手机号脱敏；无书记时为副书记；都没有时仅组织联系电话；均无为 null）',
    access: 'self',
    returns: '{organId, organName, dutyName, name, phoneNumber(脱敏), contactPhone} | null',
    async handler({ ctx, user }) {
      // his own branch: the party-member record's organisation (the account's as a fallback)
      const own = await ctx.db.selectFrom('partyMembers').select('organId').where('userId', '=', user.userId).where('isDeleted', '=', false).executeTakeFirst();
      const organId = own?.organId ?? user.memberOrganId;
      return organId ? findSecretary(ctx, organId) : null;
    },
  }),
});
