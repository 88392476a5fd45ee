import { P } from '../../../contract/permissions';
import { pointedText, type PointedError } from '../../../contract/meta-messages';
import { SCREEN_CONFIG_MSG, type ConfigDetail, type ConfigKind, type ConfigListItem } from '../../../contract/screen-config';
import { action, defineService } from '../../http/actions';
import { badRequest, invalid, notFound } from '../../http/errors';
import type { AppContext } from '../../context';
import { accessReport } from './access-report';
import { exportFiles, parseImport } from './files';
import { ConfigOverlay, overrideKey } from './overlay';
import { appendVersions, versionsOf } from './store';
import { checkOverride, SELF_TAGS } from './validate';

/**
 * 设置 → 界面配置 (Pages.Administration.ScreenConfig, a 系统管理员's permission: docs/SECURITY.md §15):
 * the screens and entity files in force, overridden in the database instead of the repository.
 * Every write is a new version (who, when, a comment) and goes through the audit log like any action;
 * UiConfigService serves the result to every process at its next request (overlay.ts).
 */
const kindProp = { type: 'string', enum: ['screen', 'entity'], title: '类型', 'x-message': '类型应为 screen 或 entity' };
const keyProp = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z][A-Za-z0-9]*(/[A-Za-z][A-Za-z0-9/]*)?$', title: '标识', 'x-message': '标识不正确' };
const commentProp = { type: 'string', maxLength: 500, title: '修改说明' };
const target = { kind: kindProp, key: keyProp };
const access = { permission: P.ScreenConfig };

const refuse = (errors: PointedError[]) => invalid(errors.map((e) => ({ message: pointedText(e), members: [e.pointer || '/'] })));

export function screenConfigService(overlay: ConfigOverlay) {
  const shippedOr404 = (kind: ConfigKind, key: string) => {
    const s = overlay.shipped(kind, key);
    if (!s) throw notFound(SCREEN_CONFIG_MSG.notFound);
    return s;
  };
  const stateOf = async (ctx: AppContext, kind: ConfigKind, key: string) => (await overlay.current(ctx)).overrides.get(overrideKey(kind, key));
  const inForce = async (ctx: AppContext, kind: ConfigKind, key: string) => {
    const st = await stateOf(ctx, kind, key);
    return st && !st.invalid ? st.body : shippedOr404(kind, key);
  };
  const comment = (c: string | undefined) => {
    const text = (c ?? '').trim();
    if (!text) throw badRequest(SCREEN_CONFIG_MSG.commentRequired);
    return text;
  };

  return defineService('ScreenConfigService', {
    GetList: action<{ keyword?: string; kind?: ConfigKind; overridden?: boolean }>({
      method: 'GET',
      summary: '界面配置：全部界面与实体（标识、标题、类型、所在菜单、是否已修改、是否待复核）',
      access,
      input: { type: 'object', properties: { keyword: { type: 'string', maxLength: 50, title: '关键字' }, kind: kindProp, overridden: { type: 'boolean', title: '已修改' } } },
      returns: 'ConfigListItem[]（src/contract/screen-config.ts）',
      async handler({ ctx, input }) {
        const { overrides, latest } = await overlay.current(ctx);
        const menus = await ctx.db.selectFrom('menus').select(['displayName', 'tags']).where('tags', 'is not', null).execute();
        const menuOf = new Map<string, string[]>();
        for (const m of menus) for (const t of (m.tags ?? '').split(',')) if (t.trim()) menuOf.set(t.trim(), [...(menuOf.get(t.trim()) ?? []), m.displayName]);
        const items: ConfigListItem[] = [];
        const push = (kind: ConfigKind, key: string, title: string, screenKind: string, menuTag: string | null) => {
          const st = overrides.get(overrideKey(kind, key));
          items.push({ id: overrideKey(kind, key), kind, key, title, screenKind, menuNames: menuTag ? (menuOf.get(menuTag) ?? []).join('、') : '', overridden: !!st, version: latest.get(overrideKey(kind, key)) ?? null, needsReview: !!st?.needsReview });
        };
        for (const [tag, s] of overlay.shippedScreens) if (!SELF_TAGS.test(tag)) push('screen', tag, s.title, s.kind, tag.split('/')[0]);
        for (const [name, e] of overlay.shippedEntities) push('entity', name, e.title, '实体', null);
        const kw = input.keyword?.trim().toLowerCase();
        return items.filter((i) => (!input.kind || i.kind === input.kind) && (input.overridden === undefined || i.overridden === input.overridden) && (!kw || `${i.key} ${i.title} ${i.menuNames}`.toLowerCase().includes(kw)));
      },
    }),

    Get: action<{ kind: ConfigKind; key: string }>({
      method: 'GET',
      summary: '界面配置：一个界面或实体的出厂文件、当前生效的配置与全部版本',
      access,
      input: { type: 'object', required: ['kind', 'key'], properties: target },
      returns: 'ConfigDetail',
      async handler({ ctx, input }): Promise<ConfigDetail> {
        const shipped = shippedOr404(input.kind, input.key);
        const st = await stateOf(ctx, input.kind, input.key);
        return {
          kind: input.kind,
          key: input.key,
          shipped,
          current: st && !st.invalid ? st.body : shipped,
          overridden: !!st,
          needsReview: !!st?.needsReview,
          versions: await versionsOf(ctx, input.kind, input.key),
        };
      },
    }),

    Validate: action<{ kind: ConfigKind; key: string; body: unknown }>({
      method: 'POST',
      summary: '界面配置：按服务端的规则检查一份配置（不保存），错误带 JSON 指针',
      access,
      audit: false,
      input: { type: 'object', required: ['kind', 'key', 'body'], properties: { ...target, body: { title: '配置' } } },
      returns: '{errors: {pointer, message}[]}',
      async handler({ input }) {
        shippedOr404(input.kind, input.key);
        return { errors: checkOverride(overlay, input.kind, input.key, input.body) };
      },
    }),

    Save: action<{ kind: ConfigKind; key: string; body: unknown; comment?: string }>({
      method: 'POST',
      summary: '界面配置：保存为新版本（校验同启动时的配置文件；不合法时给出 JSON 指针与原因）',
      access,
      repeatSubmit: false,
      input: { type: 'object', required: ['kind', 'key', 'body'], properties: { ...target, body: { title: '配置' }, comment: commentProp } },
      returns: '{version}',
      async handler({ ctx, input, user }) {
        shippedOr404(input.kind, input.key);
        const text = comment(input.comment);
        const errors = checkOverride(overlay, input.kind, input.key, input.body);
        if (errors.length) throw refuse(errors);
        const st = await stateOf(ctx, input.kind, input.key);
        const current = await inForce(ctx, input.kind, input.key);
        // saving what is in force again is allowed only to confirm a review after an upgrade
        if (JSON.stringify(current) === JSON.stringify(input.body) && !st?.needsReview) throw badRequest(SCREEN_CONFIG_MSG.unchanged);
        const [version] = await appendVersions(ctx, user, [{ kind: input.kind, key: input.key, body: input.body, shippedHash: overlay.shippedHash(input.kind, input.key), comment: text, action: 'save' }]);
        return { version };
      },
    }),

    Rollback: action<{ kind: ConfigKind; key: string; version: number; comment?: string }>({
      method: 'POST',
      summary: '界面配置：回滚到某一版本（version 为 0：恢复出厂文件），回滚本身记为新版本',
      access,
      repeatSubmit: false,
      input: { type: 'object', required: ['kind', 'key', 'version'], properties: { ...target, version: { type: 'integer', minimum: 0, maximum: 1000000, title: '版本' }, comment: commentProp } },
      returns: '{version}',
      async handler({ ctx, input, user }) {
        shippedOr404(input.kind, input.key);
        let body: unknown = null;
        if (input.version > 0) {
          const row = await ctx.db.selectFrom('configOverrides').select('body').where('kind', '=', input.kind).where('key', '=', input.key).where('version', '=', input.version).executeTakeFirst();
          if (!row) throw notFound(SCREEN_CONFIG_MSG.versionNotFound);
          body = row.body === null ? null : JSON.parse(row.body);
          if (body !== null) {
            const errors = checkOverride(overlay, input.kind, input.key, body);
            if (errors.length) throw refuse(errors);
          }
        }
        const text = (input.comment ?? '').trim() || (input.version > 0 ? `回滚到第${input.version}版` : '恢复出厂配置');
        const [version] = await appendVersions(ctx, user, [{ kind: input.kind, key: input.key, body, shippedHash: overlay.shippedHash(input.kind, input.key), comment: text, action: input.version > 0 ? 'rollback' : 'reset' }]);
        return { version };
      },
    }),

    CheckAccess: action<{ body: unknown; roleId: number }>({
      method: 'POST',
      summary: '界面配置：某一角色使用这份界面时缺少权限的接口与按钮、不存在的代码表',
      access,
      audit: false,
      input: { type: 'object', required: ['body', 'roleId'], properties: { body: { title: '界面' }, roleId: { type: 'integer', minimum: 1, maximum: 2147483647, title: '角色' } } },
      returns: 'AccessReport',
      async handler({ ctx, input }) {
        return accessReport(ctx, overlay.calls, input.body, input.roleId);
      },
    }),

    GetRoles: action({
      method: 'GET',
      summary: '界面配置：可供预览比较的角色（名称）',
      access,
      returns: '{id, displayName}[]',
      async handler({ ctx }) {
        return ctx.db.selectFrom('roles').select(['id', 'displayName']).orderBy('id').execute();
      },
    }),

    Export: action({
      method: 'GET',
      summary: '界面配置：导出全部修改（仓库自身的文件格式：screens/*.json、schemas/*.json）',
      access,
      returns: '{files: {path, content}[]}',
      async handler({ ctx }) {
        return { files: exportFiles((await overlay.current(ctx)).overrides) };
      },
    }),

    Import: action<{ files: { path?: string; content: string }[]; comment?: string }>({
      method: 'POST',
      summary: '界面配置：导入界面或实体文件为新版本（全部合法才导入，否则一个也不导入）',
      access,
      repeatSubmit: false,
      input: {
        type: 'object',
        required: ['files'],
        properties: {
          files: { type: 'array', minItems: 1, maxItems: 200, title: '文件', items: { type: 'object', required: ['content'], properties: { path: { type: 'string', maxLength: 300 }, content: { type: 'string', maxLength: 200000 } } } },
          comment: commentProp,
        },
      },
      returns: '{imported: {kind, key, version}[]}',
      async handler({ ctx, input, user }) {
        const text = comment(input.comment);
        const parsed = parseImport(input.files, overlay);
        const errors = parsed.flatMap((f) => checkOverride(overlay, f.kind, f.key, f.body).map((e) => ({ pointer: e.pointer, message: `${f.path}：${e.message}` })));
        if (errors.length) throw refuse(errors);
        const versions = await appendVersions(ctx, user, parsed.map((f) => ({ kind: f.kind, key: f.key, body: f.body, shippedHash: overlay.shippedHash(f.kind, f.key), comment: text, action: 'import' as const })));
        return { imported: parsed.map((f, i) => ({ kind: f.kind, key: f.key, version: versions[i] })) };
      },
    }),
  });
}
