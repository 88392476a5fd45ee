import { defineService, action } from '../http/actions';
import type { AppContext } from '../context';
import type { EntityFile } from './entities';
import type { ScreenFile } from './screens';

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
 * The configuration in force: the shipped files (validated at start, so an invalid file stops the
 * server before anyone sees it) overlaid with what implementers changed in the browser. `generation`
 * names one state of it; the answers below are rebuilt only when it moves.
 */
export interface ConfigSource {
  current(ctx: AppContext): Promise<{ generation: string; screens: Map<string, ScreenFile>; entities: EntityFile[] }>;
}

/** The shipped files alone. */
export const staticSource = (entities: EntityFile[], screens: Map<string, ScreenFile>): ConfigSource => ({
  current: async () => ({ generation: 'shipped', screens, entities }),
});

/**
 * Serves the configuration to the client (docs/foundations.md "What members receive"): an
 * administrator gets every screen by tag and every entity schema; a member (the default role, or a
 * session whose role was taken away) gets no screens, only the schemas member pages use. The one
 * way the engine gets a screen, shipped or overridden.
 */
export function uiConfigService(source: ConfigSource) {
  let built: { generation: string; admin: unknown; member: unknown } | null = null;
  const answers = async (ctx: AppContext) => {
    const { generation, screens, entities } = await source.current(ctx);
    if (built?.generation !== generation) {
      built = {
        generation,
        admin: { screens: Object.fromEntries(screens), entities: Object.fromEntries(entities.map(entityOut)) },
        member: { screens: {}, entities: Object.fromEntries(memberEntities(entities).map(entityOut)) },
      };
    }
    return built;
  };
  return defineService('UiConfigService', {
    GetAll: action({
      method: 'GET',
      summary: '界面配置：管理员得到全部界面（按标签）及实体结构；党员只得到党员页面所用的实体结构，没有界面',
      access: 'self',
      returns: '{screens: {[tag]: 界面}, entities: {[name]: {name, title, schema}}}',
      async handler({ ctx, user }) {
        const a = await answers(ctx);
        return user.roleId != null && !user.isDefaultRole ? a.admin : a.member;
      },
    }),
  });
}
