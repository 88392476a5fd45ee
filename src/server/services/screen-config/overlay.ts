import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import type { ConfigKind } from '../../../contract/screen-config';
import type { EntityFile } from '../../records/entities';
import type { ScreenFile } from '../../records/screens';
import type { ConfigSource } from '../../records/ui-config-service';
import { checkOverride } from './validate';
import type { CallIndex } from './calls';

/**
 * The configuration in force: the shipped files of screens/ and schemas/ overlaid with the newest
 * version of each override (config_overrides, migration 038). Every API process builds it from the
 * database and keeps it while the table's highest id — the overrides' generation — is the one it
 * was built at: one indexed read per UiConfigService/GetAll, so a save in one process is served by
 * every other at its next request, with or without Redis.
 *
 * An override is re-checked when the overlay is built, like a file at start; one that no longer
 * passes (the meta-schema changed in an upgrade) is left out and listed as to be reviewed, and one
 * made over a shipped file that has since changed (its SHA-256 differs) is applied but marked for
 * review, so an upgrade never silently disappears under it.
 */
export interface OverrideState {
  version: number;
  body: Record<string, unknown>;
  needsReview: boolean;
  /** its check failed when the overlay was built: not applied */
  invalid: string | null;
}

interface Built {
  generation: string;
  screens: Map<string, ScreenFile>;
  entities: EntityFile[];
  overrides: Map<string, OverrideState>;
  /** the newest version of every key that has any, an override or a return to the shipped file */
  latest: Map<string, number>;
}

export const hashOf = (json: unknown) => createHash('sha256').update(JSON.stringify(json)).digest('hex');
export const overrideKey = (kind: ConfigKind, key: string) => `${kind}:${key}`;

export class ConfigOverlay implements ConfigSource {
  readonly shippedEntities: Map<string, EntityFile>;
  private hashes = new Map<string, string>();
  private built: Promise<Built> | null = null;
  private builtAt: string | null = null;
  private builtFor: unknown = null;

  constructor(
    entities: EntityFile[],
    readonly shippedScreens: Map<string, ScreenFile>,
    readonly calls: CallIndex,
  ) {
    this.shippedEntities = new Map(entities.map((e) => [e.name, e]));
    for (const [tag, s] of shippedScreens) this.hashes.set(overrideKey('screen', tag), hashOf(s));
    for (const e of entities) this.hashes.set(overrideKey('entity', e.name), hashOf(this.entityJson(e)));
  }

  /** An entity as its file reads (without where it was read from). */
  entityJson(e: EntityFile): Record<string, unknown> {
    const { file: _file, ...json } = e;
    return json;
  }

  shipped(kind: ConfigKind, key: string): Record<string, unknown> | undefined {
    if (kind === 'screen') return this.shippedScreens.get(key);
    const e = this.shippedEntities.get(key);
    return e && this.entityJson(e);
  }

  shippedHash(kind: ConfigKind, key: string) {
    return this.hashes.get(overrideKey(kind, key)) ?? null;
  }

  static async generation(ctx: Pick<AppContext, 'db'>): Promise<string> {
    const { rows } = await sql<{ g: string }>`select coalesce(max(id), 0)::text as g from config_overrides`.execute(ctx.db);
    return rows[0].g;
  }

  /** The entity in force (the override, else the shipped file): the record store checks its stricter limits. */
  async entity(ctx: Pick<AppContext, 'db' | 'log'>, name: string): Promise<EntityFile | undefined> {
    return (await this.current(ctx)).entities.find((e) => e.name === name);
  }

  async current(ctx: Pick<AppContext, 'db' | 'log'>) {
    const generation = await ConfigOverlay.generation(ctx);
    // keyed by the database too: tests build several apps in one process
    if (!this.built || this.builtAt !== generation || this.builtFor !== ctx.db) {
      this.builtAt = generation;
      this.builtFor = ctx.db;
      const p = this.build(ctx, generation);
      this.built = p;
      p.catch(() => {
        if (this.built === p) this.built = null;
      });
    }
    return this.built;
  }

  private async build(ctx: Pick<AppContext, 'db' | 'log'>, generation: string): Promise<Built> {
    const rows = await ctx.db
      .selectFrom('configOverrides')
      .select(['kind', 'key', 'version', 'body', 'shippedHash'])
      .orderBy('kind')
      .orderBy('key')
      .orderBy('version', 'desc')
      .execute();
    const screens = new Map(this.shippedScreens);
    const entities = new Map(this.shippedEntities);
    const overrides = new Map<string, OverrideState>();
    const latest = new Map<string, number>();
    for (const r of rows) {
      const k = overrideKey(r.kind, r.key);
      if (latest.has(k)) continue;
      latest.set(k, r.version);
      if (r.body === null) continue;
      const shipped = this.shipped(r.kind, r.key);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(r.body);
      } catch {
        continue;
      }
      const errors = shipped ? checkOverride(this, r.kind, r.key, body) : [{ pointer: '', message: '出厂文件已不存在' }];
      const state: OverrideState = { version: r.version, body, needsReview: r.shippedHash !== this.shippedHash(r.kind, r.key) || errors.length > 0, invalid: errors.length ? `${errors[0].pointer || '/'} ${errors[0].message}` : null };
      overrides.set(k, state);
      if (state.invalid) {
        ctx.log.warn({ event: 'config.override.invalid', kind: r.kind, key: r.key, version: r.version, error: state.invalid }, 'override left out');
        continue;
      }
      if (r.kind === 'screen') screens.set(r.key, body as ScreenFile);
      else entities.set(r.key, { ...(body as unknown as EntityFile), file: `界面配置 ${r.key} 第${r.version}版` });
    }
    return { generation, screens, entities: [...entities.values()], overrides, latest };
  }
}
