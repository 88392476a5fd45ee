import type { Database } from '../../db/database';
import type { CurrentUser } from '../../http/auth';
import { action, hasPermission, type ActionDef, type Call } from '../../http/actions';
import { badRequest, forbidden, invalid, notFound } from '../../http/errors';
import { idInput, objectInput, pagedInput, pageQuery, type PagingInput } from '../../http/paging';
import { isInSubtree, subtreeRange, actingOrgan } from '../../scope';
import { classes, memberOrganId, memberPath, organises, STUDENT_STATUS, studentClass, studentRow, TRAIN_MSG } from './classes';
import { containsPattern } from '../../services/query-helpers';
import { MESSAGE_SOURCE, sendSiteMessage } from '../../services/site-message';
import { cleanRichText, hasRichContent } from '../../http/rich-text';
import type { Mind } from '../../../contract/training';

/**
 * 学员心得 / 思想汇报 (docs/training.md "Minds"): a member writes a mind, in a class he
 * studies in or without one; the class's organiser (a mind without class: the administrators of the
 * member's organisation) comments it — the member is told by a site message — and may make it public
 * to the class's students. Until it is commented the member edits or deletes it.
 *
 * Who reaches a mind, in one place (`reach`): the owner; the administrator side (Pages.MindReprt)
 * reads what its list shows — members of its subtree, classes it organises — and comments only what
 * it answers for; an approved student of the class reads a public one. Anyone else: 404.
 */
export const MIND_PERMISSION = 'Pages.MindReprt';

export const MIND_MSG = {
  notFound: '心得不存在或已删除',
  title: '请输入标题',
  content: '请输入心得内容',
  comment: '请输入点评内容',
  commentedNoEdit: '已点评的心得不能修改',
  commentedNoDelete: '已点评的心得不能删除',
  notOrganiser: '只有培训班的组织者可以点评或公开该心得',
} as const;

/** The member page a comment's site message opens (core §2: iStudy mindReport/info). */
export const MIND_INFO_ROUTE = '/partyMember/iStudy/mindReport/info';
/** EnumMessageType 4 学习提醒 */
const STUDY_NOTICE = '4';

const MIND =
  '{id, trainClassId, className, userId, memberName, organName, title, content, comment, commenterName, commentTime, isPublic, creationTime, lastModificationTime, commented, statusText, canEdit, canComment}';

const minds = (db: Database) =>
  db
    .selectFrom('trainClassMinds as m')
    .leftJoin('trainClasses as t', 't.id', 'm.trainClassId')
    .leftJoin('organizations as o', 'o.id', 'm.organId')
    .select([
      'm.id', 'm.trainClassId', 't.name as className', 't.organPath as classOrganPath', 'm.userId', 'm.memberName', 'o.organName', 'm.organPath',
      'm.title', 'm.content', 'm.comment', 'm.commenterName', 'm.commentTime', 'm.isPublic', 'm.creationTime', 'm.lastModificationTime',
    ])
    .where('m.isDeleted', '=', false);
type MindRow = Awaited<ReturnType<ReturnType<typeof minds>['executeTakeFirstOrThrow']>>;

/** The administrator side: a managing role holding 思想汇报. */
const adminPath = (user: CurrentUser) => (!user.isDefaultRole && user.organPath && hasPermission(user, MIND_PERMISSION) ? user.organPath : null);

/** Comments and publishes: a class mind's organiser, or for a mind without class the administrators of the member's organisation. */
function answersFor(user: CurrentUser, m: MindRow) {
  const path = adminPath(user);
  if (!path) return false;
  return m.trainClassId ? !!m.classOrganPath && isInSubtree(m.classOrganPath, path) : isInSubtree(m.organPath, path);
}

/** What AdminMinePageList shows the caller: minds of members of his subtree, or of classes he organises. */
function listsFor(user: CurrentUser, m: MindRow) {
  const path = adminPath(user);
  return !!path && (isInSubtree(m.organPath, path) || (!!m.classOrganPath && isInSubtree(m.classOrganPath, path)));
}

const toDto = (user: CurrentUser, m: MindRow): Mind<Date> => {
  const { classOrganPath: _c, organPath: _o, ...rest } = m;
  const commented = !!m.commentTime;
  return { ...rest, commented, statusText: commented ? '已点评' : '待点评', canEdit: m.userId === user.userId && !commented, canComment: answersFor(user, m) };
};

const loadMind = (db: Database, id: number) => minds(db).where('m.id', '=', id).executeTakeFirst();

/** A mind the caller may read (owner, administrator side, or a classmate of a public one); else 404. */
async function readableMind(call: Call<unknown>, id: number): Promise<MindRow> {
  const m = await loadMind(call.ctx.db, id);
  if (!m) throw notFound(MIND_MSG.notFound);
  if (m.userId === call.user.userId || listsFor(call.user, m)) return m;
  if (m.isPublic && m.trainClassId) {
    const s = await studentRow(call.ctx.db, m.trainClassId, call.user.userId);
    if (s?.status === STUDENT_STATUS.approved) return m;
  }
  throw notFound(MIND_MSG.notFound);
}

/** A mind the caller comments or publishes: 403 when he only reads it (a member of his subtree in another's class), else 404. */
async function answeredMind(call: Call<unknown>, id: number): Promise<MindRow> {
  const m = await loadMind(call.ctx.db, id);
  if (!m || !listsFor(call.user, m)) throw notFound(MIND_MSG.notFound);
  if (!answersFor(call.user, m)) throw forbidden(MIND_MSG.notOrganiser);
  return m;
}

/** The caller's own mind; another's answers as missing. */
async function ownMind(call: Call<unknown>, id: number): Promise<MindRow> {
  const m = await loadMind(call.ctx.db, id);
  if (!m || m.userId !== call.user.userId) throw notFound(MIND_MSG.notFound);
  return m;
}

/** Rich text as stored: sanitised; an editor's empty paragraph (no text, no image) is no content. */
function mindContent(html: string): string {
  const clean = cleanRichText(html);
  if (!clean || !hasRichContent(clean)) throw invalid([{ message: MIND_MSG.content, members: ['content'] }]);
  return clean;
}

const mindProps = {
  id: { type: ['integer', 'null'], minimum: 1, title: '心得' },
  trainClassId: { type: ['integer', 'null'], minimum: 1, title: '培训班' },
  title: { type: 'string', minLength: 1, maxLength: 100, title: '标题', 'x-required-message': MIND_MSG.title },
  content: { type: 'string', minLength: 1, maxLength: 100000, title: '心得内容', 'x-required-message': MIND_MSG.content },
};
type MindInput = { id?: number | null; trainClassId?: number | null; title: string; content: string };

const newestFirst = (q: ReturnType<typeof minds>) => q.orderBy('m.id', 'desc');
const page = async (call: Call<PagingInput>, q: ReturnType<typeof minds>) => {
  const p = await pageQuery<MindRow>(q, call.input, newestFirst);
  return { totalCount: p.totalCount, items: p.items.map((m) => toDto(call.user, m)) };
};

export const mindActions: Record<string, ActionDef> = {
  SubmitMind: action<MindInput>({
    method: 'POST',
    summary: '提交思想汇报 / 学员心得（党员）：新建，或修改本人未点评的一篇；培训班的心得须为该班已通过的学员；内容为富文本，服务端清洗',
    access: 'self',
    returns: '{id}',
    // the default repeat-submit guard: a double click does not make two minds
    input: objectInput(mindProps, ['title', 'content']),
    async handler(call) {
      const { ctx, input, user } = call;
      const title = input.title.trim();
      if (!title) throw invalid([{ message: MIND_MSG.title, members: ['title'] }]);
      const content = mindContent(input.content);
      const existing = input.id ? await ownMind(call, input.id) : null;
      if (existing?.commentTime) throw badRequest(MIND_MSG.commentedNoEdit);
      // an edit that leaves trainClassId out keeps the class; the class is checked when it is chosen
      const classId = input.trainClassId === undefined && existing ? existing.trainClassId : input.trainClassId ?? null;
      if (classId && classId !== existing?.trainClassId) await studentClass(call, classId);
      if (existing) {
        await ctx.db.updateTable('trainClassMinds').set({ trainClassId: classId, title, content, lastModificationTime: new Date() }).where('id', '=', existing.id).where('commentTime', 'is', null).execute();
        return { id: existing.id };
      }
      const row = await ctx.db
        .insertInto('trainClassMinds')
        .values({ trainClassId: classId, userId: user.userId, memberName: user.name, organId: memberOrganId(user), organPath: memberPath(user), title, content })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id };
    },
  }),

  GetMind: action<{ id: number }>({
    method: 'GET',
    summary: '思想汇报详情：本人、管理方（思想汇报权限，本组织及下级党员或本组织的培训班），或公开时同班已通过的学员',
    access: 'self',
    returns: MIND,
    input: idInput,
    async handler(call) {
      return toDto(call.user, await readableMind(call, call.input.id));
    },
  }),

  DeleteMind: action<{ id: number }>({
    method: 'DELETE',
    summary: '删除本人的思想汇报（点评前）',
    access: 'self',
    returns: 'true',
    input: idInput,
    async handler(call) {
      const m = await ownMind(call, call.input.id);
      if (m.commentTime) throw badRequest(MIND_MSG.commentedNoDelete);
      const done = await call.ctx.db.updateTable('trainClassMinds').set({ isDeleted: true, lastModificationTime: new Date() }).where('id', '=', m.id).where('commentTime', 'is', null).executeTakeFirst();
      // commented between the read and the write
      if (!Number(done.numUpdatedRows)) throw badRequest(MIND_MSG.commentedNoDelete);
      return true;
    },
  }),

  CommetStudentMind: action<{ id: number; comment: string }>({
    method: 'POST',
    summary: '点评思想汇报：培训班的组织者，或（无培训班时）党员所在组织的管理员；站内信通知党员',
    access: { permission: MIND_PERMISSION },
    returns: '{id, commentTime}',
    input: objectInput(
      { id: { type: 'integer', minimum: 1, title: '心得' }, comment: { type: 'string', minLength: 1, maxLength: 2000, title: '点评内容', 'x-required-message': MIND_MSG.comment } },
      ['id', 'comment'],
    ),
    async handler(call) {
      const { ctx, input, user } = call;
      const comment = input.comment.trim();
      if (!comment) throw invalid([{ message: MIND_MSG.comment, members: ['comment'] }]);
      const m = await answeredMind(call, input.id);
      const organ = actingOrgan(user);
      const commentTime = new Date();
      await ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('trainClassMinds').set({ comment, commenterUserId: user.userId, commenterName: user.name, commentTime }).where('id', '=', m.id).execute();
        await sendSiteMessage(trx, {
          title: `您的思想汇报“${m.title}”已被点评`,
          content: `${user.organName || ''}${user.name}点评了您的思想汇报：${comment}`,
          messageType: STUDY_NOTICE,
          senderOrganId: organ.id,
          organName: user.organName,
          userIds: [m.userId],
          source: MESSAGE_SOURCE.member,
          linkUrl: `${MIND_INFO_ROUTE}?id=${m.id}`,
        });
      });
      return { id: m.id, commentTime };
    },
  }),

  SetMindPublic: action<{ id: number; isPublic: boolean }>({
    method: 'POST',
    summary: '设为公开 / 取消公开：公开的心得同班已通过的学员可见（点评方）',
    access: { permission: MIND_PERMISSION },
    returns: '{id, isPublic}',
    input: objectInput({ id: { type: 'integer', minimum: 1, title: '心得' }, isPublic: { type: 'boolean', title: '公开' } }, ['id', 'isPublic']),
    async handler(call) {
      const m = await answeredMind(call, call.input.id);
      await call.ctx.db.updateTable('trainClassMinds').set({ isPublic: call.input.isPublic }).where('id', '=', m.id).execute();
      return { id: m.id, isPublic: call.input.isPublic };
    },
  }),

  MyMindPageListForApp: action<PagingInput & { trainClassId?: number; title?: string }>({
    method: 'GET',
    summary: '我的思想汇报（党员）：本人的，最新在前；trainClassId 只看某培训班的',
    access: 'self',
    returns: `{totalCount, items: ${MIND}[]}`,
    input: pagedInput({ trainClassId: { type: 'integer', minimum: 1, title: '培训班' }, title: { type: 'string', maxLength: 100, title: '标题' } }),
    async handler(call) {
      let q = minds(call.ctx.db).where('m.userId', '=', call.user.userId);
      if (call.input.trainClassId) q = q.where('m.trainClassId', '=', call.input.trainClassId);
      if (call.input.title?.trim()) q = q.where('m.title', 'like', containsPattern(call.input.title));
      return page(call, q);
    },
  }),

  ClassMindPageList: action<PagingInput & { trainClassId: number }>({
    method: 'GET',
    summary: '培训班公开的学员心得（扩展）：该班已通过的学员或组织者',
    access: 'self',
    returns: `{totalCount, items: ${MIND}[]}`,
    input: pagedInput({ trainClassId: { type: 'integer', minimum: 1, title: '培训班' } }, ['trainClassId']),
    async handler(call) {
      const c = await classes(call.ctx.db).where('t.id', '=', call.input.trainClassId).executeTakeFirst();
      if (!c) throw notFound(TRAIN_MSG.notFound);
      if (!organises(call.user, c)) await studentClass(call, c.id);
      return page(call, minds(call.ctx.db).where('m.trainClassId', '=', c.id).where('m.isPublic', '=', true));
    },
  }),

  AdminMinePageList: action<PagingInput & { name?: string; title?: string; commented?: boolean; trainClassId?: number; isPublic?: boolean }>({
    method: 'GET',
    summary: '思想汇报（管理）：本组织及下级组织党员的，和本组织及下级组织所办培训班的',
    access: { permission: MIND_PERMISSION },
    returns: `{totalCount, items: ${MIND}[]}`,
    input: pagedInput({
      name: { type: 'string', maxLength: 50, title: '姓名' },
      title: { type: 'string', maxLength: 100, title: '标题' },
      commented: { type: 'boolean', title: '已点评' },
      trainClassId: { type: 'integer', minimum: 1, title: '培训班' },
      isPublic: { type: 'boolean', title: '公开' },
    }),
    async handler(call) {
      const { input } = call;
      const path = actingOrgan(call.user).path;
      let q = minds(call.ctx.db).where((eb) => eb.or([subtreeRange('m.organPath', path), subtreeRange('t.organPath', path)]));
      if (input.name?.trim()) q = q.where('m.memberName', 'like', containsPattern(input.name));
      if (input.title?.trim()) q = q.where('m.title', 'like', containsPattern(input.title));
      if (input.commented !== undefined) q = q.where('m.commentTime', input.commented ? 'is not' : 'is', null);
      if (input.trainClassId) q = q.where('m.trainClassId', '=', input.trainClassId);
      if (input.isPublic !== undefined) q = q.where('m.isPublic', '=', input.isPublic);
      return page(call, q);
    },
  }),
};
