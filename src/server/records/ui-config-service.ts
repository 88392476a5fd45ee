import { defineService, action } from '../http/actions';
import type { EntityFile } from './entities';
import { loadScreenFiles } from './screens';

/**
 * Serves the admin's configuration to the client: every screen by tag and the entity schemas the
 * screens use. Read once at start, so an invalid file stops the server before anyone sees it.
 */
export function uiConfigService(entities: EntityFile[], screenDirs: string[]) {
  const screens = loadScreenFiles(screenDirs, new Set(entities.map((e) => e.name)));
  const payload = {
    screens: Object.fromEntries(screens),
    entities: Object.fromEntries(entities.map((e) => [e.name, { name: e.name, title: e.title, schema: e.schema }])),
  };
  return defineService('UiConfigService', {
    GetAll: action({
      method: 'GET',
      summary: '管理端界面配置：全部界面（按标签）及其实体结构',
      access: 'self',
      returns: '{screens: {[tag]: 界面}, entities: {[name]: {name, title, schema}}}',
      async handler() {
        return payload;
      },
    }),
  });
}
