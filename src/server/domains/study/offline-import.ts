import { action } from '../../http/actions';
import { actingOrgan, subtreeRange } from '../../scope';
import { entityColumns, IMPORT_RETURNS, importInput, refusalOf, refusals, runImport, schemaCheck, type ImportColumn, type ImportInput, type ImportSpec, type ParsedRow } from '../../records/import-kit';
import { templateAction } from '../../records/import-template';
import type { FieldSchema } from '../../records/entities';
import { declareOffline, type Declaration } from './offline-declare';

/**
 * 线下学时 imported by an administrator: the hours of a collective study (a 主题党日, a 党课) typed in
 * for the members who attended, one row a member. The member is named by 姓名 and 身份证号 and must be
 * on the roster inside the importer's subtree; each row is held to the member's own form
 * (`declareOffline`: the day inside the assessment year, not after today nor before he joined, the
 * day's 24 hours) and enters as a pending declaration recorded by the importer — audited like one the
 * member made, by an administrator other than the importer (study-period.ts AuditOffinePeriod).
 */
const MEMBER_COLUMNS: ImportColumn[] = [
  { key: 'name', title: '姓名', fs: { type: 'string', title: '姓名', maxLength: 50 }, required: true, example: '示例张三' },
  {
    key: 'idCard', title: '身份证号', fs: { type: 'string', title: '身份证号', maxLength: 18 }, required: true, example: '510115199205061239', width: 24,
    note: '18位身份证号，与姓名一起认定党员；须是本人管理范围内在册的党员',
  },
];
const [TITLE, DAY, HOURS, CONTENT] = entityColumns('offlineReport', ['title', 'studyDate', 'hours', 'content'], {
  title: { example: '示例：支部主题党日集中学习', width: 36 },
  studyDate: { note: '日期，如 2026-07-01；须在本考核年度内，不能晚于今天，也不能早于该党员的入党日期' },
  hours: { example: '2', note: '0.5至24之间的小时数；同一党员同一天的申报（含待审核）合计不超过24小时' },
  content: { width: 40 },
});
// the sheet's day is read as a date (the schema's pattern is the form's)
const columns: ImportColumn[] = [...MEMBER_COLUMNS, TITLE, { ...DAY, fs: { ...DAY.fs, format: 'date' } as FieldSchema }, HOURS, CONTENT];

type Member = { userId: number; organId: number; organPath: string };
const members = new WeakMap<ParsedRow, Member>();

/** 姓名 and 身份证号 name one member on the roster inside the importer's subtree. */
async function findMembers(call: Parameters<NonNullable<ImportSpec['check']>>[0], rows: ParsedRow[]) {
  const cards = [...new Set(rows.map((r) => String(r.value.idCard ?? '').toUpperCase()).filter((x) => /^[\dX]{15,18}$/.test(x)))];
  const found = cards.length
    ? await call.ctx.db
      .selectFrom('partyMembers')
      .select(['userId', 'name', 'idCard', 'organId', 'organPath'])
      .where('idCard', 'in', cards)
      .where(subtreeRange('organPath', call.user.organPath))
      .where('status', '=', 1)
      .where('userId', 'is not', null)
      .where('isDeleted', '=', false)
      .execute()
    : [];
  const byCard = new Map(found.map((m) => [m.idCard!, m]));
  for (const row of rows) {
    const refuse = refusals(row);
    if (refuse.has('身份证号') || refuse.has('姓名')) continue;
    const m = byCard.get(String(row.value.idCard).toUpperCase());
    if (!m) refuse.say('身份证号', '本人管理范围内没有该身份证号的在册党员');
    else if (m.name !== String(row.value.name).trim()) refuse.say('姓名', `与身份证号登记的姓名不一致`);
    else members.set(row, { userId: m.userId!, organId: m.organId, organPath: m.organPath });
  }
}

const fieldCheck = schemaCheck(columns);
const COLUMN_OF: Record<string, string> = { title: TITLE.title, studyDate: DAY.title, hours: HOURS.title, content: CONTENT.title };

const spec: ImportSpec = {
  title: '线下学时',
  columns,
  notes: ['每行为一名党员的一次线下学习（如支部集中学习、主题党日），导入后为“待审核”的学时申报，由本人以外的管理员审核通过后计入学时。'],
  async check(call, rows) {
    await fieldCheck(call, rows);
    await findMembers(call, rows);
  },
  // one transaction a row: each takes its member's lock to keep the day's 24 hours
  batch: 50,
  async write(call, rows) {
    const organ = actingOrgan(call.user);
    const refused = new Map<number, string[]>();
    for (const row of rows) {
      try {
        await declareOffline(call.ctx, members.get(row)!, row.value as Declaration, { userId: call.user.userId, organId: organ.id, remark: '由管理员导入' });
      } catch (err) {
        const messages = refusalOf(err, COLUMN_OF);
        if (!messages) throw err;
        refused.set(row.line, messages);
      }
    }
    return refused;
  },
};

const ACCESS = { permission: 'Pages.OfflinePeriod' };
export const offlineImportActions = {
  ImportAsync: action<ImportInput>({
    method: 'POST',
    summary: '导入线下学时（扩展接口，按导入模板）：每行一名党员的一次线下学习，党员以姓名和身份证号认定且须在管理范围内；导入为待审核的申报，由导入人以外的管理员审核；有错误的行不导入并列出原因',
    access: ACCESS,
    input: importInput(),
    returns: IMPORT_RETURNS,
    handler: (call) => runImport(call, spec),
  }),
  GetImportTemplate: templateAction(spec, { summary: '线下学时导入模板（扩展接口）：数据表（示例行）与“说明”表', access: ACCESS }),
};
