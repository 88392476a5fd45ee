import type { AppContext } from '../context';
import { ADMIN_MENUS, type MenuDef } from '../db/seed/menus';
import type { AuditCatalog, AuditDescription, AuditSnapshot } from '../http/audit-log';
import { isSecretKey } from '../http/audit-input';
import type { ServiceDef } from '../http/actions';
import type { EntityFile, FieldSchema } from '../records/entities';
import { codeLabels } from '../xlsx/columns';

/**
 * What the 审计日志 (RuoYi's 操作日志) says of a call, built once from the services and the menu
 * tree: the module in Chinese (the page whose permission the action checks: 党员管理), the kind
 * of operation (新增, 修改, 删除, 审核, 导入, 导出, 授权, 强退, 其他), the action's own title (the
 * head of its Chinese summary: 新增党员), and how to read the record it names before and after
 * (labels from the entity files) so the log can show what changed.
 *
 * Reads are not audit events: lists, details and counts asked by POST (the message list of the
 * header, 党员分页列表) and marking messages read are left out; sign-in and sign-out have their
 * own log (TokenAuth).
 */

/** Actions named like reads: lists, pages, details, counts, statistics, checks. */
const READ_NAME = /(List|Lists|PageList|PagedList|Statistics|Count|Detail|Details)$|^(Get|SimpleGet|Query|Search|Find|Check|Preview|CurrentUserIs|IntoRoom|SetRead$|SetAllRead$|SignCode$)/;
/** services whose calls are not operations of the audit log (sign-in and sign-out: the sign-in log) */
const NOT_OPERATIONS = new Set(['TokenAuth', 'AuditLogService', 'ExportService']);

export const isReadAction = (service: string, name: string) => NOT_OPERATIONS.has(service) || READ_NAME.test(name);

/** RuoYi's business types, by the action's name. */
export const OPERATIONS = ['新增', '修改', '删除', '审核', '导入', '导出', '授权', '强退', '其他'] as const;
export function operationOf(name: string): (typeof OPERATIONS)[number] {
  if (/Import|CreateBatch/.test(name)) return '导入';
  if (/Export/.test(name)) return '导出';
  if (/ForceLogout/.test(name)) return '强退';
  if (/^Set(Role|Tenant)Menu$/.test(name)) return '授权';
  if (/Delete|Del[A-Z]|Delte|Remove|Withdraw|Cancel|UnLike/.test(name)) return '删除';
  if (/Audit|Confirm|Reject|Answer|Commet|Comment|BackConcern|Mark[A-Z]/.test(name)) return '审核';
  if (/^(Update|Modify|Set|Edit|Simple ?Update)/.test(name) || /^SimpleUpdate/.test(name)) return '修改';
  if (/Create|Add|Apply|Submit|Register|Reply|Like|Sign|Report|Collect|Adoptive|SelectAndUse|Clone|Pay[A-Z]/.test(name)) return '新增';
  if (/Update|Modify|Set|Edit|Enable|Disable|Sort|Rotate|Launch|Shrink|^To[A-Z]|Extend|Stop|End|Reset|Find|Phone|Remind|Verify|Toggle/.test(name)) return '修改';
  return '其他';
}

/** The head of a Chinese summary: `管理：发布通知公告` → 发布通知公告; `新增党员（完整档案…）` → 新增党员. */
export function titleOf(summary: string): string {
  const s = summary.replace(/^(管理|党员)：/, '');
  return s.split(/[（(：:；;，,。]/)[0].trim().slice(0, 40) || s.slice(0, 40);
}

/** Modules the menu names differently from its permission's first page. */
const MODULE_OF_PERMISSION: Record<string, string> = { 'Pages.ResourceLibaryService': '资源库' };
/** Modules of services whose actions are all a member's own (self). */
const MODULE_OF_SERVICE: Record<string, string> = {
  UserService: '账号管理', PartyMemberService: '党员管理', SiteMessageService: '站内消息', VodService: '资源库', BigScreenDeviceService: '大屏',
  ForumService: '论坛管理', DifficultyService: '困难帮扶', MovingRecordService: '流动党员', OrganizationChangeService: '关系转接',
  PartyMemberDemostrationService: '示范岗责任区', PartyMemberResponseService: '示范岗责任区', VillageOfficalService: '村官管理',
  VolActivityService: '志愿服务', PublicOpinionService: '民意收集', OfflinePeriodService: '线下学时', PartyDuesService: '党费管理',
  LiveRoomService: '直播管理', PartyMeetingService: '组织生活', PartyPublicInfoService: '通知公告', TrainClassService: '培训班',
  TrainClassCourseService: '培训班', ExamPaperService: '考试管理', ResourceLibaryService: '资源库',
};

function pagesByPermission(menus: MenuDef[], out = new Map<string, string>()) {
  for (const m of menus) {
    if (m.type === 6 && m.permissionName && !out.has(m.permissionName)) out.set(m.permissionName, m.displayName);
    if (m.children) pagesByPermission(m.children, out);
  }
  return out;
}

/** `Pages.PartyMember.Create` → 党员管理: the permission's page, or its parent's. */
function moduleOfPermission(pages: Map<string, string>, permission: string): string | null {
  for (let p = permission; p.includes('.'); p = p.slice(0, p.lastIndexOf('.'))) {
    const m = MODULE_OF_PERMISSION[p] ?? pages.get(p);
    if (m) return m;
  }
  return null;
}

/** Keys whose values an auditor must not read in full; masked in the change list. */
const ID_KEYS = /^(idCard|idNumber|identityCard)$/i;
const PHONE_KEYS = /phone|mobile|^tel/i;
/** bookkeeping the change list leaves out */
const SKIP_KEYS = new Set(['id', 'creationTime', 'lastModificationTime', 'creatorUserId', 'lastModifierUserId', 'isDeleted', 'organPath', 'organLevel', 'tenantId', 'concurrencyStamp', 'userId', 'passwordHash', 'securityStamp', 'extra']);

function fieldCodeTables(props: Record<string, FieldSchema> | undefined, out: Map<string, string>) {
  for (const [k, f] of Object.entries(props ?? {})) {
    if (f && typeof f === 'object') {
      const table = (f as Record<string, unknown>)['x-code-table'];
      if (typeof table === 'string' && !out.has(k)) out.set(k, table);
      const nested = (f as { properties?: Record<string, FieldSchema> }).properties;
      if (nested) fieldCodeTables(nested, out);
    }
  }
  return out;
}

/** Fields naming an organisation by id: shown by its name. */
const ORGAN_KEYS = new Set(['organId', 'parentId', 'targetOrganId', 'fromOrganId', 'toOrganId', 'inOrganId', 'outOrganId']);

function fieldLabels(props: Record<string, FieldSchema> | undefined, out: Map<string, string>) {
  for (const [k, f] of Object.entries(props ?? {})) {
    if (f && typeof f === 'object') {
      if (typeof f.title === 'string' && !out.has(k)) out.set(k, f.title);
      const nested = (f as { properties?: Record<string, FieldSchema> }).properties;
      if (nested) fieldLabels(nested, out);
    }
  }
  return out;
}

/** Hand-written services: the entity file whose fields label their records, and how to load one. */
const HAND_WRITTEN: Record<string, { entity: string; load: (ctx: AppContext, id: number) => Promise<Record<string, unknown> | undefined> }> = {
  PartyMemberService: {
    entity: 'partyMember',
    load: async (ctx, id) => {
      const r = await ctx.db.selectFrom('partyMembers').selectAll().where('id', '=', id).executeTakeFirst();
      if (!r) return undefined;
      const { addition, partyMember, ...rest } = r as Record<string, unknown>;
      return { ...(parseJson(partyMember) ?? {}), ...(parseJson(addition) ?? {}), ...rest };
    },
  },
  OrganizationService: {
    entity: 'organization',
    load: async (ctx, id) => {
      const r = await ctx.db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
      if (!r) return undefined;
      const { extra, ...rest } = r as Record<string, unknown>;
      return { ...(parseJson(extra) ?? {}), ...rest };
    },
  },
  UnitService: { entity: 'unit', load: (ctx, id) => ctx.db.selectFrom('units').selectAll().where('id', '=', id).executeTakeFirst() as Promise<Record<string, unknown> | undefined> },
  UserService: {
    entity: 'admin',
    load: (ctx, id) => ctx.db.selectFrom('users').select(['id', 'userName', 'name', 'phoneNumber', 'isActive']).where('id', '=', id).executeTakeFirst() as Promise<Record<string, unknown> | undefined>,
  },
  RoleService: { entity: 'role', load: (ctx, id) => ctx.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst() as Promise<Record<string, unknown> | undefined> },
};

function parseJson(v: unknown): Record<string, unknown> | null {
  if (v == null) return null;
  if (typeof v === 'string') {
    try {
      return JSON.parse(v);
    } catch {
      return null;
    }
  }
  return typeof v === 'object' ? (v as Record<string, unknown>) : null;
}

const COMMON_LABELS: Record<string, string> = {
  name: '名称', title: '标题', organId: '党组织', organName: '组织名称', userName: '用户名', phoneNumber: '手机号', idCard: '身份证号', sex: '性别',
  isActive: '启用', remark: '备注', auditRemark: '审核意见', auditStatus: '审核结果', status: '状态', content: '内容', roleId: '角色', displayName: '显示名称',
  sort: '排序', isTop: '置顶', memberId: '党员', userIds: '党员', menuIds: '菜单', newPassword: '新密码', isEnabled: '启用', fileId: '文件', reason: '原因',
};

const NAME_KEYS = ['displayName', 'name', 'organName', 'unitName', 'title', 'userName', 'meetingName', 'className', 'paperName', 'libraryName', 'libaryName', 'examName', 'specialName', 'activityName', 'roomName', 'codeName'];

export function targetNameOf(v: Record<string, unknown> | null | undefined): string | null {
  if (!v) return null;
  for (const k of NAME_KEYS) if (typeof v[k] === 'string' && v[k]) return String(v[k]).slice(0, 100);
  return null;
}

/** A value as the log shows it: masked when sensitive, 是/否, cut when long, tags stripped. */
export function showValue(key: string, v: unknown): string {
  if (v == null || v === '') return '（空）';
  if (typeof v === 'boolean') return v ? '是' : '否';
  let s = typeof v === 'string' ? v : Array.isArray(v) && v.every((x) => typeof x !== 'object') ? v.join('、') : JSON.stringify(v);
  if (ID_KEYS.test(key) && /^\d{6}\d{8,11}[\dXx]$/.test(s)) s = `${s.slice(0, 6)}${'*'.repeat(s.length - 10)}${s.slice(-4)}`;
  else if (PHONE_KEYS.test(key) && /^1\d{10}$/.test(s)) s = `${s.slice(0, 3)}****${s.slice(7)}`;
  if (/<[a-z][^>]*>/i.test(s)) s = s.replace(/<[^>]+>/g, '').replace(/&nbsp;/g, ' ');
  return s.length > 120 ? `${s.slice(0, 120)}…` : s;
}

export interface FieldChange { field: string; label: string; before: string | null; after: string | null }

/**
 * The changed fields between two states of a record, labelled; `before` null for a creation,
 * `after` null for a deletion. Secrets (isSecret) and bookkeeping columns are left out.
 */
export function diffFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null, labels: Map<string, string>, isSecret: (k: string) => boolean): FieldChange[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const out: FieldChange[] = [];
  for (const k of keys) {
    if (SKIP_KEYS.has(k) || isSecret(k)) continue;
    const b = before ? before[k] : undefined;
    const a = after ? after[k] : undefined;
    if (before && after && !(k in after)) continue; // an update that did not send the field did not change it
    const bs = before ? showValue(k, b) : null;
    const as = after ? showValue(k, a) : null;
    if (before && after && JSON.stringify(b ?? null) === JSON.stringify(a ?? null)) continue;
    if (!before && (a == null || a === '' || (Array.isArray(a) && !a.length))) continue;
    if (!after && (b == null || b === '')) continue;
    out.push({ field: k, label: labels.get(k) ?? COMMON_LABELS[k] ?? k, before: bs, after: as });
  }
  return out.slice(0, 60);
}

/** The change list in one readable text: `姓名：张三 → 李四；性别：男` */
export const changesText = (changes: FieldChange[]) =>
  changes.map((c) => (c.before != null && c.after != null ? `${c.label}：${c.before} → ${c.after}` : `${c.label}：${c.after ?? c.before}`)).join('；');

export function buildAuditCatalog(services: ServiceDef[], entities: EntityFile[]): AuditCatalog {
  const pages = pagesByPermission(ADMIN_MENUS);
  const descriptions = new Map<string, AuditDescription | null>();
  const labelsOfEntity = new Map(entities.map((e) => [e.name, fieldLabels(e.schema.properties, new Map())]));
  const allLabels = new Map<string, string>();
  for (const e of entities) fieldLabels(e.schema.properties, allLabels);
  const entityOfService = new Map<string, EntityFile[]>();
  for (const e of entities) if (e.service) entityOfService.set(e.service.name, [...(entityOfService.get(e.service.name) ?? []), e]);

  for (const s of services) {
    // the service's module: its own map, or the page of its most used permission
    const counts = new Map<string, number>();
    for (const d of Object.values(s.actions)) {
      if (typeof d.access === 'string') continue;
      const m = moduleOfPermission(pages, [d.access.permission].flat()[0]);
      if (m) counts.set(m, (counts.get(m) ?? 0) + 1);
    }
    const serviceModule = MODULE_OF_SERVICE[s.name] ?? [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? s.name;
    for (const [key, d] of Object.entries(s.actions)) {
      const name = key.split('#')[0];
      const id = `${s.name}/${name}`;
      if (d.method === 'GET' || d.audit === false || isReadAction(s.name, name)) {
        descriptions.set(id, null);
        continue;
      }
      const perm = typeof d.access === 'string' ? null : [d.access.permission].flat()[0];
      descriptions.set(id, { module: (perm && moduleOfPermission(pages, perm)) || serviceModule, operation: operationOf(name), title: titleOf(d.summary) });
    }
  }

  const labelsFor = (service: string, entity?: string) => {
    const own = entity ? labelsOfEntity.get(entity) : HAND_WRITTEN[service] ? labelsOfEntity.get(HAND_WRITTEN[service].entity) : entityOfService.get(service)?.[0] && labelsOfEntity.get(entityOfService.get(service)![0].name);
    return own ? new Map([...allLabels, ...own]) : allLabels;
  };

  const codeTablesOfEntity = new Map(entities.map((e) => [e.name, fieldCodeTables(e.schema.properties, new Map())]));
  const allCodeTables = new Map<string, string>();
  for (const e of entities) fieldCodeTables(e.schema.properties, allCodeTables);

  return {
    describe: (service, action) => descriptions.get(`${service}/${action}`) ?? null,
    /** codes as their labels (code tables), organisations by name */
    async present(ctx, service, entity, changes) {
      const entityName = entity ?? HAND_WRITTEN[service]?.entity ?? entityOfService.get(service)?.[0]?.name;
      const tables = new Map([...allCodeTables, ...((entityName && codeTablesOfEntity.get(entityName)) || [])]);
      const needed = [...new Set(changes.flatMap((c) => (tables.has(c.field) ? [tables.get(c.field)!] : [])))];
      const codes = needed.length ? await codeLabels(ctx.db, needed) : new Map<string, Map<string, string>>();
      const organIds = [...new Set(changes.flatMap((c) => (ORGAN_KEYS.has(c.field) ? [c.before, c.after] : [])).filter((v): v is string => !!v && /^\d+$/.test(v)).map(Number))];
      const organs = organIds.length ? new Map((await ctx.db.selectFrom('organizations').select(['id', 'organName']).where('id', 'in', organIds).execute()).map((o) => [String(o.id), o.organName])) : new Map<string, string>();
      const show = (field: string, v: string | null) => {
        if (v == null) return v;
        if (ORGAN_KEYS.has(field)) return organs.get(v) ?? v;
        const t = tables.get(field);
        return (t && codes.get(t)?.get(v)) ?? v;
      };
      return changes.map((c) => ({ ...c, before: show(c.field, c.before), after: show(c.field, c.after) }));
    },
    diff: (before, after, labels, service) => diffFields(before, after, labels, (k) => isSecretKey(k, service)),
    targetName: targetNameOf,
    labels: (service, entity) => labelsFor(service, entity),
    async snapshot(ctx, service, id): Promise<AuditSnapshot | null> {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const hand = HAND_WRITTEN[service];
      if (hand) {
        const fields = await hand.load(ctx, id);
        return fields ? { entity: hand.entity, fields } : null;
      }
      const names = (entityOfService.get(service) ?? []).map((e) => e.name);
      if (!names.length) return null;
      const r = await ctx.db.selectFrom('records').select(['entity', 'data']).where('id', '=', id).where('entity', 'in', names).executeTakeFirst();
      if (!r) return null;
      return { entity: r.entity, fields: parseJson(r.data) ?? {} };
    },
  };
}
