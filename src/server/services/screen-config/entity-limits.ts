import type { PointedError } from '../../../contract/meta-messages';

/**
 * What an override of an entity file may change (设置 → 界面配置): how the form reads — labels, help
 * texts, messages, placeholders, the order of fields — and limits made stricter than shipped.
 * Nothing that loosens what the server accepts or touches the database's shape: no field added or
 * removed, no type, widget, code table, reaction or service changed. Every refusal names its
 * JSON pointer, in Chinese.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const esc = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/** keys of a field that only label or explain it */
const WORDS = new Set(['title', 'description', 'x-message', 'x-required-message', 'x-order-message']);
/** limits an override may only make stricter: the direction each may move */
const STRICTER: Record<string, 'down' | 'up'> = { maxLength: 'down', maxItems: 'down', maximum: 'down', minLength: 'up', minItems: 'up', minimum: 'up' };
const PROPS_WORDS = new Set(['placeholder']);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const FIXED = '只能修改标签、说明、提示、字段顺序，或收紧限制；不能改变服务端接受的内容或数据结构';

function compareSchema(shipped: unknown, override: unknown, at: string, out: PointedError[]) {
  if (!isObj(shipped) || !isObj(override)) {
    if (!same(shipped, override)) out.push({ pointer: at, message: FIXED });
    return;
  }
  for (const key of new Set([...Object.keys(shipped), ...Object.keys(override)])) {
    const p = `${at}/${esc(key)}`;
    const a = shipped[key];
    const b = override[key];
    if (WORDS.has(key) && (b === undefined || typeof b === 'string')) continue;
    if (key in STRICTER) {
      if (typeof b !== 'number') {
        out.push({ pointer: p, message: a === undefined ? FIXED : `限制不能去掉（出厂为 ${String(a)}）` });
        continue;
      }
      if (a === undefined) {
        // a new limit where none was shipped is stricter, except a minimum below what the type allows anyway
        continue;
      }
      const ok = STRICTER[key] === 'down' ? b <= (a as number) : b >= (a as number);
      if (!ok) out.push({ pointer: p, message: `只能收紧，不能放宽（出厂为 ${String(a)}）` });
      continue;
    }
    if (key === 'required' && Array.isArray(a) && Array.isArray(b)) {
      const lost = a.filter((x) => !b.includes(x));
      if (lost.length) out.push({ pointer: p, message: `必填项不能去掉：${lost.join('、')}` });
      const props = isObj(override.properties) ? override.properties : {};
      for (const x of b) if (typeof x !== 'string' || !(x in props)) out.push({ pointer: p, message: `必填项 ${String(x)} 不是本实体的字段` });
      continue;
    }
    if (key === 'required' && a === undefined && Array.isArray(b)) {
      const props = isObj(override.properties) ? override.properties : {};
      for (const x of b) if (typeof x !== 'string' || !(x in props)) out.push({ pointer: p, message: `必填项 ${String(x)} 不是本实体的字段` });
      continue;
    }
    if (key === 'properties' && isObj(a) && isObj(b)) {
      const added = Object.keys(b).filter((k) => !(k in a));
      const removed = Object.keys(a).filter((k) => !(k in b));
      if (added.length) out.push({ pointer: p, message: `不能增加字段：${added.join('、')}（会改变数据结构）` });
      if (removed.length) out.push({ pointer: p, message: `不能删除字段：${removed.join('、')}（会改变数据结构）` });
      // the order of keys may change: a form shows fields in this order
      for (const k of Object.keys(a)) if (k in b) compareSchema(a[k], b[k], `${p}/${esc(k)}`, out);
      continue;
    }
    if (key === 'x-component-props' && isObj(a) && isObj(b)) {
      for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
        if (PROPS_WORDS.has(k) && (b[k] === undefined || typeof b[k] === 'string')) continue;
        if (!same(a[k], b[k])) out.push({ pointer: `${p}/${esc(k)}`, message: FIXED });
      }
      continue;
    }
    if (isObj(a) && isObj(b) && (key === 'items' || key === 'schema')) {
      compareSchema(a, b, p, out);
      continue;
    }
    if (!same(a, b)) out.push({ pointer: p, message: FIXED });
  }
}

/** The refusals of an entity override against its shipped file; empty when it only relabels, reorders or tightens. */
export function entityChangeErrors(shipped: Obj, override: Obj): PointedError[] {
  const out: PointedError[] = [];
  for (const key of new Set([...Object.keys(shipped), ...Object.keys(override)])) {
    if (key === '$schema') continue;
    if (key === 'title' || key === 'description') {
      if (override[key] === undefined || typeof override[key] === 'string') continue;
    }
    if (key === 'schema') {
      compareSchema(shipped.schema, override.schema, '/schema', out);
      continue;
    }
    if (!same(shipped[key], override[key])) out.push({ pointer: `/${esc(key)}`, message: key === 'service' ? '服务（接口、权限、流程）不能在界面配置中修改' : FIXED });
  }
  return out;
}
