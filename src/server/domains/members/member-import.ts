import { ORGAN_AUDIT as AUDIT_STATE } from '../../scope';
import { P } from '../../../contract/permissions';
import { action } from '../../http/actions';
import { badRequest, type ValidationError } from '../../http/errors';
import { objectInput } from '../../http/paging';
import { hashPassword } from '../../security/passwords';
import { IMPORT_MSG, importBody, importErrorsFull, importFailed, parseCell, readUpload } from '../../records/import-read';
import type { FieldSchema } from '../../records/entities';
import { sendImportTemplate } from '../../services/export';
import type { Database } from '../../db/database';
import { MSG } from '../../../contract/messages';
import { idCardFacts } from '../../../contract/validators';
import type { ProfileGroup } from '../../../contract/members';
import { memberFormErrors, toColumns, type Profile } from './member-form';
import { initialPassword, insertMembers, sendInitialPassword, takenIdCards, takenPhones } from './member-accounts';

/**
 * 党员导入 from Excel: the template's columns are the ones below (code-table labels in the cells:
 * 男/女, 汉族, 大学本科 …; the organisation by its full name inside the importer's subtree). Every
 * bad cell is reported as 第N行 列名：原因, and then nothing is written; otherwise every member and
 * his account are created in one transaction by the same code as PartyMemberService/Create, and
 * each gets his initial password by SMS after the commit.
 */
type Column = { title: string; path: string; fs: FieldSchema; required?: boolean; list?: boolean };
const col = (title: string, path: string, fs: Omit<FieldSchema, 'title'> = {}, extra: Partial<Column> = {}): Column => ({ title, path, fs: { title, type: 'string', ...fs } as FieldSchema, ...extra });

export const IMPORT_COLUMNS: Column[] = [
  col('姓名', 'name', {}, { required: true }),
  col('性别', 'addition.sex', { type: 'integer', 'x-code-table': 'sex' }),
  col('身份证号', 'addition.idCard', {}, { required: true }),
  col('手机号', 'phoneNumber', {}, { required: true }),
  col('所在党组织', 'organName', {}, { required: true }),
  col('民族', 'addition.nation', { 'x-code-table': 'nation' }),
  col('出生日期', 'addition.birthday', { format: 'date' }),
  col('学历', 'addition.education', { 'x-code-table': 'education' }),
  col('籍贯', 'addition.nativePlace'),
  col('入党日期', 'partyMember.joinPartyDate', { format: 'date' }),
  col('转正日期', 'partyMember.formalMemberDate', { format: 'date' }),
  col('党员类型', 'partyMember.partyMemeberType', { type: 'integer', 'x-code-table': 'partyMemberType' }),
  col('党内职务', 'partyMember.partyDutyCode', { 'x-code-table': 'partyDuty' }),
  col('入党介绍人', 'partyMember.joinIntroducers', {}, { list: true }),
];

/** Which column a form-rule error belongs to. */
const COLUMN_OF_MEMBER: Record<string, string> = { name: '姓名', organId: '所在党组织', phoneNumber: '手机号', idCard: '身份证号', 'addition.idCard': '身份证号', sex: '性别', 'addition.sex': '性别', birthday: '出生日期', 'addition.birthday': '出生日期' };

type ImportProfile = Profile & { addition: ProfileGroup; partyMember: ProfileGroup };

async function codeMaps(db: Database) {
  const tables = [...new Set(IMPORT_COLUMNS.map((c) => c.fs['x-code-table']).filter(Boolean) as string[])];
  const rows = await db.selectFrom('baseCodes').select(['typeName', 'label', 'value']).where('typeName', 'in', tables).execute();
  const out = new Map<string, Map<string, string>>(tables.map((t) => [t, new Map()]));
  for (const r of rows) out.get(r.typeName)!.set(r.label, r.value); // label → value
  return out;
}

/**
 * The organisations named in the file, by name, inside the importer's subtree (a name held twice is
 * ambiguous); one still waiting for audit takes no members, so it answers as not found.
 */
async function organsByName(db: Database, scopePath: string, names: string[]) {
  const out = new Map<string, { id: number; organPath: string }[]>();
  if (!names.length) return out;
  const rows = await db.selectFrom('organizations').select(['id', 'organName', 'organPath']).where('organName', 'in', names).where('organPath', 'like', `${scopePath}%`).where('auditStatus', '=', AUDIT_STATE.approved).where('isDeleted', '=', false).execute();
  for (const r of rows) out.set(r.organName, [...(out.get(r.organName) ?? []), { id: r.id, organPath: r.organPath }]);
  return out;
}

function setPath(profile: ImportProfile, path: string, value: unknown) {
  const target = profile as unknown as Record<string, Record<string, unknown> | unknown>;
  const [head, tail] = path.split('.');
  if (tail) ((target[head] ??= {}) as Record<string, unknown>)[tail] = value;
  else target[head] = value;
}

const Import = action<{ fileId: string }>({
  method: 'POST',
  summary: '导入党员（Excel，按导入模板）：逐行校验，有任何错误则全部不导入；导入的党员与新增党员一样开通账号并短信发送初始密码',
  access: { permission: P.PartyMemberCreate },
  input: objectInput({ fileId: { type: 'string', minLength: 1, maxLength: 40, title: '导入文件', 'x-required-message': '请上传导入文件' } }, ['fileId']),
  returns: '{importedCount}；有错误时 400，validationErrors 每个单元格一条（第N行 列名：原因；members: rows[行号].列名），不写入任何数据',
  async handler(call) {
    const { ctx, user } = call;
    const rows = await readUpload(call, call.input.fileId);
    const header = (rows[0] ?? []).map((h) => h.trim());
    const index = new Map<Column, number>();
    for (const c of IMPORT_COLUMNS) {
      const i = header.indexOf(c.title);
      if (i >= 0) index.set(c, i);
      else if (c.required) throw badRequest(IMPORT_MSG.missingColumn(c.title), { validationErrors: [{ message: IMPORT_MSG.missingColumn(c.title), members: [c.path] }] });
    }
    const body = importBody(call, rows);

    const codes = await codeMaps(ctx.db);
    const text = (cells: string[], title: string) => cells[index.get(IMPORT_COLUMNS.find((c) => c.title === title)!) ?? -1]?.trim() ?? '';
    const organs = await organsByName(ctx.db, user.organPath, [...new Set(body.map((r) => text(r.cells, '所在党组织')).filter(Boolean))]);
    const errors: ValidationError[] = [];
    const parsed: { line: number; profile: ImportProfile; organ?: { id: number; organPath: string } }[] = [];
    for (const { line, cells } of body) {
      const say = (title: string, message: string) => errors.push({ message: `第${line}行 ${title}：${message}`, members: [`rows[${line}].${title}`] });
      const profile: ImportProfile = { name: '', organId: 0, phoneNumber: '', addition: {}, partyMember: {} };
      const bad = new Set<string>();
      for (const [c, i] of index) {
        const raw = cells[i] ?? '';
        if (c.path === 'organName') continue;
        if (c.list) {
          const names = raw.split(/[、,，;；\s]+/).map((x) => x.trim()).filter(Boolean);
          if (names.length) setPath(profile, c.path, names);
          continue;
        }
        const got = parseCell(raw, c.fs, codes);
        if (got.error) {
          say(c.title, got.error);
          bad.add(c.title);
        } else if (got.value !== undefined) setPath(profile, c.path, got.value);
      }
      // the ID card does the typing (contract/validators.ts): 性别 and 出生日期 left empty follow a whole, valid number;
      // given ones must agree with it (memberFormErrors below refuses a contradiction)
      const facts = idCardFacts(String(profile.addition.idCard ?? ''));
      if (facts && !bad.has('性别')) profile.addition.sex ??= facts.sex;
      if (facts && !bad.has('出生日期')) profile.addition.birthday ??= facts.birthday;
      const organName = text(cells, '所在党组织');
      const hits = organName ? organs.get(organName) ?? [] : [];
      if (organName && !hits.length) {
        say('所在党组织', `“${organName}”不在本人管理范围内或不存在`);
        bad.add('所在党组织');
      } else if (hits.length > 1) {
        say('所在党组织', `“${organName}”有重名，请联系上级管理员`);
        bad.add('所在党组织');
      }
      const organ = hits.length === 1 ? hits[0] : undefined;
      profile.organId = organ?.id ?? (bad.has('所在党组织') ? -1 : 0);
      // no organisation found: the form's own 请选择党组织 unless the cell already said why
      for (const e of memberFormErrors({ ...profile, organId: profile.organId || (null as unknown as number) }, undefined, { checksum: true })) {
        const title = COLUMN_OF_MEMBER[e.members[0]] ?? e.members[0];
        if (!bad.has(title) && !(title === '所在党组织' && profile.organId === -1)) say(title, e.message);
        bad.add(title);
      }
      parsed.push({ line, profile, organ });
      if (importErrorsFull(errors)) break;
    }
    // unique across the file and against what is stored
    const cols = parsed.map((p) => ({ ...p, cols: toColumns(p.profile) }));
    const [phonesTaken, idsTaken] = await Promise.all([
      takenPhones(ctx.db, cols.map((c) => c.cols.phoneNumber).filter((x): x is string => !!x && /^\d{11}$/.test(x))),
      takenIdCards(ctx.db, cols.map((c) => c.cols.idCard).filter((x): x is string => !!x && /^[\dX]{15,18}$/.test(x))),
    ]);
    const firstLine = { phone: new Map<string, number>(), id: new Map<string, number>() };
    for (const c of cols) {
      const say = (title: string, message: string) => errors.push({ message: `第${c.line}行 ${title}：${message}`, members: [`rows[${c.line}].${title}`] });
      const phone = c.cols.phoneNumber;
      const id = c.cols.idCard;
      if (phone && phonesTaken.has(phone)) say('手机号', MSG.phoneExists);
      else if (phone && firstLine.phone.has(phone)) say('手机号', `与第${firstLine.phone.get(phone)}行重复`);
      else if (phone) firstLine.phone.set(phone, c.line);
      if (id && idsTaken.has(id)) say('身份证号', MSG.idCardExists);
      else if (id && firstLine.id.has(id)) say('身份证号', `与第${firstLine.id.get(id)}行重复`);
      else if (id) firstLine.id.set(id, c.line);
    }
    if (errors.length) throw importFailed(errors);
    const passwords = cols.map(() => initialPassword());
    // the hashes run on libuv's thread pool, a few at a time
    const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
    await ctx.db.transaction().execute((trx) =>
      insertMembers(trx as unknown as Database, call, cols.map((c, i) => ({ cols: c.cols, organ: c.organ!, passwordHash: hashes[i] })), { status: 1, needChangePassword: true }),
    );
    for (let i = 0; i < cols.length; i++) await sendInitialPassword(call, cols[i].cols.phoneNumber!, passwords[i]);
    return { importedCount: cols.length };
  },
});

const ImportTemplate = action({
  method: 'GET',
  summary: '党员导入模板（Excel：表头为列名；代码项填写名称，如 男/女、汉族、正式党员；日期如 2015-07-01；所在党组织填全称；介绍人以顿号分隔）',
  access: { permission: P.PartyMemberCreate },
  raw: true,
  input: objectInput({}),
  returns: 'XLSX 导入模板',
  handler: (call) => sendImportTemplate(call, '党员导入模板', IMPORT_COLUMNS.map((c) => c.title), IMPORT_COLUMNS.map((c) => (c.title === '身份证号' || c.title === '所在党组织' ? 24 : 14))),
});

export const memberImport = { Import, ImportTemplate };
