import type { Database } from '../../db/database';
import type { Call } from '../../http/actions';
import { invalid, type ValidationError } from '../../http/errors';
import { platformInstant } from '../../platform-day';
import { entityInput } from '../../records/entity-input';
import { zoneMinute } from '../../../contract/platform-time';

/**
 * A class course's fields as the organiser sends them (Create, Update, CreateBatchCourse): the
 * schema for Ajv, and the checks a schema cannot make (blank name, end after start, libraries).
 */
export const COURSE_MSG = {
  nameRequired: '请输入课程名称',
  startRequired: '请选择开始时间',
  endRequired: '请选择结束时间',
  startInvalid: '开始时间格式不正确',
  endInvalid: '结束时间格式不正确',
  endBeforeStart: '结束时间须晚于开始时间',
  period: '学时须在 0 到 99.9 之间',
  courseType: '请选择课程类型（线下或线上）',
  teacherMissing: '所选讲师不在师资库中',
  baseMissing: '所选基地不在基地库中',
  coursesRequired: '请至少添加一门课程',
  /** a course lies within its class's training period */
  outsidePeriod: (from: string, to: string) => `课程时间须在培训班的培训时间（${from} 至 ${to}）之内`,
} as const;

export const COURSE_TYPE_LABEL: Record<number, string> = { 1: '线下', 2: '线上' };

/** Where a course stands on the map and its place in the list: inputs the form does not show, so not fields of the entity. */
const placeProps = {
  longitude: { type: ['number', 'null'], minimum: -180, maximum: 180, title: '经度' },
  latitude: { type: ['number', 'null'], minimum: -90, maximum: 90, title: '纬度' },
  sort: { type: ['integer', 'null'], minimum: 0, maximum: 99999, title: '排序' },
};
const COURSE_FIELDS = ['courseName', 'courseType', 'period', 'startTime', 'endTime', 'description', 'baseLibraryId', 'teacherLibraryId', 'teacherName', 'address'];

/**
 * A course's input: the fields of schemas/train-class-course.json (limits and messages written
 * there once), the place inputs, and `extra` (its class or its id). A type left out is 线下.
 */
export const courseInput = (extra: Record<string, unknown> = {}, required: string[] = []) =>
  entityInput('trainClassCourse', { fields: COURSE_FIELDS, defaults: ['courseType'], required, extra: { ...extra, ...placeProps } });

export type CourseFields = {
  courseName: string; courseType?: number; period?: number | null; startTime: string; endTime: string; description?: string | null;
  baseLibraryId?: number | null; teacherLibraryId?: number | null; teacherName?: string | null; address?: string | null;
  longitude?: number | null; latitude?: number | null; sort?: number | null;
};

/** The row values of one course, or the validation errors (members prefixed for a batch: `courses[2].endTime`). */
export function courseValues(call: Call<unknown>, input: CourseFields, prefix = '', within?: ClassPeriod) {
  const errors: ValidationError[] = [];
  const at = (field: string) => [`${prefix}${field}`];
  const name = input.courseName?.trim() ?? '';
  if (!name) errors.push({ message: COURSE_MSG.nameRequired, members: at('courseName') });
  const start = platformInstant(call.ctx, input.startTime);
  const end = platformInstant(call.ctx, input.endTime);
  if (!start) errors.push({ message: COURSE_MSG.startInvalid, members: at('startTime') });
  if (!end) errors.push({ message: COURSE_MSG.endInvalid, members: at('endTime') });
  if (start && end && end <= start) errors.push({ message: COURSE_MSG.endBeforeStart, members: at('endTime') });
  // a course scheduled outside its class's 培训时间 (before it starts, after it ends) is refused
  if (within?.startTime && within.endTime && start && end && end > start && (start < within.startTime || end > within.endTime)) {
    const tz = call.ctx.config.platformTz;
    const show = (d: Date) => zoneMinute(d, tz);
    errors.push({ message: COURSE_MSG.outsidePeriod(show(within.startTime), show(within.endTime)), members: at(start < within.startTime ? 'startTime' : 'endTime') });
  }
  const values = {
    courseName: name,
    courseType: input.courseType ?? 1,
    // numeric(6,1): one decimal, as shown
    period: Math.round((input.period ?? 0) * 10) / 10,
    startTime: start!,
    endTime: end!,
    description: input.description?.trim() || null,
    baseLibraryId: input.baseLibraryId ?? null,
    teacherLibraryId: input.teacherLibraryId ?? null,
    teacherName: input.teacherName?.trim() || null,
    address: input.address?.trim() || null,
    longitude: input.longitude ?? null,
    latitude: input.latitude ?? null,
    sort: input.sort ?? 0,
  };
  return { values, errors };
}

/**
 * 师资库 and 基地库 are configured records (entities teacherLibrary, baseLibrary): an id given must
 * name one that exists. A course with a library teacher and no name typed takes the teacher's name.
 */
export async function checkLibraries(db: Database, rows: { values: ReturnType<typeof courseValues>['values']; prefix: string }[]): Promise<ValidationError[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.values.teacherLibraryId, r.values.baseLibraryId]).filter((x): x is number => !!x))];
  const found = ids.length
    ? await db.selectFrom('records').select(['id', 'entity', 'data']).where('id', 'in', ids).where('entity', 'in', ['teacherLibrary', 'baseLibrary']).where('isDeleted', '=', false).execute()
    : [];
  const of = (entity: string, id: number | null) => (id ? found.find((r) => r.id === id && r.entity === entity) : undefined);
  const errors: ValidationError[] = [];
  for (const { values, prefix } of rows) {
    const teacher = of('teacherLibrary', values.teacherLibraryId);
    if (values.teacherLibraryId && !teacher) errors.push({ message: COURSE_MSG.teacherMissing, members: [`${prefix}teacherLibraryId`] });
    if (teacher && !values.teacherName) values.teacherName = String((teacher.data as { realName?: string }).realName ?? '').slice(0, 50) || null;
    if (values.baseLibraryId && !of('baseLibrary', values.baseLibraryId)) errors.push({ message: COURSE_MSG.baseMissing, members: [`${prefix}baseLibraryId`] });
  }
  return errors;
}

/** One course's values, or a 400 with its errors. */
export type ClassPeriod = { startTime: Date | null; endTime: Date | null };

export async function checkedCourse(call: Call<unknown>, input: CourseFields, within?: ClassPeriod) {
  const { values, errors } = courseValues(call, input, '', within);
  errors.push(...(await checkLibraries(call.ctx.db, [{ values, prefix: '' }])));
  if (errors.length) throw invalid(errors);
  return values;
}

/** The names of 基地库 entries, by id (the course DTO's baseName). */
export async function baseNames(db: Database, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((x): x is number => !!x))];
  const rows = wanted.length ? await db.selectFrom('records').select(['id', 'data']).where('id', 'in', wanted).where('entity', '=', 'baseLibrary').execute() : [];
  return new Map(rows.map((r) => [r.id, String((r.data as { baseName?: string }).baseName ?? '')]));
}
