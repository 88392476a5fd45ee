import { P } from '../../../contract/permissions';
import { MSG } from '../../../contract/messages';
import { idCardFacts } from '../../../contract/validators';
import type { ProfileGroup } from '../../../contract/members';
import { action, type Call } from '../../http/actions';
import { hashPassword } from '../../security/passwords';
import { IMPORT_RETURNS, importInput, refusals, runImport, schemaCheck, type ImportColumn, type ImportInput, type ImportSpec, type ParsedRow } from '../../records/import-kit';
import { templateAction } from '../../records/import-template';
import type { FieldSchema } from '../../records/entities';
import type { Database } from '../../db/database';
import { additionSchema, memberFormProps, partyMemberGroupSchema } from './member-profile';
import { memberFormErrors, toColumns, type MemberColumns, type Profile } from './member-form';
import { initialPassword, insertMembers, sendInitialPassword, takenIdCards, takenPhones } from './member-accounts';

/**
 * 党员导入 from Excel through the one import path (`records/import-kit.ts`): the template offers the
 * code columns (性别, 民族, 学历, 党员类型, 党内职务) as lists, an example row and 说明; the organisation
 * is named by its full name inside the importer's subtree. Each row is checked by the member form's
 * own rules (the one identity-card rule: check digit, and 性别 / 出生日期 follow the number when left
 * empty, a contradiction refused) and for a phone or card already taken, in the file or on record;
 * the rows that pass are written a batch at a time by the same `insertMembers` as Create, each with
 * his account, and get their initial password by SMS; the others are refused with their reasons.
 */
/** the example row's number: its check digit right, born 1992-05-06, 男 (as the example's 性别 and 出生日期) */
const ID_CARD_EXAMPLE = '510115199205061239';

/** A column of a profile field (its title, limits and code table from the member form's schema). */
const field = (path: string, extra: Partial<ImportColumn> = {}): ImportColumn => {
  const [group, name] = path.split('.');
  const props = (name ? (group === 'addition' ? additionSchema : partyMemberGroupSchema).properties : memberFormProps) as Record<string, FieldSchema>;
  const fs = props[name ?? group];
  return { key: path, title: fs.title as string, fs, ...extra };
};
/** a day in the sheet: the schema's pattern is for the form, the cell is read as a date */
const day = (path: string, extra: Partial<ImportColumn> = {}) => {
  const c = field(path, extra);
  return { ...c, fs: { ...c.fs, format: 'date' } as FieldSchema };
};

const ORGAN: ImportColumn = {
  key: 'organ',
  title: '所在党组织',
  fs: { type: 'string', title: '所在党组织', maxLength: 100 },
  required: true,
  organ: true,
  example: '示例：中共某某村支部委员会',
  note: '填写党组织全称，须在本人管理范围内且已审核通过',
  width: 30,
};

export const IMPORT_COLUMNS: ImportColumn[] = [
  field('name', { required: true, example: '示例张三' }),
  field('addition.sex', { example: '男', note: '从下拉列表选择：男、女；可不填，按身份证号自动识别（填写的须与身份证号一致）' }),
  field('addition.idCard', { required: true, example: ID_CARD_EXAMPLE, note: '18位身份证号（末位校验码须正确，X大写小写均可）；不能与已登记的重复', width: 24 }),
  field('phoneNumber', { required: true, example: '13800000000', note: '11位手机号，党员用它登录；不能与已注册的重复；初始密码以短信发送', width: 16 }),
  ORGAN,
  field('addition.nation', { example: '汉族' }),
  day('addition.birthday', { example: '1992-05-06', note: '日期，如 1992-05-06；可不填，按身份证号自动识别（填写的须与身份证号一致）' }),
  field('addition.education'),
  field('addition.nativePlace', { example: '四川成都' }),
  day('partyMember.joinPartyDate', { example: '2015-07-01' }),
  day('partyMember.formalMemberDate', { example: '2016-07-01' }),
  field('partyMember.partyMemeberType', { example: '正式党员', note: '从下拉列表选择：正式党员、预备党员（不填为正式党员）' }),
  field('partyMember.partyDutyCode', { example: '' }),
  field('partyMember.joinIntroducers', { list: true, example: '李四、王五' }),
];

type ImportProfile = Profile & { addition: ProfileGroup; partyMember: ProfileGroup };
type Prepared = { profile: ImportProfile; organ?: { id: number; organPath: string }; cols: MemberColumns };

/** the rows' profiles, from their check to their write */
const prepared = new WeakMap<ParsedRow, Prepared>();

/** Which column a form rule's field is reported under. */
const COLUMN_OF_MEMBER: Record<string, string> = { name: '姓名', organId: '所在党组织', phoneNumber: '手机号', idCard: '身份证号', 'addition.idCard': '身份证号', sex: '性别', 'addition.sex': '性别', birthday: '出生日期', 'addition.birthday': '出生日期' };

function profileOf(row: ParsedRow): { profile: ImportProfile; organ?: { id: number; organPath: string } } {
  const profile: ImportProfile = { name: '', organId: 0, phoneNumber: '', addition: {}, partyMember: {} };
  const target = profile as unknown as Record<string, Record<string, unknown> | unknown>;
  for (const [path, value] of Object.entries(row.value)) {
    if (path === ORGAN.key) continue;
    const [head, tail] = path.split('.');
    if (tail) ((target[head] ??= {}) as Record<string, unknown>)[tail] = value;
    else target[head] = value;
  }
  const organ = row.value[ORGAN.key] as { id: number; organPath: string } | undefined;
  profile.organId = organ?.id ?? 0;
  return { profile, organ };
}

/** The member form's rules for each row, then a phone or identity card taken twice in the file or already on record. */
async function checkMembers(call: Call<unknown>, rows: ParsedRow[]) {
  for (const row of rows) {
    const refuse = refusals(row);
    const { profile, organ } = profileOf(row);
    // the ID card does the typing (contract/validators.ts): 性别 and 出生日期 left empty follow a whole, valid number
    const facts = idCardFacts(String(profile.addition.idCard ?? ''));
    if (facts && !refuse.has('性别')) profile.addition.sex ??= facts.sex;
    if (facts && !refuse.has('出生日期')) profile.addition.birthday ??= facts.birthday;
    for (const e of memberFormErrors({ ...profile, organId: profile.organId || (null as unknown as number) }, undefined, { checksum: true })) refuse.say(COLUMN_OF_MEMBER[e.members[0]] ?? e.members[0], e.message);
    prepared.set(row, { profile, organ, cols: toColumns(profile) });
  }
  const cols = rows.map((row) => ({ row, cols: prepared.get(row)!.cols }));
  const [phonesTaken, idsTaken] = await Promise.all([
    takenPhones(call.ctx.db, cols.map((c) => c.cols.phoneNumber).filter((x): x is string => !!x && /^\d{11}$/.test(x))),
    takenIdCards(call.ctx.db, cols.map((c) => c.cols.idCard).filter((x): x is string => !!x && /^[\dX]{15,18}$/.test(x))),
  ]);
  const firstLine = { phone: new Map<string, number>(), id: new Map<string, number>() };
  for (const { row, cols: c } of cols) {
    const { say } = refusals(row);
    const phone = c.phoneNumber;
    const id = c.idCard;
    if (phone && phonesTaken.has(phone)) say('手机号', MSG.phoneExists);
    else if (phone && firstLine.phone.has(phone)) say('手机号', `与第${firstLine.phone.get(phone)}行重复`);
    else if (phone) firstLine.phone.set(phone, row.line);
    if (id && idsTaken.has(id)) say('身份证号', MSG.idCardExists);
    else if (id && firstLine.id.has(id)) say('身份证号', `与第${firstLine.id.get(id)}行重复`);
    else if (id) firstLine.id.set(id, row.line);
  }
}

const lengthCheck = schemaCheck(IMPORT_COLUMNS.filter((c) => ['addition.nativePlace', 'partyMember.joinIntroducers'].includes(c.key)));

const spec: ImportSpec = {
  title: '党员',
  columns: IMPORT_COLUMNS,
  notes: ['导入的党员与“新增党员”一样开通账号（登录名为手机号），初始密码以短信发送，首次登录须修改密码。'],
  async check(call, rows) {
    await lengthCheck(call, rows);
    await checkMembers(call, rows);
  },
  // a password hash each (about 16 ms): a batch hashes on the thread pool, then one transaction;
  // small enough that the dialog's progress moves every second or so
  batch: 50,
  async write(call, rows) {
    const news = rows.map((r) => prepared.get(r)!);
    const passwords = news.map(() => initialPassword());
    const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
    await call.ctx.db.transaction().execute((trx) =>
      insertMembers(trx as unknown as Database, call, news.map((n, i) => ({ cols: n.cols, organ: n.organ!, passwordHash: hashes[i] })), { status: 1, needChangePassword: true }),
    );
    for (let i = 0; i < news.length; i++) await sendInitialPassword(call, news[i].cols.phoneNumber!, passwords[i]);
  },
};

const Import = action<ImportInput>({
  method: 'POST',
  summary: '导入党员（Excel，按导入模板）：逐行导入，有错误的行不导入并列出原因；导入的党员与新增党员一样开通账号并短信发送初始密码；所在党组织须在本人管理范围内',
  access: { permission: P.PartyMemberCreate },
  input: importInput(),
  returns: IMPORT_RETURNS,
  handler: (call) => runImport(call, spec),
});

const ImportTemplate = templateAction(spec, { summary: '党员导入模板（Excel）：数据表（代码列下拉选择、示例行）与“说明”表', access: { permission: P.PartyMemberCreate } });

export const memberImport = { Import, ImportTemplate };
