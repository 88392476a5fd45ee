import { pointedErrors, type PointedError } from '../../../contract/meta-messages';
import { SCREEN_CONFIG_MSG, type ConfigKind } from '../../../contract/screen-config';
import { entityMetaErrors } from '../../records/entities';
import { screenMetaErrors } from '../../records/screens';
import { callKey, callsOf } from './calls';
import { entityChangeErrors } from './entity-limits';
import type { ConfigOverlay } from './overlay';

/**
 * An override is checked exactly like a shipped file — the same meta-schema through the same ajv
 * (records/screens.ts, records/entities.ts), the same entity reference — and further: it keeps its
 * tag or name; it names only calls of the platform's own services; it carries no address or
 * script the shipped file did not; an entity is only relabelled, reordered or tightened
 * (entity-limits.ts). The screens of 界面配置 itself are not configurable here: a broken one
 * would lock the implementer out of the page that repairs it.
 */
export const SELF_TAGS = /^screenConfig(\/|$)/;

type Obj = Record<string, unknown>;

/** A scheme (javascript:, http:, data: …), a protocol-relative address or a template expression. */
const ACTIVE = /^\s*(?:javascript|vbscript|data|https?|ftp|file|blob|mailto):|^\s*\/\/|:\/\/|\{\{|\$\{|<\s*script/i;

function strings(json: unknown, at: string, out: { pointer: string; value: string }[]) {
  if (typeof json === 'string') out.push({ pointer: at, value: json });
  else if (Array.isArray(json)) json.forEach((x, i) => strings(x, `${at}/${i}`, out));
  else if (json && typeof json === 'object') for (const [k, v] of Object.entries(json)) strings(v, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
  return out;
}

export function checkOverride(overlay: ConfigOverlay, kind: ConfigKind, key: string, body: unknown): PointedError[] {
  const shipped = overlay.shipped(kind, key);
  if (!shipped) return [{ pointer: '', message: SCREEN_CONFIG_MSG.notFound }];
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [{ pointer: '', message: '应为对象' }];
  const json = body as Obj;
  if (kind === 'screen' && SELF_TAGS.test(key)) return [{ pointer: '/tag', message: SCREEN_CONFIG_MSG.selfScreen }];
  const idKey = kind === 'screen' ? 'tag' : 'name';
  if (json[idKey] !== key) return [{ pointer: `/${idKey}`, message: SCREEN_CONFIG_MSG.keyChanged }];
  const meta = pointedErrors(kind === 'screen' ? screenMetaErrors(json) : entityMetaErrors(json));
  if (meta.length) return meta;
  const errors: PointedError[] = [];
  if (kind === 'screen') {
    if (typeof json.entity === 'string' && !overlay.shippedEntities.has(json.entity)) errors.push({ pointer: '/entity', message: `引用了不存在的实体 ${json.entity}` });
    for (const c of callsOf(json)) if (!overlay.calls.has(callKey(c.call))) errors.push({ pointer: c.pointer, message: `接口 ${c.call} 不存在（只能调用平台已有的接口）` });
  } else {
    errors.push(...entityChangeErrors(shipped, json));
  }
  const known = new Set(strings(shipped, '', []).map((s) => s.value));
  for (const s of strings(json, '', [])) {
    if (ACTIVE.test(s.value) && !known.has(s.value)) errors.push({ pointer: s.pointer, message: '配置只能是数据：不能包含网址、脚本或表达式' });
  }
  return errors;
}
