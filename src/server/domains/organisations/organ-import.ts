import { P } from '../../../contract/permissions';
import { action, type Call } from '../../http/actions';
import { entityColumns, IMPORT_RETURNS, importInput, organRefusal, organsByName, refusalOf, runImport, schemaCheck, type ImportColumn, type ImportInput, type ImportSpec } from '../../records/import-kit';
import { templateAction } from '../../records/import-template';
import { createOrganInScope } from './organ-create';
import type { NewOrgan } from './organs';

/**
 * 组织管理's import: new organisations, each under a parent named by its full name inside the
 * importer's subtree — an organisation made by an earlier row of the same file may be a parent, once
 * approved (a province administrator's are at once; others wait for audit, as from the form). Each
 * row is created as 新建下级组织 creates one (scope, audit, unique names), or refused with its reason.
 */
const PARENT: ImportColumn = {
  key: 'parentName',
  title: '上级党组织',
  fs: { type: 'string', title: '上级党组织', maxLength: 100 },
  required: true,
  example: '',
  note: '上级组织的全称，须在本人管理范围内；可以是本文件前面各行新建的组织（审核通过后才能在其下新建）',
  width: 30,
};

const columns: ImportColumn[] = [
  PARENT,
  ...entityColumns('organization', ['organName', 'shortName', 'organCode', 'organType', 'secretaryName', 'contactPhone', 'address', 'sort'], {
    organName: { required: true, example: '示例：中共某某村支部委员会', width: 30 },
    sort: { note: '整数，同一上级下按此排序（选填，默认0）' },
  }),
];

const spec: ImportSpec = {
  title: '组织',
  columns,
  check: schemaCheck(columns.filter((c) => c !== PARENT)),
  // one row at a time: a row may name the organisation an earlier row made
  batch: 50,
  async write(call: Call<unknown>, rows) {
    const refused = new Map<number, string[]>();
    for (const row of rows) {
      const { parentName, ...fields } = row.value as { parentName: string } & Omit<NewOrgan, 'parentId'>;
      const hits = (await organsByName(call.ctx.db, call.user.organPath, [parentName])).get(parentName) ?? [];
      const why = organRefusal(parentName, hits);
      if (why) {
        refused.set(row.line, [`${PARENT.title}：${why}`]);
        continue;
      }
      try {
        await createOrganInScope({ ...call, input: { ...fields, parentId: hits[0].id } as NewOrgan });
      } catch (err) {
        const messages = refusalOf(err);
        if (!messages) throw err;
        refused.set(row.line, messages);
      }
    }
    return refused;
  },
};

export const organImportActions = {
  ImportAsync: action<ImportInput>({
    method: 'POST',
    summary: '从 Excel 导入下级组织（扩展接口，按导入模板）：逐行新建，上级组织以全称填写且须在管理范围内；有错误的行不导入并列出原因',
    access: { permission: P.OrganService },
    input: importInput(),
    returns: IMPORT_RETURNS,
    handler: (call) => runImport(call, spec),
  }),
  GetImportTemplate: templateAction(spec, { summary: '组织导入模板（扩展接口）：数据表（组织类别下拉选择、示例行）与“说明”表', access: { permission: P.OrganService } }),
};
