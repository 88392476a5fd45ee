/**
 * The columns of personal data sealed at rest (docs/SECURITY.md §19), applied by one Kysely plugin so
 * that no query can forget it:
 * - a value written to a sealed column (insert, update, upsert) is sealed under the current key and its
 *   search hash written beside it (`<column>_hash`);
 * - `=`, `<>`, `in`, `not in`, `is` on a sealed column compare the search hashes instead (exact match);
 *   any other comparison (`like`, `<`…) is refused — it cannot work on ciphertext;
 * - every sealed value read, in any row or JSON object, is opened; a value that fails its check in a
 *   sealed column throws, never answers garbage.
 * Raw SQL (`sql` templates) sees the stored text: such a query must use the hash columns itself.
 */
import {
  ColumnNode, ColumnUpdateNode, DefaultInsertValueNode, OperationNodeTransformer, PrimitiveValueListNode, ReferenceNode, ValueListNode, ValueNode, ValuesNode,
  type BinaryOperationNode, type DeleteQueryNode, type InsertQueryNode, type KyselyPlugin, type OperationNode, type PluginTransformQueryArgs,
  type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type SelectQueryNode, type UnknownRow, type UpdateQueryNode,
} from 'kysely';
import { looksSealed, open, seal, searchHash, SealError, type KeyRing, type SealedKind } from '../security/data-cipher';

/** table → sealed column → kind of its search hash (the hash column is `<column>_hash`). */
export const SEALED_COLUMNS: Record<string, Record<string, SealedKind>> = {
  party_members: { id_card: 'idCard', phone_number: 'phone' },
  users: { phone_number: 'phone' },
};
/** table → JSON column → the keys of its object sealed too (no search on them, so no hash). */
export const SEALED_JSON: Record<string, Record<string, string[]>> = {
  party_members: { addition: ['mobilePhone'] },
};
const camel = (n: string) => n.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
const SEALED_NAMES = new Set([
  ...Object.values(SEALED_COLUMNS).flatMap((c) => Object.keys(c)).flatMap((n) => [n, camel(n)]),
  ...Object.values(SEALED_JSON).flatMap((c) => Object.values(c).flat()),
]);
const EXACT = new Set(['=', '<>', '!=', 'in', 'not in', 'is', 'is not']);

type Scope = Map<string, string>; // alias or table name → table name
const nameOf = (n: OperationNode | undefined): string | undefined => {
  if (!n) return undefined;
  if (n.kind === 'TableNode') return (n as any).table.identifier.name;
  if (n.kind === 'IdentifierNode') return (n as any).name;
  return undefined;
};

class Sealer extends OperationNodeTransformer {
  private scopes: Scope[] = [];
  constructor(private ring: KeyRing) {
    super();
  }

  private withScope<T>(tables: (OperationNode | undefined)[], fn: () => T): T {
    const scope: Scope = new Map();
    for (const t of tables) {
      if (!t) continue;
      if (t.kind === 'AliasNode') {
        const table = nameOf((t as any).node);
        const alias = nameOf((t as any).alias);
        if (table && alias) scope.set(alias, table);
      } else {
        const table = nameOf(t);
        if (table) scope.set(table, table);
      }
    }
    this.scopes.push(scope);
    try {
      return fn();
    } finally {
      this.scopes.pop();
    }
  }

  /** The sealed column a reference names, if any. */
  private sealedRef(n: OperationNode): { kind: SealedKind; ref: ReferenceNode; column: string } | null {
    if (n.kind !== 'ReferenceNode') return null;
    const ref = n as ReferenceNode;
    if (ref.column.kind !== 'ColumnNode') return null;
    const column = ref.column.column.name;
    const qualifier = nameOf(ref.table);
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const scope = this.scopes[i];
      const tables = qualifier ? (scope.has(qualifier) ? [scope.get(qualifier)!] : []) : [...scope.values()];
      for (const t of tables) {
        const kind = SEALED_COLUMNS[t]?.[column];
        if (kind) return { kind, ref, column };
      }
      if (qualifier && scope.has(qualifier)) return null;
    }
    return null;
  }

  private hashValue(kind: SealedKind, v: unknown) {
    return v === null || v === undefined ? v : searchHash(this.ring, kind, String(v));
  }
  private sealValue(v: unknown) {
    return v === null || v === undefined ? v : seal(this.ring, String(v));
  }
  private sealJson(keys: string[], v: unknown) {
    return sealJsonKeys(this.ring, keys, v);
  }

  protected override transformSelectQuery(node: SelectQueryNode, queryId?: any): SelectQueryNode {
    return this.withScope([...(node.from?.froms ?? []), ...(node.joins ?? []).map((j) => j.table)], () => super.transformSelectQuery(node, queryId));
  }
  protected override transformDeleteQuery(node: DeleteQueryNode, queryId?: any): DeleteQueryNode {
    return this.withScope([...node.from.froms, ...(node.joins ?? []).map((j) => j.table)], () => super.transformDeleteQuery(node, queryId));
  }

  protected override transformBinaryOperation(node: BinaryOperationNode, queryId?: any): BinaryOperationNode {
    const left = this.sealedRef(node.leftOperand);
    if (!left) return super.transformBinaryOperation(node, queryId);
    const operator = String((node.operator as any).operator ?? '').toLowerCase();
    if (!EXACT.has(operator)) throw new Error(`加密字段 ${left.column} 只能精确匹配（${operator}）`);
    // is (not) null: the same on the ciphertext
    if (operator === 'is' || operator === 'is not') return node;
    const hashRef = ReferenceNode.create(ColumnNode.create(`${left.column}_hash`), left.ref.table);
    const right = node.rightOperand;
    let rightOut: OperationNode;
    if (right.kind === 'ValueNode') rightOut = ValueNode.create(this.hashValue(left.kind, (right as ValueNode).value));
    else if (right.kind === 'PrimitiveValueListNode') rightOut = PrimitiveValueListNode.create((right as PrimitiveValueListNode).values.map((v) => this.hashValue(left.kind, v)));
    else if (right.kind === 'ValueListNode') rightOut = ValueListNode.create((right as ValueListNode).values.map((v) => (v.kind === 'ValueNode' ? ValueNode.create(this.hashValue(left.kind, (v as ValueNode).value)) : this.refuse(left.column))));
    else if (this.sealedRef(right)) rightOut = ReferenceNode.create(ColumnNode.create(`${this.sealedRef(right)!.column}_hash`), (right as ReferenceNode).table);
    else this.refuse(left.column);
    return { ...node, leftOperand: hashRef, rightOperand: rightOut! };
  }

  private refuse(column: string): never {
    throw new Error(`加密字段 ${column} 只能与一个值比较`);
  }

  /** An update of sealed columns: seal each value and set its hash beside it. */
  private sealUpdates(table: string | undefined, updates: readonly ColumnUpdateNode[] | undefined): ColumnUpdateNode[] | undefined {
    const sealed = table ? SEALED_COLUMNS[table] : undefined;
    const json = table ? SEALED_JSON[table] : undefined;
    if ((!sealed && !json) || !updates) return updates as ColumnUpdateNode[] | undefined;
    const out: ColumnUpdateNode[] = [];
    for (const u of updates) {
      const column = (u.column as ColumnNode).column?.name;
      const kind = column ? sealed?.[column] : undefined;
      const jsonKeys = column ? json?.[column] : undefined;
      // a JSON column set whole is sealed here; merged in SQL (`||`), its new keys are sealed by the next reseal
      if (jsonKeys && u.value.kind === 'ValueNode') {
        out.push(ColumnUpdateNode.create(u.column, ValueNode.create(this.sealJson(jsonKeys, (u.value as ValueNode).value))));
        continue;
      }
      if (!kind) {
        // the plugin owns the hash columns
        if (!(column?.endsWith('_hash') && sealed?.[column.slice(0, -5)])) out.push(u);
        continue;
      }
      const hashColumn = ColumnNode.create(`${column}_hash`);
      if (u.value.kind === 'ValueNode') {
        const v = (u.value as ValueNode).value;
        out.push(ColumnUpdateNode.create(u.column, ValueNode.create(this.sealValue(v))), ColumnUpdateNode.create(hashColumn, ValueNode.create(this.hashValue(kind, v))));
      } else if (u.value.kind === 'ReferenceNode' && ((u.value as ReferenceNode).column as ColumnNode).column?.name === column) {
        // `excluded.<column>` of an upsert: its hash comes along
        out.push(u, ColumnUpdateNode.create(hashColumn, ReferenceNode.create(ColumnNode.create(`${column}_hash`), (u.value as ReferenceNode).table)));
      } else this.refuse(column!);
    }
    return out;
  }

  protected override transformUpdateQuery(node: UpdateQueryNode, queryId?: any): UpdateQueryNode {
    const target = node.table?.kind === 'AliasNode' ? nameOf((node.table as any).node) : nameOf(node.table);
    return this.withScope([node.table, ...(node.from?.froms ?? []), ...(node.joins ?? []).map((j) => j.table)], () => {
      const out = super.transformUpdateQuery(node, queryId);
      return { ...out, updates: this.sealUpdates(target, out.updates) };
    });
  }

  /** The plugin owns the hash columns: a row copied whole (`selectAll` then insert) brings its old ones, dropped here. */
  private dropHashColumns(sealed: Record<string, SealedKind>, node: InsertQueryNode): InsertQueryNode {
    const hashes = new Set(Object.keys(sealed).map((c) => `${c}_hash`));
    const keep = node.columns!.map((c, i) => [i, !hashes.has(c.column.name)] as const).filter(([, k]) => k).map(([i]) => i);
    if (keep.length === node.columns!.length || node.values?.kind !== 'ValuesNode') return node;
    const rows = (node.values as ValuesNode).values.map((row) =>
      row.kind === 'PrimitiveValueListNode' ? PrimitiveValueListNode.create(keep.map((i) => row.values[i])) : ValueListNode.create(keep.map((i) => row.values[i])),
    );
    return { ...node, columns: keep.map((i) => node.columns![i]), values: ValuesNode.create(rows) };
  }

  private sealJsonInsert(table: string, node: InsertQueryNode): InsertQueryNode {
    const json = SEALED_JSON[table];
    if (!json || node.values?.kind !== 'ValuesNode') return node;
    const at = node.columns!.map((c, i) => [i, json[c.column.name]] as const).filter(([, k]) => !!k) as [number, string[]][];
    if (!at.length) return node;
    const rows = (node.values as ValuesNode).values.map((row) => {
      if (row.kind === 'PrimitiveValueListNode') {
        const items = [...row.values];
        for (const [i, keys] of at) items[i] = this.sealJson(keys, items[i]);
        return PrimitiveValueListNode.create(items);
      }
      const items = [...row.values];
      for (const [i, keys] of at) if (items[i].kind === 'ValueNode') items[i] = ValueNode.create(this.sealJson(keys, (items[i] as ValueNode).value));
      return ValueListNode.create(items);
    });
    return { ...node, values: ValuesNode.create(rows) };
  }

  protected override transformInsertQuery(node: InsertQueryNode, queryId?: any): InsertQueryNode {
    const table = nameOf(node.into);
    const sealed = table ? SEALED_COLUMNS[table] : undefined;
    let out = this.withScope([node.into], () => super.transformInsertQuery(node, queryId));
    if (!sealed || !out.columns) return out;
    out = this.sealJsonInsert(table!, this.dropHashColumns(sealed, out));
    const at = out.columns!.map((c, i) => [i, sealed[c.column.name]] as const).filter(([, k]) => !!k) as [number, SealedKind][];
    if (!at.length) return out;
    if (out.values?.kind !== 'ValuesNode') throw new Error(`加密字段不能由 INSERT … SELECT 写入（${table}）`);
    const rows = (out.values as ValuesNode).values.map((row) => {
      const items: unknown[] = row.kind === 'PrimitiveValueListNode' ? [...row.values] : [...row.values];
      const hashes: unknown[] = [];
      for (const [i, kind] of at) {
        if (row.kind === 'PrimitiveValueListNode') {
          hashes.push(this.hashValue(kind, items[i]));
          items[i] = this.sealValue(items[i]);
        } else {
          const item = items[i] as OperationNode;
          if (item.kind === 'DefaultInsertValueNode') hashes.push(DefaultInsertValueNode.create());
          else if (item.kind === 'ValueNode') {
            hashes.push(ValueNode.create(this.hashValue(kind, (item as ValueNode).value)));
            items[i] = ValueNode.create(this.sealValue((item as ValueNode).value));
          } else this.refuse(out.columns![i].column.name);
        }
      }
      return row.kind === 'PrimitiveValueListNode' ? PrimitiveValueListNode.create([...items, ...hashes]) : ValueListNode.create([...(items as OperationNode[]), ...(hashes as OperationNode[])]);
    });
    const onConflict = out.onConflict?.updates ? { ...out.onConflict, updates: this.sealUpdates(table, out.onConflict.updates) } : out.onConflict;
    return { ...out, columns: [...out.columns!, ...at.map(([i]) => ColumnNode.create(`${out.columns![i].column.name}_hash`))], values: ValuesNode.create(rows), onConflict };
  }
}

/** A JSON object written whole (a string or an object): its sealed keys sealed. */
function sealJsonKeys(ring: KeyRing, keys: string[], v: unknown) {
  const obj = typeof v === 'string' ? (() => { try { return JSON.parse(v); } catch { return null; } })() : v;
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return v;
  const out = { ...(obj as Record<string, unknown>) };
  for (const k of keys) if (typeof out[k] === 'string' && out[k] !== '' && !looksSealed(out[k] as string)) out[k] = seal(ring, out[k] as string);
  return typeof v === 'string' ? JSON.stringify(out) : out;
}

/**
 * A row written past the plugin (a bulk insert of raw SQL, `db/seed/util.ts`), sealed as the plugin
 * seals an insert: each sealed column sealed with its `<column>_hash` set beside it (an empty value is
 * none), each sealed JSON key sealed. `row` has the table's own (snake_case) column names; changed in place.
 */
export function sealRowForInsert(ring: KeyRing, table: string, row: Record<string, unknown>): void {
  for (const [column, kind] of Object.entries(SEALED_COLUMNS[table] ?? {})) {
    if (!(column in row)) continue;
    const v = row[column] === '' ? null : row[column];
    const plain = typeof v === 'string' && !looksSealed(v);
    row[`${column}_hash`] = plain ? searchHash(ring, kind, v) : null;
    row[column] = plain ? seal(ring, v) : v;
  }
  for (const [column, keys] of Object.entries(SEALED_JSON[table] ?? {})) if (column in row) row[column] = sealJsonKeys(ring, keys, row[column]);
}

/** The hash columns a bulk insert of these columns writes besides them. */
export const hashColumnsFor = (table: string, columns: string[]) => Object.keys(SEALED_COLUMNS[table] ?? {}).filter((c) => columns.includes(c)).map((c) => `${c}_hash`);

function openDeep(ring: KeyRing, value: unknown, key: string | null): unknown {
  if (typeof value === 'string') {
    if (!looksSealed(value)) return value;
    try {
      return open(ring, value);
    } catch (e) {
      // a sealed column that fails its check is an error; text that merely looks sealed elsewhere is text
      if (key !== null && SEALED_NAMES.has(key)) throw e instanceof SealError ? new SealError(`加密字段 ${key} 校验失败：${e.message}`) : e;
      return value;
    }
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = openDeep(ring, value[i], key);
    return value;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const row = value as Record<string, unknown>;
    for (const k in row) row[k] = openDeep(ring, row[k], k);
  }
  return value;
}

export class SealedColumnsPlugin implements KyselyPlugin {
  constructor(readonly ring: KeyRing) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return new Sealer(this.ring).transformNode(args.node);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of args.result.rows) openDeep(this.ring, row, null);
    return args.result;
  }
}
