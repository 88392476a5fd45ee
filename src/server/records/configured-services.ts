import type { ServiceDef, Access } from '../http/actions';
import { defineService } from '../http/actions';
import { ConfigError, type EntityFile } from './entities';
import { OPERATIONS } from './operations';

/**
 * Turns the `service` blocks of schemas/*.json into app services: each action maps onto a generic
 * operation of the record store, with the permission it names (or the service's).
 */
export function buildConfiguredServices(entities: EntityFile[]): ServiceDef[] {
  const byName = new Map(entities.map((e) => [e.name, e]));
  const out: ServiceDef[] = [];
  for (const entity of entities) {
    const service = entity.service;
    if (!service) continue;
    const actions: ServiceDef['actions'] = {};
    for (const [key, config] of Object.entries(service.actions)) {
      const build = OPERATIONS[config.op];
      if (!build) throw new ConfigError(`配置文件 ${entity.file} 不合法：/service/actions/${key}/op 未知的操作 ${config.op}`);
      if (['reply', 'repliesPage', 'deleteReply'].includes(config.op) && !service.replyEntity) {
        throw new ConfigError(`配置文件 ${entity.file} 不合法：/service/actions/${key} 需要 /service/replyEntity`);
      }
      const permission = config.permission ?? service.permission;
      const access: Access = permission === 'self' ? 'self' : { permission };
      const scope = config.scope ?? (permission === 'self' ? 'visible' : 'subtree');
      actions[key] = build({ entity, config, access, scope, summary: config.summary ?? `${entity.title}：${key}`, entities: byName });
    }
    out.push(defineService(service.name, actions));
  }
  return out;
}
