import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { CurrentUser, SessionEnd } from './auth';
import { AppError, ERROR_CODE, forbidden, notFound, unauthorized } from './errors';
import { MSG } from '../../contract/messages';
import { ok } from './envelope';
import { isInSubtree } from '../scope';
import { dropMark, isGuardedCreate, markSubmit } from './repeat-submit';
import { refuseOwnCase, registerDecision, type Decides } from '../workflow/own-case';

/**
 * Who may call an action. Deny by default: every action must say one of these.
 * - permission: the current role's menus must carry that permission name (a list: any one of them,
 *   for a call that two menus share);
 * - self: any signed-in user, acting only on their own data;
 * - public: no token needed (sign-in, registration, password recovery).
 */
export type Access = { permission: string | string[] } | 'self' | 'public';

export interface Call<I> {
  input: I;
  ctx: AppContext;
  req: FastifyRequest;
  reply: FastifyReply;
  /** the signed-in caller; only null for public actions called without a token */
  user: CurrentUser;
  /** Throws 403 unless `organPath` lies in the caller's managed subtree (for organisations the caller names as a target or filter). */
  requireScope(organPath: string | null | undefined): void;
  /**
   * For a record loaded by id: throws the 404 of a missing id (`notFoundMessage`) unless
   * `organPath` lies in the caller's managed subtree — ids must not tell what exists outside it.
   * Called by each record type's one loader, not by handlers.
   */
  requireVisible(organPath: string | null | undefined, notFoundMessage: string): void;
  /**
   * Runs `fn` once the handler has succeeded — after its transactions committed: what must not
   * happen for a write that is rolled back (an SMS with an initial password). A failure is logged.
   */
  afterSuccess(fn: () => Promise<unknown> | unknown): void;
}

/**
 * The input of a handler whose action names no type for it: the JSON its `input` schema describes,
 * validated (and defaulted) by ajv before the handler runs. The compiler cannot read a JSON Schema,
 * so this is the one escape for action inputs; a handler may name its type (`action<MyInput>`).
 */
// the JSON Schema `input`, checked at run time
export type ActionInput = any;

export interface ActionDef<I = ActionInput> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  summary: string;
  access: Access;
  /** JSON Schema of the query (GET, DELETE) or body (POST, PUT); field names camelCase, case-insensitive on input. */
  input?: Record<string, unknown>;
  /** Plain-text description of the result (shown in OpenAPI). */
  returns?: string;
  /** The handler wrote the reply itself (e.g. a file); do not wrap in the envelope. */
  raw?: boolean;
  /** false: a high-frequency write (the study heartbeat) that the audit log would only flood */
  audit?: boolean;
  /** the repeat-submit guard (http/repeat-submit.ts): default by the action's name; true or false overrides it */
  repeatSubmit?: boolean;
  /**
   * The action decides something about a person (an audit, a confirmation, a marking): whose case
   * it is. The kernel lists it among the decisions and refuses it (403, 不能{verb}本人的{noun}) when
   * the caller is that person, whatever roles he holds (workflow/own-case.ts).
   */
  decides?: Decides<I>;
  /**
   * Callable by a restricted session (CurrentUser.restriction: the second factor to prove, a
   * password past its age): sign-out, the second step, enrolment, changing the password, switching
   * back to the member role. Every other action answers 403 until the session did what it must.
   */
  whileRestricted?: boolean;
  /**
   * A 待办 list (待我审核/待我确认): the 工作台 counts it for every caller who holds its permission,
   * running this very action with `input` (its default filter) and COUNT_ONLY (http/paging.ts) —
   * so a pending count always follows the list's own scope and own-case rule.
   */
  pending?: PendingList;
  handler(call: Call<I>): Promise<unknown>;
}

/** How the 工作台 names a 待办 list's cases, and the input it counts the list with. */
export interface PendingList {
  /** what waits, as the 工作台 names it: 转接申请, 学时申报 */
  title: string;
  input?: Record<string, unknown>;
}

export interface ServiceDef {
  name: string;
  /** key: action name; `Name#post` distinguishes two methods of one name */
  actions: Record<string, ActionDef>;
  prefix?: string;
}

export const defineService = (name: string, actions: Record<string, ActionDef>, prefix = '/api/services/app'): ServiceDef => ({ name, actions, prefix });
export const action = <I = ActionInput>(def: ActionDef<I>): ActionDef<I> => def;

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null;
    /** the token was signed but its session ended for a reason the user is told (the idle timeout) */
    sessionEnded?: SessionEnd;
    actionName?: string;
  }
}

/** Each call's deferred work (Call.afterSuccess), run by the route once the handler succeeded. */
const deferred = new WeakMap<object, (() => unknown)[]>();

/** The deferred work of a call whose handler succeeded, in order; one failing does not stop the rest. */
export async function runAfterSuccess(call: Call<unknown>, req: FastifyRequest) {
  for (const fn of deferred.get(call) ?? []) {
    try {
      await fn();
    } catch (err) {
      req.log.warn({ err }, 'after-success work failed');
    }
  }
}

/** The call a handler receives: the validated input, the caller and his scope checks. */
export function makeCall<I>(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, input: I): Call<I> {
  const user = req.currentUser;
  const inSubtree = (organPath: string | null | undefined) => !!user && !!user.organPath && !!organPath && isInSubtree(organPath, user.organPath);
  const after: (() => unknown)[] = [];
  const call: Call<I> = {
    afterSuccess(fn) {
      after.push(fn);
    },
    input,
    ctx,
    req,
    reply,
    user: user as CurrentUser,
    requireScope(organPath) {
      if (!inSubtree(organPath)) throw forbidden(MSG.outOfScope);
    },
    requireVisible(organPath, notFoundMessage) {
      if (!inSubtree(organPath)) throw notFound(notFoundMessage);
    },
  };
  deferred.set(call, after);
  return call;
}

/** Throws 401/403 unless the caller may call an action of this access. */
export function checkAccess(user: CurrentUser | null, access: Access, opts: { whileRestricted?: boolean; ended?: SessionEnd } = {}) {
  if (access === 'public') return;
  if (!user) throw opts.ended === 'idle' ? new AppError(401, MSG.idleTimeout, { code: ERROR_CODE.idleTimeout }) : unauthorized();
  if (user.restriction && !opts.whileRestricted) {
    throw user.restriction === 'secondFactor'
      ? new AppError(403, MSG.secondFactorRequired, { code: ERROR_CODE.secondFactorRequired })
      : new AppError(403, MSG.passwordExpired, { code: ERROR_CODE.passwordExpired });
  }
  if (access !== 'self' && !hasPermission(user, access.permission)) throw forbidden(`${MSG.forbidden}（${[access.permission].flat().join(' 或 ')}）`);
}

/** The caller's role carries the permission name (or one of the names). */
export const hasPermission = (user: CurrentUser, permission: string | string[]) =>
  Array.isArray(permission) ? permission.some((p) => user.permissions.has(p)) : user.permissions.has(permission);

export function registerService(app: FastifyInstance, ctx: AppContext, service: ServiceDef) {
  for (const [key, def] of Object.entries(service.actions)) {
    const name = key.split('#')[0];
    const url = `${service.prefix}/${service.name}/${name}`;
    const inputKey = def.method === 'GET' || def.method === 'DELETE' ? 'querystring' : 'body';
    const input = def.input ?? { type: 'object', properties: {} };
    const access = def.access;
    const guarded = isGuardedCreate(name, def);
    const decides = def.decides;
    if (decides) registerDecision(`${service.name}/${name}`, decides as Decides<never>);
    app.route({
      method: def.method,
      url,
      schema: {
        tags: [service.name],
        summary: def.summary,
        description: [
          access === 'public' ? '公开接口，无需登录。' : access === 'self' ? '需要登录；只读写本人数据。' : `需要权限：${[access.permission].flat().join(' 或 ')}`,
          def.returns ? `返回：${def.returns}` : '',
        ].filter(Boolean).join('\n'),
        [inputKey]: input,
        ...(access === 'public' ? {} : { security: [{ bearer: [] }] }),
      },
      config: { access },
      // Access is checked before the input is validated: a caller without the right learns nothing about the input.
      preValidation: async (req) => {
        req.actionName = def.audit === false ? undefined : `${service.name}/${name}`;
        checkAccess(req.currentUser, access, { whileRestricted: def.whileRestricted, ended: req.sessionEnded });
      },
      handler: async (req, reply) => {
        const call = makeCall<ActionInput>(ctx, req, reply, (inputKey === 'querystring' ? req.query : req.body) ?? {});
        const mark = guarded ? await markSubmit(ctx, req.currentUser, url, call.input) : null;
        let result: unknown;
        try {
          // nobody decides his own case: the subject is resolved before the handler runs
          if (decides?.subject) refuseOwnCase(call.user, [await decides.subject(call)].flat(), decides.verb ?? '审核', decides.noun);
          result = await def.handler(call);
        } catch (err) {
          if (mark) await dropMark(ctx, mark);
          throw err;
        }
        await runAfterSuccess(call, req);
        if (def.raw) return reply;
        return ok(result === undefined ? null : result);
      },
    });
  }
}
