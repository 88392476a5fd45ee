import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Ajv from 'ajv';
import entityMeta from '../../contract/meta/entity.schema.json' with { type: 'json' };
import { resolveVariants, VariantError, type ConfigFile } from '../../contract/config-variants';
import type { WorkflowDef } from '../workflow/types';
import type { Scope } from './store';
import type { CaseOf } from '../workflow/own-case';

/** An entity file of schemas/: body schema plus, optionally, the service declared over it. */
export interface FieldSchema {
  title: string;
  type?: string | string[];
  contentMediaType?: string;
  'x-code-table'?: string;
  'x-message'?: string;
  /** a personal number, masked unless revealed (op-kit.ts) */
  'x-sensitive'?: 'idCard' | 'phone';
  [k: string]: unknown;
}
export interface ActionConfig {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  op: string;
  summary?: string;
  permission?: string;
  scope?: Scope;
  /** scope `region`: the level of the ancestor whose subtree the list covers (default 3, a district) */
  regionLevel?: number;
  /** fixed conditions: a value means equality, an array one of */
  where?: Record<string, unknown>;
  set?: Record<string, unknown>;
  /** quarter: input `<field>Quarter` 'YYYY-Qn', the calendar quarter of the platform zone */
  filters?: Record<string, 'eq' | 'contains' | 'in' | 'dateRange' | 'bool' | 'quarter'>;
  markRead?: boolean;
  elevate?: string;
  /** transition: the steps this action may take */
  transitions?: string[];
  /** update / transition / import: the body fields the action may change (import: its columns, in order) */
  fields?: string[];
  /** page: only records on which the caller may take a step now */
  actionable?: boolean;
  /** an actionable page: how the 工作台 names what waits in it (default: the entity's title) */
  pending?: string;
  /** createChild / childrenPage: the parent entity, and the parent states a child may be added in */
  parent?: { entity: string; states?: number[] };
  /** statistics */
  groupBy?: string;
  dateField?: string;
  /** `where`: this measure counts (or sums) only the records matching these values */
  measures?: { key: string; title: string; sum?: string; where?: Record<string, unknown> }[];
  /** mine: the record itself, or whether one exists */
  answer?: 'record' | 'exists';
  /** importTemplate: the import action it serves */
  of?: string;
  /** create: refused while the caller already owns a record in one of these states (no states: any live record, one per member) */
  once?: { states: number[]; message: string };
  /** create: a named check (records/checks.ts) of the cleaned body */
  check?: string;
  /** page: only records whose date field falls on or before the platform's today plus `days` */
  dueWithinDays?: { field: string; days: number };
  /** create: an administrator files the record for a member of his subtree (input userId) */
  onBehalf?: boolean;
  /** create: the body may name `organId`, an organisation of the caller's subtree the record belongs to */
  forOrgan?: boolean;
  /** the contract's input names onto the operation's (a list of objects sends each one's itemKey) */
  inputNames?: Record<string, string | { name: string; itemKey: string }>;
  /** update / delete: refused from the instant of this body field on, but for the `except` fields */
  lockedFrom?: { field: string; except?: string[]; message: string };
  /** update: fields this action requires besides the entity's */
  required?: string[];
  /** organsWithout: the organisations listed (organType codes) */
  organs?: { organType?: string[] };
}
export interface ParticipantsConfig {
  capacityField?: string;
  applyUntilField?: string;
  cancelBeforeField?: string;
  signIn?: { fromField: string; toField: string; openMinutesBefore?: number; url?: string };
  /** absences with a reason, asked before this field's instant */
  leave?: { beforeField: string };
}
export interface EntityFile {
  name: string;
  title: string;
  description?: string;
  /** member pages use its schema though no member action names it (UiConfigService/GetAll) */
  member?: boolean;
  schema: { type: 'object'; properties: Record<string, FieldSchema>; required?: string[] };
  service?: {
    name: string;
    permission: string;
    auditOnCreate?: boolean;
    /**
     * Whose case a record is, for its administrators' steps (workflow/own-case.ts): required with a
     * workflow that an administrator acts in, or `auditOnCreate`; the start check refuses the file without it.
     */
    caseOf?: { user: CaseOf; noun: string };
    replyEntity?: string;
    workflow?: WorkflowDef;
    participants?: ParticipantsConfig;
    /** expression indexes on body fields that lists filter and sort on */
    indexes?: { fields: string[] }[];
    /** body fields naming other organisations the record concerns (scopes `sides`, `otherSide`) */
    organFields?: string[];
    /** a phase 0/1/2 (未开始/进行中/已结束) derived from two time fields at the server's clock */
    timeStatus?: { field: string; fromField: string; toField: string };
    /** a boolean body field: when true, only the owner sees who wrote the record (民意收集's 匿名) */
    anonymousField?: string;
    /** at most one live record per value of these keys (records/unique.ts) */
    unique?: { fields: string[]; message: string }[];
    actions: Record<string, ActionConfig>;
  };
  /** where it was read from, for messages */
  file: string;
}

export class ConfigError extends Error {}

const ajv = new Ajv({ allErrors: true, strict: false });
const validateEntity = ajv.compile(entityMeta);

/** The meta-schema's errors of a parsed entity file (none: valid), as ajv gives them. */
export function entityMetaErrors(json: unknown) {
  return validateEntity(json) ? [] : [...validateEntity.errors!];
}

/** Validates one parsed file against the entity meta-schema; the message names the file and the JSON pointer. */
export function checkEntityFile(json: unknown, file: string): EntityFile {
  if (!validateEntity(json)) {
    const e = validateEntity.errors![0];
    throw new ConfigError(`配置文件 ${file} 不合法：${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  }
  const entity = { ...(json as Omit<EntityFile, 'file'>), file };
  for (const req of entity.schema.required ?? []) {
    if (!entity.schema.properties[req]) throw new ConfigError(`配置文件 ${file} 不合法：/schema/required 中的 ${req} 未在 properties 中定义`);
  }
  return entity;
}

/** Every *.json of the given folders, parsed, in name order per folder. */
export function readConfigDirs(dirs: string[]): ConfigFile[] {
  const paths = dirs.map((d) => resolve(d)).filter((d) => existsSync(d)).flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.json')).sort().map((f) => join(d, f)));
  return paths.map((path) => {
    try {
      return { file: path, json: JSON.parse(readFileSync(path, 'utf8')) };
    } catch (err) {
      throw new ConfigError(`配置文件 ${path} 不是有效的JSON：${(err as Error).message}`);
    }
  });
}

/** Files that are variants of another (`extends` + `set`) resolved against their base. */
export function withVariants(files: ConfigFile[], key: 'tag' | 'name'): ConfigFile[] {
  try {
    return resolveVariants(files, key);
  } catch (err) {
    if (err instanceof VariantError) throw new ConfigError(err.message);
    throw err;
  }
}

export function loadEntityFiles(dirs: string[] = ['schemas']): EntityFile[] {
  const entities = withVariants(readConfigDirs(dirs), 'name').map(({ file, json }) => checkEntityFile(json, file));
  const names = new Set<string>();
  for (const e of entities) {
    if (names.has(e.name)) throw new ConfigError(`配置文件 ${e.file}：实体名 ${e.name} 重复`);
    names.add(e.name);
  }
  for (const e of entities) {
    if (e.service?.replyEntity && !names.has(e.service.replyEntity)) throw new ConfigError(`配置文件 ${e.file} 不合法：/service/replyEntity 引用了不存在的实体 ${e.service.replyEntity}`);
  }
  return entities;
}
