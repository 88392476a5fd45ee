import type { AppContext } from './context';
import type { Config } from './config';
import type { ServiceDef } from './http/actions';
import type { EntityFile } from './records/entities';
import { registerChecks, type Check } from './records/checks';
import { registerEffects, type Effect } from './workflow/effects';
import { registerFileHolders, type FileHolder } from './files/readers';
import type { JobDef } from './jobs/runner';

/**
 * What a business domain (`domains/<name>/index.ts`) hands the kernel. The kernel never imports a
 * domain: the composition root (`composition.ts`) registers each one, so a domain's named checks,
 * effects and file holders are known before the configured services that name them are built.
 */
export interface Domain {
  name: string;
  /** its hand-written app services (given the entity files, for a service that serves a configured entity too) */
  services?: (env: { entities: EntityFile[]; config: Pick<Config, 'schemaDirs' | 'screenDirs'> }) => ServiceDef[];
  /** named checks of configured creates and steps (`"check": "…"` in schemas/) */
  checks?: Record<string, Check>;
  /** named effects of configured workflow steps (`"effect": "…"` in schemas/) */
  effects?: Record<string, Effect>;
  /** who may download a class-2/4 file held by this domain's records */
  fileHolders?: FileHolder[];
  /** background work started with the app, in this process only; answers how to stop it (work every process must not repeat goes to `jobs`) */
  start?: (ctx: AppContext) => () => void;
  /** background jobs and periodic sweeps through the shared job queue (jobs/runner.ts): run once across all processes and machines */
  jobs?: (ctx: AppContext) => JobDef<any>[];
}

/** Makes a domain's named pieces known to the kernel's registries. */
export function registerDomain(domain: Domain) {
  if (domain.checks) registerChecks(domain.checks);
  if (domain.effects) registerEffects(domain.effects);
  if (domain.fileHolders) registerFileHolders(domain.fileHolders);
}
