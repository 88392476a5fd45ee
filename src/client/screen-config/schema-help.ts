/**
 * What the editor knows of the meta-schema: the sub-schemas at a JSON path (for completion of keys
 * and enum values, and hover help from titles and descriptions), and the errors of a text as
 * ranges (syntax from jsonc-parser; meaning from the same meta-schema validators as the server,
 * in the same Chinese). Pure: unit-tested without a browser.
 */
import { findNodeAtLocation, findNodeAtOffset, getLocation, getNodePath, parseTree, type Node, type ParseError, printParseErrorCode } from 'jsonc-parser';
import { pointedErrors, type MetaError, type PointedError } from '../../contract/meta-messages';

type S = Record<string, any>;
export type Segment = string | number;

function deref(root: S, s: S | undefined): S[] {
  if (!s || typeof s !== 'object') return [];
  if (typeof s.$ref === 'string' && s.$ref.startsWith('#/')) {
    const target = s.$ref.slice(2).split('/').reduce((o: any, k: string) => o?.[k], root);
    const { $ref: _r, ...rest } = s;
    return [...deref(root, target), ...(Object.keys(rest).length ? [rest] : [])];
  }
  const out = [s];
  for (const k of ['allOf', 'anyOf', 'oneOf']) for (const x of s[k] ?? []) out.push(...deref(root, x));
  for (const k of ['then', 'else']) if (s[k]) out.push(...deref(root, s[k]));
  return out;
}

/** Every sub-schema that may describe the value at `path` (combinators and references followed). */
export function schemasAt(root: S, path: Segment[]): S[] {
  let cur = deref(root, root);
  for (const seg of path) {
    const next: S[] = [];
    for (const s of cur) {
      if (typeof seg === 'number') {
        if (s.items && !Array.isArray(s.items)) next.push(...deref(root, s.items));
      } else if (s.properties?.[seg]) next.push(...deref(root, s.properties[seg]));
      else if (s.additionalProperties && typeof s.additionalProperties === 'object') next.push(...deref(root, s.additionalProperties));
    }
    cur = next;
  }
  return cur;
}

/** The keys an object at `path` may have, with their help. */
export function keysAt(root: S, path: Segment[]): { key: string; help: string }[] {
  const out = new Map<string, string>();
  for (const s of schemasAt(root, path)) {
    for (const [k, v] of Object.entries<S>(s.properties ?? {})) if (!out.has(k) || !out.get(k)) out.set(k, helpOf(deref(root, v)));
  }
  return [...out].map(([key, help]) => ({ key, help }));
}

/** The values a value at `path` may take when the schema lists them. */
export function valuesAt(root: S, path: Segment[]): unknown[] {
  const out: unknown[] = [];
  for (const s of schemasAt(root, path)) {
    if (Array.isArray(s.enum)) out.push(...s.enum);
    if ('const' in s) out.push(s.const);
    if (s.type === 'boolean') out.push(true, false);
  }
  return [...new Set(out.map((v) => JSON.stringify(v)))].map((v) => JSON.parse(v));
}

/** Chinese first: the title, then the description, then the allowed values. */
export function helpOf(schemas: S[]): string {
  const title = schemas.map((s) => s.title).find((t) => typeof t === 'string');
  const desc = schemas.map((s) => s.description).find((t) => typeof t === 'string');
  const values = schemas.flatMap((s) => (Array.isArray(s.enum) ? s.enum : []));
  return [title, desc, values.length ? `可选值：${values.map((v) => JSON.stringify(v)).join('、')}` : ''].filter(Boolean).join('\n');
}

export interface Diagnostic {
  from: number;
  to: number;
  message: string;
  pointer: string;
}

const unescape = (t: string) => t.replace(/~1/g, '/').replace(/~0/g, '~');
export const pointerPath = (pointer: string): Segment[] => (pointer ? pointer.slice(1).split('/').map(unescape).map((t) => (/^\d+$/.test(t) ? Number(t) : t)) : []);

/** The range of the value at a pointer, else of its nearest existing parent. */
export function rangeOf(tree: Node | undefined, pointer: string, textLength: number): { from: number; to: number } {
  if (!tree) return { from: 0, to: Math.min(1, textLength) };
  const path = pointerPath(pointer);
  for (let n = path.length; n >= 0; n--) {
    const node = findNodeAtLocation(tree, path.slice(0, n));
    if (!node) continue;
    // an object or array: mark its first line only, not the whole block
    const key = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
    if (n < path.length || node.type === 'object' || node.type === 'array') {
      const at = key ?? node;
      return { from: at.offset, to: at.offset + Math.max(1, Math.min(at.length, 40)) };
    }
    return { from: node.offset, to: node.offset + Math.max(1, node.length) };
  }
  return { from: 0, to: Math.min(1, textLength) };
}

export interface Checked {
  json: unknown;
  diagnostics: Diagnostic[];
}

/** Parses and validates a text; `validate` is the meta-schema's validator (virtual:meta-validators). */
export function checkText(text: string, validate: { (j: unknown): boolean; errors?: MetaError[] | null }): Checked {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length || !tree) {
    return {
      json: undefined,
      diagnostics: (errors.length ? errors : [{ error: 1, offset: 0, length: 1 } as ParseError]).map((e) => ({ from: e.offset, to: e.offset + Math.max(1, e.length), message: `JSON 语法错误：${printParseErrorCode(e.error)}`, pointer: '' })),
    };
  }
  const json = JSON.parse(text);
  const pointed: PointedError[] = validate(json) ? [] : pointedErrors(validate.errors);
  return { json, diagnostics: pointed.map((e) => ({ ...rangeOf(tree, e.pointer, text.length), message: e.message, pointer: e.pointer })) };
}

/** Marks server-side errors (pointer + message) in a text. */
export function diagnosticsOf(text: string, errors: PointedError[]): Diagnostic[] {
  const tree = parseTree(text);
  return errors.map((e) => ({ ...rangeOf(tree, e.pointer, text.length), message: e.message, pointer: e.pointer }));
}

/** Where the cursor is: the path, and whether it is at a key. */
export function locate(text: string, offset: number) {
  const loc = getLocation(text, offset);
  return { path: loc.path as Segment[], atKey: loc.isAtPropertyKey, previous: loc.previousNode };
}

/** The path of the node under the cursor (hover). */
export function pathAt(text: string, offset: number): { path: Segment[]; from: number; to: number } | null {
  const tree = parseTree(text);
  if (!tree) return null;
  const node = findNodeAtOffset(tree, offset, true);
  if (!node) return null;
  return { path: getNodePath(node), from: node.offset, to: node.offset + node.length };
}
