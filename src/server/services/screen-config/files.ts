import { badRequest } from '../../http/errors';
import type { ConfigKind } from '../../../contract/screen-config';
import type { ConfigOverlay, OverrideState } from './overlay';

/**
 * Overrides as files of the repository's own format: a screen is `screens/<kebab-tag>.json`, an
 * entity `schemas/<kebab-name>.json`, each the whole file with its `$schema` — so an export can be
 * committed to the repository (shipping the change) or imported into another installation.
 */
const kebab = (s: string) => s.replace(/\//g, '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const META = { screen: '../src/contract/meta/screen.schema.json', entity: '../src/contract/meta/entity.schema.json' };

export function exportFiles(overrides: Map<string, OverrideState>) {
  const files: { path: string; content: string }[] = [];
  for (const [k, st] of overrides) {
    if (st.invalid) continue;
    const [kind, key] = k.split(/:(.*)/s) as [ConfigKind, string];
    const { $schema: _s, ...body } = st.body;
    files.push({ path: `${kind === 'screen' ? 'screens' : 'schemas'}/${kebab(key)}.json`, content: `${JSON.stringify({ $schema: META[kind], ...body }, null, 2)}\n` });
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

export function parseImport(files: { path?: string; content: string }[], overlay: ConfigOverlay) {
  return files.map((f, i) => {
    const path = f.path || `第${i + 1}个文件`;
    let json: unknown;
    try {
      json = JSON.parse(f.content);
    } catch {
      throw badRequest(`${path} 不是有效的JSON`);
    }
    if (!json || typeof json !== 'object' || Array.isArray(json)) throw badRequest(`${path} 应为一个界面或实体文件`);
    const o = json as Record<string, unknown>;
    const kind: ConfigKind = typeof o.tag === 'string' ? 'screen' : 'entity';
    const key = String(kind === 'screen' ? o.tag : o.name ?? '');
    if (!overlay.shipped(kind, key)) throw badRequest(`${path}：没有标识为 ${key || '（空）'} 的出厂${kind === 'screen' ? '界面' : '实体'}，导入只能修改已有的界面或实体`);
    return { path, kind, key, body: o };
  });
}
