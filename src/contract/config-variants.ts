/**
 * Variants of configuration files. Screens (keyed by `tag`) and entities (keyed by `name`) that
 * differ from another only in a few values say so instead of repeating it:
 *
 *   { "tag": "resourceAudio", "extends": "resourceVideo",
 *     "set": { "/title": "音频资源", "/params/resourceType": 3, "/toolbar/0/label": "新增音频" } }
 *
 * The base is copied and each JSON pointer of `set` replaces one value that must exist in it, so a
 * typo or a base that changed shape stops the start with the file and the pointer named; the
 * result is then checked by the meta-schema like any other file. A base cannot itself be a variant.
 * Shared by the server's loaders and the unit tests of the configuration.
 */
export interface ConfigFile {
  file: string;
  json: unknown;
}

export class VariantError extends Error {}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** `/a/0/b` → ['a', '0', 'b'] (RFC 6901 escapes ~1 and ~0). */
const tokens = (pointer: string) => pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));

function setAt(root: unknown, pointer: string, value: unknown): boolean {
  if (!pointer.startsWith('/')) return false;
  const path = tokens(pointer);
  let node: unknown = root;
  for (const t of path.slice(0, -1)) {
    node = Array.isArray(node) ? node[Number(t)] : isObj(node) ? node[t] : undefined;
    if (node === undefined) return false;
  }
  const last = path[path.length - 1];
  if (Array.isArray(node) && /^\d+$/.test(last) && Number(last) < node.length) node[Number(last)] = value;
  else if (isObj(node) && Object.prototype.hasOwnProperty.call(node, last)) node[last] = value;
  else return false;
  return true;
}

/** Resolves every variant among `files` against its base; `key` is the identifying field ('tag' or 'name'). */
export function resolveVariants(files: ConfigFile[], key: 'tag' | 'name'): ConfigFile[] {
  const bases = new Map<string, ConfigFile>();
  for (const f of files) if (isObj(f.json) && !('extends' in f.json) && typeof f.json[key] === 'string') bases.set(f.json[key] as string, f);
  return files.map((f) => {
    if (!isObj(f.json) || !('extends' in f.json)) return f;
    const { extends: baseKey, set = {}, [key]: id, $schema, ...rest } = f.json;
    const where = `配置文件 ${f.file} 不合法`;
    if (typeof id !== 'string') throw new VariantError(`${where}：/${key} 必须是字符串`);
    if (Object.keys(rest).length) throw new VariantError(`${where}：变体只能有 ${key}、extends 与 set，多出了 ${Object.keys(rest).join('、')}`);
    const base = typeof baseKey === 'string' ? bases.get(baseKey) : undefined;
    if (!base) throw new VariantError(`${where}：/extends 引用了不存在的${key === 'tag' ? '界面' : '实体'} ${String(baseKey)}`);
    if (!isObj(set)) throw new VariantError(`${where}：/set 必须是对象（JSON 指针 → 值）`);
    const json = structuredClone(base.json) as Obj;
    json[key] = id;
    for (const [pointer, value] of Object.entries(set)) {
      if (pointer === `/${key}`) throw new VariantError(`${where}：/set 不能改 /${key}`);
      if (!setAt(json, pointer, value)) throw new VariantError(`${where}：/set 中的 ${pointer} 在 ${base.file} 中不存在`);
    }
    return { file: f.file, json };
  });
}
