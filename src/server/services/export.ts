import { securityEvent } from '../security/security-log';
import { clientAddress } from '../security/rate-limits';
import Ajv, { type ValidateFunction } from 'ajv';
import { action, checkAccess, defineService, makeCall, type ActionDef, type ServiceDef } from '../http/actions';
import { badRequest, invalid, notFound } from '../http/errors';
import { EXPORT_CURSOR, objectInput, type ExportCursor } from '../http/paging';
import { translateValidation } from '../http/validation';
import { platformDay } from '../platform-day';
import { codeLabels, rowCells, type ExportColumn } from '../xlsx/columns';
import { xlsxStream, type Cell } from '../xlsx/xlsx';

/**
 * Export of any paged list as XLSX (named extension ExportService/Export): the list action named
 * by `call` is run with the caller's own access, scope and filters, page by page, and its rows are
 * streamed as they arrive — nothing holds the whole list. Masked fields stay masked: the list masks
 * them. At most EXPORT_MAX_ROWS rows.
 */
export const EXPORT_PAGE = 1000;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXPORT_MSG = { unknownCall: '导出的列表不存在', notAList: '该列表不支持导出', columns: '导出列格式不正确' } as const;

const ajv = new Ajv({ coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: true, verbose: true, strict: false, validateFormats: false });

/** The spreadsheet a file name may safely carry. */
const safeName = (s: string) => s.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '').trim().slice(0, 60) || '导出';

const shownWidth = (c: Cell) => {
  if (c === null || c === undefined) return 0;
  if (typeof c === 'object') return 'date' in c ? (c.date.length > 10 ? 17 : 11) : String(c.money).length + 3;
  const text = String(c);
  let w = 0;
  for (const ch of text) w += ch.charCodeAt(0) > 0x2e80 ? 2 : 1;
  return w;
};

/** Column widths in characters that show the header and the sampled cells (10 to 50; the filter's arrow needs room). */
export const columnWidths = (header: string[], sample: Cell[][]) =>
  header.map((h, i) => Math.min(50, Math.max(10, shownWidth(h) + 4, ...sample.map((r) => shownWidth(r[i]) + 2))));

export const attachment = (name: string) => `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`;

function parseColumns(text: string): ExportColumn[] {
  let cols: unknown;
  try {
    cols = JSON.parse(text);
  } catch {
    throw invalid([{ message: EXPORT_MSG.columns, members: ['columns'] }]);
  }
  if (!Array.isArray(cols) || !cols.length || cols.length > 60 || cols.some((c) => !c || typeof c !== 'object' || typeof c.field !== 'string' || !/^[A-Za-z][A-Za-z0-9_.]*$/.test(c.field))) {
    throw invalid([{ message: EXPORT_MSG.columns, members: ['columns'] }]);
  }
  return (cols as Record<string, unknown>[]).map((c) => ({
    field: c.field as string,
    title: typeof c.title === 'string' ? c.title.slice(0, 50) : (c.field as string),
    codeTable: typeof c.codeTable === 'string' ? c.codeTable : undefined,
    statusList: typeof c.statusList === 'string' ? c.statusList : undefined,
    options: Array.isArray(c.options) ? (c.options as { label?: unknown }[]).filter((x) => x && typeof x.label === 'string').slice(0, 200) as ExportColumn['options'] : undefined,
    valueType: typeof c.valueType === 'string' ? c.valueType : undefined,
  }));
}

export function exportService(services: ServiceDef[]): ServiceDef {
  const lists = new Map<string, ActionDef>();
  for (const s of services) for (const [key, def] of Object.entries(s.actions)) if (def.method === 'GET' && !def.raw) lists.set(`${s.name}/${key.split('#')[0]}`, def);
  const validators = new Map<string, ValidateFunction>();
  const validatorOf = (path: string, def: ActionDef) => {
    let v = validators.get(path);
    if (!v) validators.set(path, (v = ajv.compile(def.input ?? { type: 'object', properties: {} })));
    return v;
  };

  return defineService('ExportService', {
    Export: action({
      method: 'GET',
      summary: '导出列表为 Excel（扩展接口）：按列表自身的权限、范围和筛选条件逐页读取并流式输出',
      access: 'self',
      raw: true,
      input: {
        ...objectInput(
          {
            call: { type: 'string', pattern: '^[A-Za-z]+/[A-Za-z]+$', maxLength: 100, title: '列表接口', 'x-required-message': '请指定导出的列表' },
            columns: { type: 'string', minLength: 2, maxLength: 20000, title: '导出列', 'x-required-message': EXPORT_MSG.columns },
            fileName: { type: 'string', maxLength: 100, title: '文件名' },
          },
          ['call', 'columns'],
        ),
      },
      returns: 'XLSX 文件；X-Export-Truncated: 1 表示超过上限只导出了前若干行',
      async handler(call) {
        const { call: path, columns: columnText, fileName, ...rest } = call.input as { call: string; columns: string; fileName?: string; [param: string]: unknown };
        const def = lists.get(path);
        if (!def) throw notFound(EXPORT_MSG.unknownCall);
        checkAccess(call.user, def.access);
        const cols = parseColumns(columnText);
        const input = { ...rest };
        delete input.skipCount;
        delete input.maxResultCount;
        const validate = validatorOf(path, def);
        const max = call.ctx.config.exportMaxRows;
        const cursor: ExportCursor = { limit: max };
        // a list that answers `lastId` (the cursor variant) is read on from the previous page's last row:
        // each page then costs the same however deep, and the export grows linearly with its rows
        let lastId: number | null = null;
        const pageInput = (skipCount: number) => {
          const onFrom = skipCount > 0 && lastId ? { preSkipCount: skipCount - EXPORT_PAGE, lastId } : {};
          const i: Record<string | symbol, unknown> = { ...input, skipCount, maxResultCount: EXPORT_PAGE, ...onFrom };
          if (!validate(i)) throw invalid(translateValidation(validate.errors ?? []));
          // lists skip their count after the first page; record lists read a snapshot of ids
          i[EXPORT_CURSOR] = cursor;
          return i;
        };
        const fetchPage = async (skip: number) => {
          const res = (await def.handler(makeCall(call.ctx, call.req, call.reply, pageInput(skip)))) as { items?: unknown[]; totalCount?: number; lastId?: unknown };
          if (!res || !Array.isArray(res.items)) throw badRequest(EXPORT_MSG.notAList);
          lastId = typeof res.lastId === 'number' ? res.lastId : null;
          return { items: res.items as Record<string, unknown>[], total: Number(res.totalCount ?? 0) };
        };
        // the first page is read before the answer starts, so a refusal is still an ordinary error answer
        const { items: first, total } = await fetchPage(0);
        const codes = await codeLabels(call.ctx.db, cols.map((c) => c.codeTable ?? ''));
        const tz = call.ctx.config.platformTz;
        async function* batches(): AsyncGenerator<Cell[][]> {
          let page = first;
          let done = 0;
          for (;;) {
            const take = page.slice(0, Math.max(0, max - done));
            yield take.map((row) => rowCells(row, cols, codes, tz));
            done += take.length;
            if (done >= max) {
              if (total > max) yield [[`仅导出前${max}条，请缩小筛选范围后分批导出`]];
              return;
            }
            if (page.length < EXPORT_PAGE) return;
            page = (await fetchPage(done)).items;
          }
        }
        // every export is a security event: which list, which filters, which columns, how many rows at most
        await securityEvent(call.ctx, {
          type: 'export', result: 'success', actorUserId: call.user.userId, actorName: call.user.userName, target: path,
          detail: { filters: rest, columns: cols.map((c) => c.field), rows: Math.min(total, max) }, clientIp: clientAddress(call.req), organPath: call.user.organPath || null,
        });
        const name = `${safeName(fileName || '导出')}-${platformDay(call.ctx)}.xlsx`;
        const header = cols.map((c) => c.title ?? c.field);
        // widths from the header and the first page (the rest is not held): wide characters count twice
        const widths = columnWidths(header, first.slice(0, 200).map((row) => rowCells(row, cols, codes, tz)));
        const stream = xlsxStream({ sheetName: safeName(fileName || '导出'), header, widths, autoFilter: true, batches: batches() });
        stream.on('error', (err) => call.ctx.log.error({ err, path }, 'export failed while streaming'));
        call.reply
          .header('content-type', XLSX_TYPE)
          .header('content-disposition', attachment(name))
          .header('cache-control', 'no-store')
          .header('x-export-truncated', total > max ? '1' : '0')
          .header('x-export-total', String(Math.min(total, max)));
        return call.reply.send(stream);
      },
    }),
  });
}
