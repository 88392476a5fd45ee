import type { Call } from '../../http/actions';
import { invalid, notFound, type ValidationError } from '../../http/errors';
import { platformInstant } from '../../platform-day';
import { entityInput } from '../../records/entity-input';
import { isInSubtree, actingOrgan } from '../../scope';
import { cleanRichText } from '../../http/rich-text';

/** What a 集中轮训 programme's input is, and how it is checked before anything is written. */


export const CEN_MSG = {
  notFound: '集中轮训不存在或已删除',
  name: '请输入轮训名称',
  year: '请输入年度',
  startTime: '请选择开始时间',
  endTime: '请选择结束时间',
  endAfterStart: '结束时间须晚于开始时间',
  batches: '请添加批次',
  className: '请输入批次名称',
  organIds: '请选择参训组织',
  batchWithin: '批次时间须在轮训时间范围内',
  organOverlap: '请勿将同一组织分配到多个批次',
  organNotFound: '党组织不存在或不在您的管理范围内',
  batchNotFound: '批次不存在或已删除',
  batchSigned: (name: string) => `批次“${name}”已有签到记录，不能删除`,
  programmeSigned: '该轮训已有签到记录，不能删除',
} as const;

const PROGRAMME_FIELDS = ['name', 'year', 'coverPhoto', 'introduction', 'startTime', 'endTime', 'batches'];

/**
 * A programme's input: the fields of schemas/cen-train.json (limits and messages written there once,
 * the form reads the same file), each batch with the id it keeps on an update (not a form field).
 */
function programmeSchema(extra: Record<string, unknown> = {}, required: string[] = []) {
  const schema = entityInput('cenTrain', { fields: PROGRAMME_FIELDS, required, defaults: 'none', extra });
  const batches = schema.properties.batches as { items: { properties: Record<string, unknown> } };
  const batchId = { type: ['integer', 'null'], minimum: 1, title: '批次' };
  return { ...schema, properties: { ...schema.properties, batches: { ...batches, items: { ...batches.items, properties: { id: batchId, ...batches.items.properties } } } } };
}

export type BatchInput = { id?: number | null; className: string; startTime: string; endTime: string; address?: string | null; organIds: number[] };
export type ProgrammeInput = { id?: number; name: string; year: number; coverPhoto?: string | null; introduction?: string | null; startTime: string; endTime: string; batches: BatchInput[] };

/** A checked batch: its instants and its organisations (id, path), none overlapping another batch's. */
type Batch = { id: number | null; className: string; startTime: Date; endTime: Date; address: string | null; organs: { id: number; organPath: string }[] };

const idsOf = (v: BatchInput['organIds']) => [...new Set(v ?? [])];


/**
 * A programme's input checked field by field (Chinese messages on the fields, all at once): names,
 * dates in the platform zone (a day that ends a period means its whole day), batches within the
 * programme, organisations in the caller's subtree and in one batch only.
 */
export async function checked(call: Call<unknown>, input: ProgrammeInput) {
  const { ctx } = call;
  const errors: ValidationError[] = [];
  const fail = (message: string, member: string) => errors.push({ message, members: [member] });
  const at = (v: string, end = false) => {
    const t = platformInstant(ctx, v, { endOfDay: end });
    // the end of a day is its last second, so that the form shows the day it was given
    return t && end && /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(t.getTime() - 1000) : t;
  };
  const name = input.name?.trim() ?? '';
  if (!name) fail(CEN_MSG.name, 'name');
  const start = at(input.startTime);
  const end = at(input.endTime, true);
  if (!start) fail(CEN_MSG.startTime, 'startTime');
  if (!end) fail(CEN_MSG.endTime, 'endTime');
  if (start && end && end <= start) fail(CEN_MSG.endAfterStart, 'endTime');
  const organIds = [...new Set(input.batches.flatMap((b) => idsOf(b.organIds)))];
  const organs = organIds.length ? await ctx.db.selectFrom('organizations').select(['id', 'organPath']).where('id', 'in', organIds).where('isDeleted', '=', false).execute() : [];
  const scope = actingOrgan(call.user).path;
  // an organisation beyond the caller's subtree is as missing as one that does not exist
  if (organs.length !== organIds.length || organs.some((o) => !isInSubtree(o.organPath, scope))) throw notFound(CEN_MSG.organNotFound);
  const byId = new Map(organs.map((o) => [o.id, o]));
  const batches: Batch[] = input.batches.map((b, i) => {
    const m = (f: string) => `batches[${i}].${f}`;
    const className = b.className?.trim() ?? '';
    if (!className) fail(CEN_MSG.className, m('className'));
    const bs = at(b.startTime);
    const be = at(b.endTime, true);
    if (!bs) fail(CEN_MSG.startTime, m('startTime'));
    if (!be) fail(CEN_MSG.endTime, m('endTime'));
    if (bs && be && be <= bs) fail(CEN_MSG.endAfterStart, m('endTime'));
    else if (bs && be && start && end && (bs < start || be > end)) fail(CEN_MSG.batchWithin, m('startTime'));
    const ids = idsOf(b.organIds);
    if (!ids.length) fail(CEN_MSG.organIds, m('organIds'));
    return { id: b.id ?? null, className, startTime: bs!, endTime: be!, address: b.address?.trim() || null, organs: ids.map((id) => byId.get(id)!) };
  });
  // one batch per organisation, subtrees included: a district in one batch and its branch in another is refused
  batches.forEach((b, i) =>
    batches.forEach((o, j) => {
      if (j <= i) return;
      if (b.organs.some((x) => o.organs.some((y) => isInSubtree(x.organPath, y.organPath) || isInSubtree(y.organPath, x.organPath)))) fail(CEN_MSG.organOverlap, `batches[${j}].organIds`);
    }),
  );
  if (errors.length) throw invalid(errors);
  return { name, year: input.year, coverPhoto: input.coverPhoto || null, introduction: cleanRichText(input.introduction), startTime: start!, endTime: end!, batches };
}
export type Checked = Awaited<ReturnType<typeof checked>>;

export const programmeInput = programmeSchema();
export const programmeUpdateInput = programmeSchema({ id: { type: 'integer', minimum: 1, title: '编号' } }, ['id']);
