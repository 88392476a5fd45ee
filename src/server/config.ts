import { mkdirSync, readFileSync, writeFileSync, existsSync, chmodSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { availableParallelism, hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_PLATFORM_TZ, isValidTimeZone } from '../contract/platform-time';
import type { MapSettings } from '../contract/types';
import type { StorageSettings } from './files/storage-backend';

/** Every environment variable the server reads, in one place (README lists them). */
export interface Config {
  port: number;
  host: string;
  dataDir: string | null;
  databaseUrl: string | null;
  jwtSecret: Buffer;
  tokenTtlSeconds: number;
  seedDemo: boolean;
  demoPassword: string;
  ssoIssuer: string;
  ssoPublicKeyPem: string | null;
  logLevel: string;
  /** LOG_PRETTY=1: one short human line a record instead of JSON (for a terminal) */
  logPretty: boolean;
  /** Swagger UI and the OpenAPI document (API_DOCS): `admin` (default) the document for a signed-in administrator only, `public` open to all, `off` none */
  apiDocs: 'off' | 'admin' | 'public';
  /** a stop: seconds readiness answers 503 before the listener closes, for a load balancer to notice (SHUTDOWN_DRAIN_SECONDS, default 0) */
  shutdownDrainSeconds: number;
  /** a stop: seconds in-flight requests get to finish before their connections are cut (SHUTDOWN_TIMEOUT_SECONDS, default 10) */
  shutdownTimeoutSeconds: number;
  /** login protection */
  captchaAfterFailures: number;
  lockAfterFailures: number;
  lockMinutes: number;
  /** phone codes: at most one a minute and this many an hour per number */
  phoneCodesPerHour: number;
  /** phone codes one client (network address, and session when signed in) may have sent in an hour (SMS_PER_CLIENT_PER_HOUR) */
  smsPerClientPerHour: number;
  /** phone codes the whole platform sends in one day, a ceiling on the SMS bill (SMS_DAILY_LIMIT) */
  smsDailyLimit: number;
  /** failed sign-ins from one network address within 15 minutes, across accounts: from the first number every sign-in from it needs the image code, at the second it is refused for the rest of the window (SIGNIN_FAILURES_PER_ADDRESS) */
  signInAddressCaptchaAfter: number;
  signInAddressBlockAfter: number;
  /** which proxies' X-Forwarded-For is believed (Fastify trustProxy): `loopback` by default; a list of addresses/CIDRs, a hop count or `true` */
  trustProxy: boolean | number | string;
  /** configuration folders: entity schemas and screens (EXTRA_SCHEMAS_DIR / EXTRA_SCREENS_DIR add one more each) */
  schemaDirs: string[];
  screenDirs: string[];
  /** study credit a member can earn in one day (STUDY_DAILY_CAP_HOURS, default 8) */
  studyDailyCapSeconds: number;
  /** the platform's time zone (PLATFORM_TZ, default Asia/Shanghai): whose calendar day is "today" */
  platformTz: string;
  /** rows one export may hold (EXPORT_MAX_ROWS, default 50000) */
  exportMaxRows: number;
  /** days the security log keeps a record (SECURITY_LOG_RETENTION_DAYS, default and least 180: 网络安全法 §21) */
  securityLogRetentionDays: number;
  /** rows one import may hold (IMPORT_MAX_ROWS, default 5000) */
  importMaxRows: number;
  /** the repeat-submit guard's window: the same create by the same user within it is refused (REPEAT_SUBMIT_SECONDS, default 10; 0: off) */
  repeatSubmitSeconds: number;
  /** API processes on the one port (API_PROCESSES, default 1); more than one needs PostgreSQL (DATABASE_URL) */
  apiProcesses: number;
  /** Redis shared by the API processes (REDIS_URL, e.g. redis://127.0.0.1:6379): session and permission changes reach them all at once */
  redisUrl: string | null;
  /** the prefix of this deployment's Redis keys (REDIS_PREFIX, default `dj:`) */
  redisPrefix: string;
  /** how long a process keeps a resolved session, at most (SESSION_CACHE_SECONDS, default 600; 0: never): every change voids it at once */
  sessionCacheSeconds: number;
  /** how often the province's and cities' 学时达标进度 is summed again (STUDY_PROGRESS_SECONDS, default 300; 0: not kept, computed at each call) */
  studyProgressSeconds: number;
  /** how long a big screen's figures are fresh for every screen of the organisation, then served as long again while recomputed (BIG_SCREEN_CACHE_SECONDS, default 30; 0: never kept) */
  bigScreenCacheSeconds: number;
  /** the map the browser draws (docs/map.md): AMAP_KEY (+ AMAP_SECURITY_CODE), else MAP_TILE_URL, else the bundled outline */
  map: MapSettings;
  /** the live-streaming server (docs/live.md): LIVE_RTMP_URL, LIVE_PULL_BASE, LIVE_SIGN_KEY, LIVE_URL_TTL_SECONDS; null: rooms play their recorded video */
  live: LiveSettings | null;
  /** where uploaded files, chunks and HLS output live (docs/storage.md): STORAGE=local (DATA_DIR/files, default) or s3 with the S3_* variables */
  storage: StorageSettings;
  /** background jobs (src/server/jobs/, docs/jobs.md) */
  jobs: JobSettings;
  /** 等保 level 3 sign-in policy (docs/SECURITY.md §17): second factor, idle timeout, password age, unused accounts */
  authPolicy: AuthPolicy;
}

/** Whose roles are "administrator" (any role but the default party-member role) and whose "member". */
export type RoleKind = 'admin' | 'member';

export interface AuthPolicy {
  /** SECOND_FACTOR: `off` (default; an administrator who enrolled TOTP is still asked for it), `admins` every administrator role, `all` every role */
  secondFactor: 'off' | 'admins' | 'all';
  /** minutes without a request after which a session in a role of this kind ends (IDLE_TIMEOUT_ADMIN_MINUTES, IDLE_TIMEOUT_MEMBER_MINUTES; 0: never) */
  idleMinutes: Record<RoleKind, number>;
  /** days after which the next sign-in must change the password first (PASSWORD_MAX_AGE_DAYS; 0: never) */
  passwordMaxAgeDays: number;
  /** days without a sign-in after which an account is disabled (INACTIVE_DISABLE_ADMIN_DAYS, INACTIVE_DISABLE_MEMBER_DAYS; 0: never) */
  inactiveDays: Record<RoleKind, number>;
}

const wholeNumber = (name: string, value: string | undefined, fallback: number) => {
  if (value == null || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name}: "${value}" is not a whole number ≥ 0`);
  return n;
};

export function authPolicy(env: NodeJS.ProcessEnv): AuthPolicy {
  const sf = (env.SECOND_FACTOR || 'off').trim().toLowerCase();
  if (sf !== 'off' && sf !== 'admins' && sf !== 'all') throw new Error(`SECOND_FACTOR: "${env.SECOND_FACTOR}" is none of off, admins, all`);
  return {
    secondFactor: sf,
    idleMinutes: {
      admin: wholeNumber('IDLE_TIMEOUT_ADMIN_MINUTES', env.IDLE_TIMEOUT_ADMIN_MINUTES, 0),
      member: wholeNumber('IDLE_TIMEOUT_MEMBER_MINUTES', env.IDLE_TIMEOUT_MEMBER_MINUTES, 0),
    },
    passwordMaxAgeDays: wholeNumber('PASSWORD_MAX_AGE_DAYS', env.PASSWORD_MAX_AGE_DAYS, 0),
    inactiveDays: {
      admin: wholeNumber('INACTIVE_DISABLE_ADMIN_DAYS', env.INACTIVE_DISABLE_ADMIN_DAYS, 0),
      member: wholeNumber('INACTIVE_DISABLE_MEMBER_DAYS', env.INACTIVE_DISABLE_MEMBER_DAYS, 0),
    },
  };
}

export interface JobSettings {
  /** whether this process runs jobs (JOBS, default on; `0`: it only queues them, e.g. an API-only machine) */
  run: boolean;
  /** video packaging jobs (ffmpeg) running at once on one machine, across its API processes (JOB_CONCURRENCY, default 1) */
  concurrency: number;
  /** the machine's name for that cap and for sweeps of its own disk (JOB_GROUP, default the host name) */
  group: string;
  /** how often an idle process looks for due jobs (JOB_POLL_MS, default 2000) */
  pollMs: number;
  /** a running job's lease, renewed while it runs; a dead process's job is taken again after it (JOB_LEASE_SECONDS, default 60) */
  leaseMs: number;
  /** attempts before a job is failed (JOB_MAX_ATTEMPTS, default 3) */
  maxAttempts: number;
  /** the first retry's delay, doubling each time (JOB_RETRY_SECONDS, default 30) */
  retryBaseMs: number;
  /** how long a stopping process waits for its running jobs before handing them back (JOB_STOP_GRACE_SECONDS, default 5) */
  stopGraceMs: number;
}

/** JOB_*: positive numbers, or the start stops with the variable named. */
export function jobSettings(env: NodeJS.ProcessEnv): JobSettings {
  // each variable read by its own name (the environment template test looks for those reads)
  const num = (name: string, raw: string | undefined, dflt: number, min: number) => {
    const v = raw?.trim();
    if (!v) return dflt;
    const n = Number(v);
    if (!Number.isFinite(n) || n < min) throw new Error(`${name}: "${v}" is not a number ≥ ${min}`);
    return n;
  };
  const concurrency = num('JOB_CONCURRENCY', env.JOB_CONCURRENCY, 1, 1);
  if (!Number.isInteger(concurrency)) throw new Error(`JOB_CONCURRENCY: "${env.JOB_CONCURRENCY}" is not a whole number`);
  return {
    run: env.JOBS !== '0',
    concurrency,
    group: env.JOB_GROUP?.trim() || hostname(),
    pollMs: num('JOB_POLL_MS', env.JOB_POLL_MS, 2000, 50),
    leaseMs: num('JOB_LEASE_SECONDS', env.JOB_LEASE_SECONDS, 60, 1) * 1000,
    maxAttempts: Math.floor(num('JOB_MAX_ATTEMPTS', env.JOB_MAX_ATTEMPTS, 3, 1)),
    retryBaseMs: num('JOB_RETRY_SECONDS', env.JOB_RETRY_SECONDS, 30, 0) * 1000,
    stopGraceMs: num('JOB_STOP_GRACE_SECONDS', env.JOB_STOP_GRACE_SECONDS, 5, 0) * 1000,
  };
}

export interface LiveSettings {
  /** where anchors push, e.g. rtmp://live.example.org/live (the stream is room-<id>) */
  rtmpUrl: string;
  /** where viewers pull, e.g. https://live.example.org/live: <base>/room-<id>.m3u8 (HLS) and .flv */
  pullBase: string;
  /** the HMAC key the streaming server verifies push and pull addresses with */
  signKey: string;
  /** how long a signed address stays valid */
  ttlSeconds: number;
}

/** All three or none: a half-configured live server would hand out addresses nobody can use. */
export function liveSettings(env: NodeJS.ProcessEnv): LiveSettings | null {
  const rtmpUrl = env.LIVE_RTMP_URL?.trim().replace(/\/+$/, '');
  const pullBase = env.LIVE_PULL_BASE?.trim().replace(/\/+$/, '');
  const signKey = env.LIVE_SIGN_KEY?.trim();
  if (!rtmpUrl && !pullBase && !signKey) return null;
  if (!rtmpUrl || !/^rtmps?:\/\/\S+$/.test(rtmpUrl)) throw new Error(`LIVE_RTMP_URL: "${rtmpUrl ?? ''}" is not an rtmp:// address (LIVE_PULL_BASE and LIVE_SIGN_KEY are set)`);
  if (!pullBase || !/^https?:\/\/\S+$/.test(pullBase)) throw new Error(`LIVE_PULL_BASE: "${pullBase ?? ''}" is not an http(s) address`);
  if (!signKey || signKey.length < 16) throw new Error('LIVE_SIGN_KEY: at least 16 characters');
  const ttlSeconds = Number(env.LIVE_URL_TTL_SECONDS || 4 * 3600);
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 60) throw new Error(`LIVE_URL_TTL_SECONDS: "${env.LIVE_URL_TTL_SECONDS}" is not a count of seconds (≥ 60)`);
  return { rtmpUrl, pullBase, signKey, ttlSeconds };
}

/** STORAGE=s3: an S3-compatible bucket (MinIO, Aliyun OSS, Tencent COS, Huawei OBS, AWS S3); refused at start when half-configured. */
export function storageSettings(env: NodeJS.ProcessEnv): StorageSettings {
  const kind = (env.STORAGE || 'local').trim().toLowerCase();
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new Error(`STORAGE: "${env.STORAGE}" is neither local nor s3`);
  const endpoint = env.S3_ENDPOINT?.trim().replace(/\/+$/, '') || null;
  if (endpoint && !/^https?:\/\/[^\s/]+$/.test(endpoint)) throw new Error(`S3_ENDPOINT: "${endpoint}" is not an http(s) address such as https://oss-cn-chengdu.aliyuncs.com`);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error('S3_BUCKET: the bucket is required with STORAGE=s3');
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || null;
  if (!accessKeyId !== !secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: both or neither');
  const pathStyle = (env.S3_FORCE_PATH_STYLE ?? '').trim().toLowerCase();
  if (pathStyle && !['true', 'false', '1', '0'].includes(pathStyle)) throw new Error(`S3_FORCE_PATH_STYLE: "${env.S3_FORCE_PATH_STYLE}" is neither true nor false`);
  const prefix = (env.S3_PREFIX ?? '').trim().replace(/^\/+|\/+$/g, '');
  if (prefix && !/^[A-Za-z0-9_.\-/]+$/.test(prefix)) throw new Error(`S3_PREFIX: "${env.S3_PREFIX}" may hold letters, digits, _ . - and /`);
  return {
    kind: 's3', endpoint, bucket, accessKeyId, secretAccessKey,
    region: env.S3_REGION?.trim() || 'us-east-1',
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
    prefix: prefix ? `${prefix}/` : '',
  };
}

/** API_PROCESSES: a count, or `auto` for one per core. */
function apiProcesses(value: string | undefined, cores: number): number {
  const v = (value ?? '').trim();
  if (!v) return 1;
  if (v === 'auto') return Math.max(1, cores);
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`API_PROCESSES: "${v}" is not a count of processes (1–64 or auto)`);
  return n;
}

function apiDocs(value: string | undefined): Config['apiDocs'] {
  const v = (value ?? '').trim() || 'admin';
  if (v !== 'off' && v !== 'admin' && v !== 'public') throw new Error(`API_DOCS: "${v}" is not off, admin or public`);
  return v;
}

/** 网络安全法 §21 asks for at least six months: a shorter period stops the start rather than losing records. */
function retentionDays(value: string | undefined): number {
  const v = (value ?? '').trim();
  if (!v) return 180;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 180) throw new Error(`SECURITY_LOG_RETENTION_DAYS: "${v}" is not a whole number of days ≥ 180`);
  return n;
}

function seconds(name: string, value: string | undefined, fallback: number): number {
  const v = (value ?? '').trim();
  if (!v) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0 || n > 3600) throw new Error(`${name}: "${v}" is not a number of seconds (0–3600)`);
  return n;
}

function platformTz(env: NodeJS.ProcessEnv): string {
  const tz = env.PLATFORM_TZ || DEFAULT_PLATFORM_TZ;
  // a typo here would shift every study day silently: refuse to start instead
  if (!isValidTimeZone(tz)) throw new Error(`PLATFORM_TZ: unknown time zone "${tz}" (an IANA name such as Asia/Shanghai)`);
  return tz;
}

function secretFrom(dataDir: string | null): Buffer {
  if (process.env.JWT_SECRET) return Buffer.from(process.env.JWT_SECRET, 'utf8');
  if (!dataDir) return randomBytes(48);
  // A random secret kept beside the data, so tokens survive a restart; never a constant in code.
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64'), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}

/** TRUST_PROXY: `true`/`false`, a hop count, or addresses and CIDRs separated by commas; default the local host only. */
function parseTrustProxy(value: string | undefined): boolean | number | string {
  const v = (value ?? '').trim();
  if (!v) return 'loopback';
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

/** AMAP_KEY wins over MAP_TILE_URL; with neither the bundled province outline needs no network at all. */
export function mapSettings(env: NodeJS.ProcessEnv): MapSettings {
  const amapKey = env.AMAP_KEY?.trim();
  if (amapKey) return { provider: 'amap', amapKey, ...(env.AMAP_SECURITY_CODE?.trim() ? { amapSecurityCode: env.AMAP_SECURITY_CODE.trim() } : {}) };
  const tileUrl = env.MAP_TILE_URL?.trim();
  if (tileUrl) {
    // a template the browser fills in: refuse at start what it could not use, rather than a blank map
    if (!/^https?:\/\/[^\s]+$/.test(tileUrl) || !['{z}', '{x}', '{y}'].every((p) => tileUrl.includes(p))) {
      throw new Error(`MAP_TILE_URL: "${tileUrl}" is not a tile template such as https://tile.example.org/{z}/{x}/{y}.png`);
    }
    return { provider: 'tiles', tileUrl, tileAttribution: env.MAP_TILE_ATTRIBUTION?.trim() || undefined };
  }
  return { provider: 'outline' };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const databaseUrl = env.DATABASE_URL || null;
  const dataDir = overrides.dataDir !== undefined ? overrides.dataDir : resolve(env.DATA_DIR || './data');
  const ssoKeyFile = env.SSO_PUBLIC_KEY_FILE;
  return {
    port: Number(env.PORT || 8080),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl,
    jwtSecret: secretFrom(dataDir),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS || 86400),
    seedDemo: env.SEED_DEMO !== '0',
    demoPassword: env.DEMO_PASSWORD || 'Demo@123456',
    ssoIssuer: env.SSO_ISSUER || 'demo-sso',
    ssoPublicKeyPem: env.SSO_PUBLIC_KEY || (ssoKeyFile ? readFileSync(ssoKeyFile, 'utf8') : null),
    logLevel: env.LOG_LEVEL || 'info',
    logPretty: env.LOG_PRETTY === '1',
    apiDocs: apiDocs(env.API_DOCS),
    shutdownDrainSeconds: seconds('SHUTDOWN_DRAIN_SECONDS', env.SHUTDOWN_DRAIN_SECONDS, 0),
    shutdownTimeoutSeconds: seconds('SHUTDOWN_TIMEOUT_SECONDS', env.SHUTDOWN_TIMEOUT_SECONDS, 10),
    captchaAfterFailures: 3,
    lockAfterFailures: 5,
    lockMinutes: 5,
    phoneCodesPerHour: 5,
    smsPerClientPerHour: Number(env.SMS_PER_CLIENT_PER_HOUR || 10),
    smsDailyLimit: Number(env.SMS_DAILY_LIMIT || 10000),
    // captcha from a third of the limit: spraying then costs a human per try long before the refusal
    signInAddressCaptchaAfter: Math.ceil(Number(env.SIGNIN_FAILURES_PER_ADDRESS || 30) / 3),
    signInAddressBlockAfter: Number(env.SIGNIN_FAILURES_PER_ADDRESS || 30),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    schemaDirs: ['schemas', ...(env.EXTRA_SCHEMAS_DIR ? [env.EXTRA_SCHEMAS_DIR] : [])],
    screenDirs: ['screens', ...(env.EXTRA_SCREENS_DIR ? [env.EXTRA_SCREENS_DIR] : [])],
    studyDailyCapSeconds: Math.round(Number(env.STUDY_DAILY_CAP_HOURS || 8) * 3600),
    platformTz: platformTz(env),
    exportMaxRows: Math.max(1, Number(env.EXPORT_MAX_ROWS || 50000)),
    securityLogRetentionDays: retentionDays(env.SECURITY_LOG_RETENTION_DAYS),
    importMaxRows: Math.max(1, Number(env.IMPORT_MAX_ROWS || 5000)),
    repeatSubmitSeconds: Math.max(0, Number(env.REPEAT_SUBMIT_SECONDS || 10) || 0),
    apiProcesses: apiProcesses(env.API_PROCESSES, availableParallelism()),
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX || 'dj:',
    sessionCacheSeconds: Math.max(0, Number(env.SESSION_CACHE_SECONDS ?? 600) || 0),
    studyProgressSeconds: ((n) => (n === 0 ? 0 : Math.max(10, n || 300)))(Number(env.STUDY_PROGRESS_SECONDS ?? 300)),
    bigScreenCacheSeconds: Math.max(0, Number(env.BIG_SCREEN_CACHE_SECONDS ?? 30) || 0),
    map: mapSettings(env),
    live: liveSettings(env),
    jobs: jobSettings(env),
    storage: storageSettings(env),
    authPolicy: authPolicy(env),
    ...overrides,
  };
}
