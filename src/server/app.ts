import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { registerCompression } from './http/compress';
import { PLATFORM_NAME } from '../contract/product';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { AppContext } from './context';
import { AppError, DATABASE_UNAVAILABLE_MSG, forbidden, isDatabaseUnavailable, unauthorized } from './http/errors';
import { fail } from './http/envelope';
import { translateValidation } from './http/validation';
import { bearerToken, resolveSession } from './http/auth';
import { registerSecurityHeaders } from './http/security-headers';
import { inactiveAccountsJob } from './services/account-policy';
import { registerService } from './http/actions';
import { MSG } from '../contract/messages';
import { buildServices, registerDomainJobs, startDomains } from './composition';
import { captureAuditBefore, recordAudit } from './http/audit-log';
import { buildAuditCatalog } from './services/audit-catalog';
import { loadEntityFiles } from './records/entities';
import { registerFileRoutes } from './files/routes';
import { documentFileRoutes } from './files/openapi';
import { registerHealthRoutes } from './health';
import { requestId } from './log';
import { canonicalApiUrl } from './http/route-case';
import type { Logger } from 'pino';
import { registerBackupSnapshot } from './db/backup-snapshot';
import { securityLogPruneJob } from './security/security-log';
import { resealJob } from './security/data-reseal';
import { SealError } from './security/data-cipher';

const SEAL_FAILED_MSG = '加密的个人信息未通过完整性校验（数据可能被篡改或密钥缺失），请联系安全管理员';

export interface BuildOptions {
  /** built client to serve under /dj/ (absent in API tests) */
  clientDir?: string | null;
  logger?: boolean | object;
  /** the process's logger (main.ts: one JSON log, log.ts); else `logger` */
  loggerInstance?: Logger;
}

/** The permission an administrator's current role holds (the 设置 menu): what `API_DOCS=admin` asks of the document's reader. */
const API_DOCS_PERMISSION = 'Pages.Administration';

/** Swagger UI's request interceptor (runs in the browser): the bearer token of the /dj/ session kept in localStorage. */
const SEND_SESSION_TOKEN = new Function(
  'request',
  `try {
    var token = JSON.parse(localStorage.getItem('dj-state') || '{}').session.accessToken;
    if (token && !request.headers.Authorization) request.headers.Authorization = 'Bearer ' + token;
  } catch (e) {}
  return request;`,
);

/** Fastify's own 4xx errors (bad JSON, wrong content type, body too large) in Chinese. */
const FASTIFY_4XX: Record<number, string> = {
  400: MSG.badRequest,
  404: MSG.notFound,
  405: '请求方法不被支持',
  406: '不支持的响应格式',
  413: '请求内容过大',
  415: '不支持的请求内容类型',
  429: '请求过于频繁，请稍后再试',
};

/** PostgreSQL errors that bad input can cause: answered as 400, never 500. */
const PG_INPUT_ERRORS: Record<string, string> = {
  '23505': '数据已存在，请勿重复提交',
  '23503': '关联的数据不存在或仍被引用',
  '22P02': MSG.badRequest,
  '22001': '输入内容过长',
  '22003': '数值超出范围',
  '22007': '日期格式不正确',
  '22008': '日期超出范围',
};

/** Query and body keys are case-insensitive, as in ABP: `SkipCount` and `skipCount` are one field. */
function camelKeys(value: unknown) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k.charAt(0).toLowerCase() + k.slice(1)] = v;
  return out;
}

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const apiPaths = new Map<string, string>();
  const app = Fastify({
    ...(opts.loggerInstance ? { loggerInstance: opts.loggerInstance } : { logger: opts.logger ?? false }),
    // request ids unique across processes and machines (a random tag per process, log.ts); a sane incoming X-Request-Id is kept
    genReqId: requestId,
    requestIdHeader: false,
    bodyLimit: 2 * 1024 * 1024,
    // forwarded addresses only from the configured proxies: the per-address limits depend on it
    trustProxy: ctx.config.trustProxy as FastifyServerOptions['trustProxy'],
    ajv: {
      customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: true, verbose: true, strict: false },
    },
    routerOptions: { ignoreTrailingSlash: true },
    // API paths match without regard to case, as the original ASP.NET Core server matched them: a path
    // written in another case is rewritten to the registered one before anything reads it (hooks, audit, logs)
    rewriteUrl: (req) => canonicalApiUrl(apiPaths, req.url ?? '/'),
  }) as unknown as FastifyInstance;
  ctx.log = app.log;
  app.addHook('onRoute', (r) => {
    if (r.url.toLowerCase().startsWith('/api/')) apiPaths.set(r.url.toLowerCase(), r.url);
  });
  app.addHook('onClose', async () => ctx.authChanges.close());
  app.addHook('onClose', async () => ctx.cache.close());
  // the domains' background work (e.g. attempts whose deadline passed are closed and scored by the server)
  const stopDomains = startDomains(ctx);
  app.addHook('onClose', async () => stopDomains());

  // The client sends JSON as application/json-patch+json (core §7); an empty JSON body is {}.
  app.removeContentTypeParser('application/json');
  const parseJson = (_req: unknown, body: string | Buffer, done: (err: Error | null, value?: unknown) => void) => {
    const text = String(body ?? '').trim();
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(400, '请求内容不是有效的JSON'), undefined);
    }
  };
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJson);
  app.addContentTypeParser(/^application\/[\w.+-]*\+json$/, { parseAs: 'string' }, parseJson);

  await app.register(swagger, {
    openapi: {
      info: { title: `${PLATFORM_NAME} API`, version: '1.0.0', description: 'ABP 风格接口：成功 {result, success:true}，失败 {error:{code,message,details,validationErrors}}。' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    // the file server's calls validate their own input: their descriptions are for the document only
    transform: documentFileRoutes as never,
  });
  // API_DOCS: off — no UI, no document; admin — the document only for an administrator's token
  // (the UI, same origin as /dj/, sends the token of the browser's session); public — open
  if (ctx.config.apiDocs !== 'off') {
    const admin = ctx.config.apiDocs === 'admin';
    await app.register(swaggerUi, {
      routePrefix: '/swagger',
      ...(admin
        ? {
            uiConfig: {
              // written as source: the plugin copies the function's text into the page
              requestInterceptor: SEND_SESSION_TOKEN as never,
            },
          }
        : {}),
    });
  }

  app.decorateRequest('currentUser', null);
  // CSP, frame-ancestors and the other headers on every answer, whatever proxy stands in front
  registerSecurityHeaders(app, ctx.config);
  registerCompression(app);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    const docs = req.url.startsWith('/swagger/json') || req.url.startsWith('/swagger/yaml');
    if (!req.url.startsWith('/api/') && !req.url.startsWith('/file/') && !docs) return;
    const token = bearerToken(req.headers.authorization);
    const resolved = token ? await resolveSession(ctx, token, req.ip) : null;
    req.currentUser = resolved?.user ?? null;
    req.sessionEnded = resolved?.ended ?? null;
    const user = req.currentUser;
    if (user) {
      // what his browser shows of the session: a change (transfer, role) is picked up at this answer
      if (user.sessionStamp) reply.header('x-session-stamp', user.sessionStamp);
      // who is asking, on every later line of this request (the completion line too)
      const log = req.log.child({ userId: user.userId, roleId: user.roleId, organId: user.organId });
      req.log = log;
      reply.log = log;
    }
    if (docs && ctx.config.apiDocs === 'admin') {
      if (!user) throw unauthorized();
      if (!user.permissions.has(API_DOCS_PERMISSION)) throw forbidden('接口文档仅对管理员开放');
    }
  });
  app.addHook('preValidation', async (req) => {
    if (!req.url.startsWith('/api/')) return;
    req.query = camelKeys(req.query);
    if (req.body && typeof req.body === 'object') req.body = camelKeys(req.body);
    else if (req.body == null && (req.method === 'POST' || req.method === 'PUT')) req.body = {};
  });
  const services = buildServices(ctx.config);
  // the 审计日志's reading of every action: module, operation, title, labelled before/after
  const auditCatalog = buildAuditCatalog(services, loadEntityFiles(ctx.config.schemaDirs));
  app.addHook('preHandler', async (req) => captureAuditBefore(ctx, req, auditCatalog));
  // written before the answer leaves: a write acknowledged is a write logged, and the log shows it
  // to whoever looks right after (onResponse ran after the client had its answer)
  app.addHook('onSend', async (req, reply, payload) => {
    await recordAudit(ctx, req, reply.statusCode, auditCatalog);
    return payload;
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      // a 5xx said in Chinese to the user (a file store away or full): its cause is for the operator
      if (err.status >= 500) req.log.warn({ err: (err as Error & { cause?: unknown }).cause ?? err }, err.message);
      return reply.status(err.status).send(fail(err.status, { message: err.message, ...err.opts }));
    }
    if (err.validation) {
      const errors = translateValidation(err.validation);
      return reply.status(400).send(fail(400, { message: errors[0]?.message ?? MSG.badRequest, details: errors.map((e) => e.message).join('；'), validationErrors: errors }));
    }
    if (typeof err.code === 'string' && PG_INPUT_ERRORS[err.code]) {
      req.log.warn({ err }, 'database rejected input');
      return reply.status(400).send(fail(400, { message: PG_INPUT_ERRORS[err.code] }));
    }
    const status = Number(err.statusCode);
    if (status >= 400 && status < 500) {
      return reply.status(status).send(fail(status, { message: FASTIFY_4XX[status] ?? MSG.badRequest }));
    }
    if (isDatabaseUnavailable(err)) {
      // PostgreSQL restarting or away: a Chinese 503 (nginx tries the other machine for a GET); no stack
      req.log.warn({ err: { code: (err as { code?: unknown }).code, message: err.message } }, 'database unavailable');
      return reply.status(503).send(fail(503, { message: DATABASE_UNAVAILABLE_MSG }));
    }
    if (err instanceof SealError) {
      // a sealed value that fails its check was changed outside the platform (or its key is gone): said, never shown as garbage
      req.log.error({ event: 'data-keys.seal-check-failed', message: err.message }, 'sealed personal data failed its check');
      return reply.status(500).send(fail(500, { message: SEAL_FAILED_MSG }));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(fail(500, { message: MSG.internal }));
  });

  registerHealthRoutes(app, ctx);
  for (const service of services) registerService(app, ctx, service);

  const clientDir = opts.clientDir === undefined ? resolve('dist/client') : opts.clientDir;
  const hasClient = !!clientDir && existsSync(resolve(clientDir, 'index.html'));
  // reply.sendFile serves the client and the file server's objects (with Range and ETag)
  if (hasClient) {
    const assetsDir = resolve(clientDir!, 'assets');
    await app.register(fastifyStatic, {
      root: clientDir!,
      prefix: '/dj/',
      wildcard: false,
      index: ['index.html'],
      // the build's .br/.gz twins (vite.config.ts precompress) go out as they are, negotiated by Accept-Encoding
      preCompressed: true,
      setHeaders(res, path) {
        // hashed file names never change content: cached for a year; index.html is always revalidated
        if (path.startsWith(assetsDir)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (path.endsWith('.html') || path.endsWith('.html.br') || path.endsWith('.html.gz')) res.header('Cache-Control', 'no-cache');
      },
    });
    app.get('/', (_req, reply) => reply.redirect('/dj/'));
  } else {
    await app.register(fastifyStatic, { root: resolve('public'), serve: false });
  }
  await registerFileRoutes(app, ctx);
  registerBackupSnapshot(app, ctx);
  // background jobs (video packaging, the sweeps) from the shared queue; app.close() hands running ones back
  registerDomainJobs(ctx);
  // unused accounts disabled (INACTIVE_DISABLE_*_DAYS), once a day across the processes
  ctx.jobs.register(inactiveAccountsJob(ctx));
  ctx.jobs.register(securityLogPruneJob(ctx));
  ctx.jobs.register(resealJob(ctx));
  if (ctx.config.jobs.run) await ctx.jobs.start();
  app.addHook('onClose', async () => ctx.jobs.stop());

  app.setNotFoundHandler((req, reply) => {
    // History-mode client: every /dj/* path that is not a file gets index.html.
    if (hasClient && req.method === 'GET' && (req.url === '/dj' || req.url.startsWith('/dj/'))) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(fail(404, { message: `${MSG.notFound}：${req.method} ${req.url.split('?')[0]}` }));
  });

  return app;
}
