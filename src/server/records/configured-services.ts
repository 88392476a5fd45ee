import statusLabels from '../../contract/status-labels.json' with { type: 'json' };
import type { ServiceDef, Access } from '../http/actions';
import { defineService } from '../http/actions';
import { isEffect } from '../workflow/effects';
import { isAdministratorStep } from '../workflow/types';
import { isCheck } from './checks';
import { ConfigError, type EntityFile } from './entities';
import { workflowOf } from './op-kit';
import { OPERATIONS } from './operations';
import { registerFileHoldingEntities } from './file-holders';
import { renameInput } from './input-names';
import { UNIQUE_COLUMNS } from './unique';

/**
 * Turns the `service` blocks of schemas/*.json into app services: each action maps onto a generic
 * operation of the record store, with the permission it names (or the service's). Everything a
 * block refers to — states, transitions, effects, fields, parent entities — is checked here, at
 * start, so a wrong name stops the server with the file and the place instead of failing a user.
 */
const PARTICIPANT_OPS = ['join', 'leave', 'addParticipants', 'removeParticipant', 'participantsPage', 'signInCode', 'rotateSignInCode', 'signIn', 'supplementSignIn', 'askLeave', 'decideLeave'];
const COLUMN_SUMS = ['participantCount', 'likeCount', 'replyCount'];
const RECORD_COLUMNS = ['creationTime', 'auditStatus', 'organId', 'isTop', 'isEnabled', 'parentId'];

function checkEntity(entity: EntityFile, byName: Map<string, EntityFile>) {
  const where = (p: string) => `配置文件 ${entity.file} 不合法：${p}`;
  const fail = (p: string, msg: string) => {
    throw new ConfigError(`${where(p)} ${msg}`);
  };
  const props = entity.schema.properties;
  const service = entity.service!;
  const wf = workflowOf(entity);
  if (service.workflow) {
    const list = (statusLabels as Record<string, Record<string, unknown>>)[service.workflow.statuses];
    if (!list) fail('/service/workflow/statuses', `状态列表 ${service.workflow.statuses} 不存在（src/contract/status-labels.json）`);
    const known = (code: number | undefined, p: string) => {
      if (code !== undefined && !(String(code) in list)) fail(p, `状态 ${code} 不在状态列表 ${service.workflow!.statuses} 中`);
    };
    known(service.workflow.initial, '/service/workflow/initial');
    for (const [name, t] of Object.entries(service.workflow.transitions)) {
      const p = `/service/workflow/transitions/${name}`;
      t.from.forEach((c) => known(c, `${p}/from`));
      known(t.to, `${p}/to`);
      known(t.approve, `${p}/approve`);
      known(t.reject, `${p}/reject`);
      if (t.effect && !isEffect(t.effect)) fail(`${p}/effect`, `未注册的效果 ${t.effect}（由领域的 index.ts 注册）`);
      if (t.check && !isCheck(t.check)) fail(`${p}/check`, `未注册的检查 ${t.check}（由领域的 index.ts 注册）`);
      for (const f of t.fields ?? []) if (!props[f]) fail(`${p}/fields`, `字段 ${f} 未在 schema 中定义`);
      for (const f of t.required ?? []) if (!(t.fields ?? []).includes(f)) fail(`${p}/required`, `字段 ${f} 不在本环节的 fields 中`);
      if (typeof t.actor === 'object' && !props[t.actor.field]) fail(`${p}/actor/field`, `字段 ${t.actor.field} 未在 schema 中定义`);
      for (const f of Object.keys(t.when ?? {})) if (!props[f]) fail(`${p}/when`, `字段 ${f} 未在 schema 中定义`);
    }
  }
  // nobody decides his own case: a workflow an administrator acts in says whose case a record is
  const adminSteps = Object.entries(wf?.transitions ?? {}).filter(([, t]) => isAdministratorStep(t)).map(([n]) => n);
  if (adminSteps.length && !service.caseOf) {
    fail('/service/caseOf', `流程环节 ${adminSteps.join('、')} 由管理员办理，须用 caseOf 声明记录是谁的事项（如 {"user": "owner", "noun": "申请"}），以免本人审核本人的事项`);
  }
  const cu = service.caseOf?.user;
  if (cu && typeof cu === 'object') {
    const f = 'field' in cu ? cu.field : cu.idCardField;
    if (!props[f]) fail('/service/caseOf/user', `字段 ${f} 未在 schema 中定义`);
  }
  const pc = service.participants;
  for (const [k, f] of Object.entries({ capacityField: pc?.capacityField, applyUntilField: pc?.applyUntilField, cancelBeforeField: pc?.cancelBeforeField, 'signIn/fromField': pc?.signIn?.fromField, 'signIn/toField': pc?.signIn?.toField })) {
    if (f && !props[f]) fail(`/service/participants/${k}`, `字段 ${f} 未在 schema 中定义`);
  }
  if (pc?.signIn?.url && (!pc.signIn.url.includes('{token}') || pc.signIn.url.includes('{code}'))) fail('/service/participants/signIn/url', '签到页地址须带 {token}（签名的二维码令牌），不能带 {code}');
  if (pc?.leave && !props[pc.leave.beforeField]) fail('/service/participants/leave/beforeField', `字段 ${pc.leave.beforeField} 未在 schema 中定义`);
  const ts = service.timeStatus;
  for (const f of [ts?.fromField, ts?.toField]) if (f && !props[f]) fail('/service/timeStatus', `字段 ${f} 未在 schema 中定义`);
  if (ts && props[ts.field]) fail('/service/timeStatus/field', `字段 ${ts.field} 由时间推导，不能在 schema 中定义`);
  for (const ix of service.indexes ?? []) for (const f of ix.fields) if (!props[f]) fail('/service/indexes', `字段 ${f} 未在 schema 中定义`);
  for (const f of service.organFields ?? []) if (!props[f]) fail('/service/organFields', `字段 ${f} 未在 schema 中定义`);
  if (service.anonymousField && !props[service.anonymousField]) fail('/service/anonymousField', `字段 ${service.anonymousField} 未在 schema 中定义`);
  for (const u of service.unique ?? []) for (const f of u.fields) if (!props[f] && !UNIQUE_COLUMNS.includes(f)) fail('/service/unique', `字段 ${f} 未在 schema 中定义`);

  for (const [key, a] of Object.entries(service.actions)) {
    const p = `/service/actions/${key}`;
    if ((a.op === 'transition' || a.op === 'history') && !wf) fail(p, `操作 ${a.op} 需要 /service/workflow`);
    if (a.op === 'audit' && !wf?.transitions.audit) fail(p, '操作 audit 需要 auditOnCreate 或名为 audit 的流转');
    for (const t of a.transitions ?? []) if (!wf?.transitions[t]) fail(`${p}/transitions`, `流转 ${t} 未在 /service/workflow/transitions 中定义`);
    if (a.actionable && !wf) fail(`${p}/actionable`, '需要 /service/workflow');
    if (PARTICIPANT_OPS.includes(a.op) && !pc) fail(p, `操作 ${a.op} 需要 /service/participants`);
    if ((a.op === 'createChild' || a.op === 'childrenPage') && !a.parent) fail(p, `操作 ${a.op} 需要 parent`);
    if (a.parent && !byName.get(a.parent.entity)) fail(`${p}/parent/entity`, `引用了不存在的实体 ${a.parent.entity}`);
    for (const f of a.fields ?? []) if (!props[f]) fail(`${p}/fields`, `字段 ${f} 未在 schema 中定义`);
    if (a.check && !isCheck(a.check)) fail(`${p}/check`, `未注册的检查 ${a.check}（由领域的 index.ts 注册）`);
    if (a.check && !['create', 'update', 'createChild'].includes(a.op)) fail(p, 'check 只用于 create、update 与 createChild 操作');
    if (a.onBehalf && a.op !== 'create') fail(p, 'onBehalf 只用于 create 操作');
    if (a.dueWithinDays && a.op !== 'page') fail(`${p}/dueWithinDays`, 'dueWithinDays 只用于 page 操作');
    if (a.dueWithinDays && !props[a.dueWithinDays.field]) fail(`${p}/dueWithinDays/field`, `字段 ${a.dueWithinDays.field} 未在 schema 中定义`);
    if ((a.scope === 'sides' || a.scope === 'otherSide') && !(service.organFields?.length || Object.values(wf?.transitions ?? {}).some((t) => typeof t.actor === 'object')))
      fail(`${p}/scope`, `范围 ${a.scope} 需要 /service/organFields 或按字段确定办理人的流转`);
    if ((a.op === 'askLeave' || a.op === 'decideLeave') && !pc?.leave) fail(p, `操作 ${a.op} 需要 /service/participants/leave`);
    if (a.lockedFrom && a.op !== 'update' && a.op !== 'delete') fail(`${p}/lockedFrom`, 'lockedFrom 只用于 update 与 delete 操作');
    if (a.lockedFrom && !props[a.lockedFrom.field]) fail(`${p}/lockedFrom/field`, `字段 ${a.lockedFrom.field} 未在 schema 中定义`);
    for (const f of a.lockedFrom?.except ?? []) if (!props[f]) fail(`${p}/lockedFrom/except`, `字段 ${f} 未在 schema 中定义`);
    for (const f of a.required ?? []) if (!props[f] || (a.fields && !a.fields.includes(f))) fail(`${p}/required`, `字段 ${f} 未在 schema 或本操作的 fields 中定义`);
    if (a.organs && a.op !== 'organsWithout') fail(`${p}/organs`, 'organs 只用于 organsWithout 操作');
    if (a.op === 'importTemplate' && service.actions[a.of ?? '']?.op !== 'import') fail(`${p}/of`, '须为本服务的 import 操作');
    if (a.op === 'statistics') {
      const g = a.groupBy ?? 'organ';
      if (g !== 'organ' && g !== 'month' && !props[g] && !RECORD_COLUMNS.includes(g)) fail(`${p}/groupBy`, `字段 ${g} 未在 schema 中定义`);
      if (a.dateField && !props[a.dateField] && a.dateField !== 'creationTime') fail(`${p}/dateField`, `字段 ${a.dateField} 未在 schema 中定义`);
      for (const m of a.measures ?? []) if (m.sum && !props[m.sum] && !COLUMN_SUMS.includes(m.sum)) fail(`${p}/measures`, `字段 ${m.sum} 未在 schema 中定义`);
    }
    for (const m of a.measures ?? []) for (const f of Object.keys(m.where ?? {})) if (!props[f] && !RECORD_COLUMNS.includes(f)) fail(`${p}/measures`, `字段 ${f} 未在 schema 中定义`);
    for (const f of Object.keys(a.where ?? {})) if (!props[f] && !RECORD_COLUMNS.includes(f)) fail(`${p}/where`, `字段 ${f} 未在 schema 中定义`);
    for (const f of Object.keys(a.filters ?? {})) if (!props[f] && !RECORD_COLUMNS.includes(f) && f !== ts?.field) fail(`${p}/filters`, `字段 ${f} 未在 schema 中定义`);
  }
}

/** Operations that make a new record: a repeat of the same body within REPEAT_SUBMIT_SECONDS is refused. */
const CREATING_OPS = new Set(['create', 'createChild', 'reply']);

export function buildConfiguredServices(entities: EntityFile[]): ServiceDef[] {
  const byName = new Map(entities.map((e) => [e.name, e]));
  registerFileHoldingEntities(entities);
  const out: ServiceDef[] = [];
  const routes = new Set<string>();
  for (const entity of entities) {
    const service = entity.service;
    if (!service) continue;
    checkEntity(entity, byName);
    const actions: ServiceDef['actions'] = {};
    for (const [key, config] of Object.entries(service.actions)) {
      // two entity files may share a service (an application and its help records): never an action
      const route = `${service.name}/${key.split('#')[0]}#${config.method}`;
      if (routes.has(route)) throw new ConfigError(`配置文件 ${entity.file} 不合法：/service/actions/${key} 与另一实体的同名接口重复`);
      routes.add(route);
      const build = OPERATIONS[config.op];
      if (!build) throw new ConfigError(`配置文件 ${entity.file} 不合法：/service/actions/${key}/op 未知的操作 ${config.op}`);
      if (['reply', 'repliesPage', 'deleteReply'].includes(config.op) && !service.replyEntity) {
        throw new ConfigError(`配置文件 ${entity.file} 不合法：/service/actions/${key} 需要 /service/replyEntity`);
      }
      const permission = config.permission ?? service.permission;
      const access: Access = permission === 'self' ? 'self' : { permission };
      const scope = config.scope ?? (permission === 'self' ? 'visible' : 'subtree');
      const built = build({ entity, config, access, scope, summary: config.summary ?? `${entity.title}：${key}`, entities: byName });
      let def: typeof built;
      try {
        def = config.inputNames ? renameInput(built, config.inputNames) : built;
      } catch (err) {
        throw new ConfigError(`配置文件 ${entity.file} 不合法：/service/actions/${key}/inputNames ${(err as Error).message}`);
      }
      // the repeat-submit guard (http/repeat-submit.ts) follows the operation, not the name: joins,
      // transitions and updates have their own answer to a repeat
      // an actionable page is a 待办 list: the 工作台 counts it with the list's own query
      const pending = config.op === 'page' && config.actionable ? { title: config.pending ?? entity.title } : undefined;
      actions[key] = { ...def, repeatSubmit: def.repeatSubmit ?? CREATING_OPS.has(config.op), ...(pending ? { pending } : {}) };
    }
    out.push(defineService(service.name, actions));
  }
  return out;
}
