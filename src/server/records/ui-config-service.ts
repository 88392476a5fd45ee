import { defineService, action } from '../http/actions';
import type { EntityFile } from './entities';
import { loadScreenFiles } from './screens';

/**
 * Entities whose schema member pages use: those with a service action open to any signed-in user
 * (and the reply entity of such a service), and those marked `member: true`.
 */
export function memberEntities(entities: EntityFile[]): EntityFile[] {
  const names = new Set<string>();
  for (const e of entities) {
    const service = e.service;
    if (e.member) names.add(e.name);
    if (service && Object.values(service.actions).some((a) => (a.permission ?? service.permission) === 'self')) {
      names.add(e.name);
      if (service.replyEntity) names.add(service.replyEntity);
    }
  }
  return entities.filter((e) => names.has(e.name));
}

const entityOut = (e: EntityFile) => [e.name, { name: e.name, title: e.title, schema: e.schema }] as const;

/**
 * Serves the configuration to the client (docs/foundations.md "What members receive"): an
 * administrator gets every screen by tag and every entity schema; a member (the default role, or a
 * session whose role was taken away) gets no screens, only the schemas member pages use. Read once at
 * start, so an invalid file stops the server before anyone sees it.
 */
export function uiConfigService(entities: EntityFile[], screenDirs: string[]) {
  const screens = loadScreenFiles(screenDirs, new Set(entities.map((e) => e.name)));
  const admin = {
    screens: Object.fromEntries(screens),
    entities: Object.fromEntries(entities.map(entityOut)),
  };
  const member = { screens: {}, entities: Object.fromEntries(memberEntities(entities).map(entityOut)) };
  return defineService('UiConfigService', {
    GetAll: action({
      method: 'GET',
      summary: '界面配置：管理员得到全部界面（按标签）及实体结构；党员只得到党员页面所用的实体结构，没有界面',
      access: 'self',
      returns: '{screens: {[tag]: 界面}, entities: {[name]: {name, title, schema}}}',
      async handler({ user }) {
        return user.roleId != null && !user.isDefaultRole ? admin : member;
      },
    }),
  });
}
