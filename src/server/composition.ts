import type { AppContext } from './context';
import type { Config } from './config';
import type { ServiceDef } from './http/actions';
import { registerDomain, type Domain } from './domain';
import { loadEntityFiles } from './records/entities';
import { buildConfiguredServices } from './records/configured-services';
import { uiConfigService } from './records/ui-config-service';
import { setStricterSource } from './records/stricter-limits';
import { loadScreenFiles } from './records/screens';
import { ConfigOverlay } from './services/screen-config/overlay';
import { indexCalls } from './services/screen-config/calls';
import { screenConfigService } from './services/screen-config/service';
import { platformServices } from './services';
import { exportService } from './services/export';
import { organisations } from './domains/organisations';
import { members } from './domains/members';
import { study } from './domains/study';
import { exam } from './domains/exam';
import { training } from './domains/training';
import { dues } from './domains/dues';
import { live } from './domains/live';
import { bigScreen } from './domains/big-screen';
import { practice } from './domains/practice';
import { workbench, workbenchService } from './domains/workbench';

/**
 * The composition root: the one place that knows every domain. It registers their named checks,
 * effects and file holders with the kernel before the configured services (schemas/) are built —
 * so a name no domain registered still stops the start — and collects every app service.
 */
export const DOMAINS: Domain[] = [organisations, members, study, exam, training, dues, live, bigScreen, practice, workbench];

for (const domain of DOMAINS) registerDomain(domain);

/** Every app service; each module declares its actions with method, input schema and permission. */
export function buildServices(config: Pick<Config, 'schemaDirs' | 'screenDirs'>): ServiceDef[] {
  const entities = loadEntityFiles(config.schemaDirs);
  const screens = loadScreenFiles(config.screenDirs, new Set(entities.map((e) => e.name)));
  // the shipped screens and entities overlaid with the overrides made in 界面配置, read by every process
  const calls = new Map();
  const overlay = new ConfigOverlay(entities, screens, calls);
  // the record store checks limits an override made stricter (the input schemas are the shipped files')
  const quiet = { warn() {} } as unknown as AppContext['log'];
  setStricterSource((db, name) => overlay.entity({ db, log: quiet }, name));
  const services = [
    ...platformServices,
    ...DOMAINS.flatMap((d) => d.services?.({ entities, config }) ?? []),
    uiConfigService(overlay),
    // services declared as data in schemas/*.json, served by the generic record store
    ...buildConfiguredServices(entities),
  ];
  // any paged list above can be exported with its own access and scope; the 工作台 counts the 待办 lists among them
  const all = [...services, exportService(services), workbenchService(services), screenConfigService(overlay)];
  for (const [k, v] of indexCalls(all)) calls.set(k, v);
  return all;
}

/** The domains' jobs and periodic sweeps (the exam closing sweep…), registered with the shared job queue. */
export function registerDomainJobs(ctx: AppContext) {
  for (const d of DOMAINS) for (const job of d.jobs?.(ctx) ?? []) ctx.jobs.register(job);
}

/** The domains' per-process background work (`start`); answers how to stop it all. */
export function startDomains(ctx: AppContext) {
  const stops = DOMAINS.flatMap((d) => (d.start ? [d.start(ctx)] : []));
  return () => stops.forEach((stop) => stop());
}
