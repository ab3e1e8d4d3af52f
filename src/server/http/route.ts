import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messages } from '../../shared/catalogue.ts';
import { plainBody } from '../../shared/validation.ts';
import type { Contract, RawAnswer } from '../../shared/api/contract.ts';
import type { Ctx } from '../context.ts';
import type { UserRow } from '../modules/auth/index.ts';
import { requireAccess, requireBrowserSession, type Access } from '../modules/auth/index.ts';
import { parse } from '../lib/errors.ts';
import { limit } from './ratelimit.ts';
import { EncodedAnswer, ok, Said, SharedAnswer } from '../lib/answers.ts';
import { sendShared } from '../lib/page-encoding.ts';

export type { Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route only reads, whatever its method (`RouteSpec.readOnly`). */
    readOnly?: boolean;
    /** Another site's form may POST here (`RouteSpec.crossSite`): no CSRF marker, any origin. */
    crossSite?: boolean;
  }
}

/**
 * A route declares in one place who may call it, how often, and the shapes of its params, query and body
 * (as Misskey's endpoint `meta` does); its handler calls one service function. `registerRoutes` checks access
 * first, then the rate limit, then parses, so the handler only sees a permitted caller and valid input.
 */
type Method = 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';
type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
/** The caller as the access guarantees it: `null` is possible only where anyone may call. */
type UserOf<A> = A extends 'anyone' ? UserRow | null : UserRow;

export interface RouteInput<A, P, Q, B> {
  ctx: Ctx;
  user: UserOf<A>;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteSpec<A extends Access, P, Q, B, R> {
  access: A;
  /**
   * `[max, seconds]`: at most `max` calls per `seconds` per user (or per address for anonymous callers). Every route
   * says it; `'none'` only where a limit would break the caller (a provider's callback, a health probe), with why.
   */
  rateLimit: readonly [number, number] | 'none';
  params?: P;
  /** Unknown query fields are refused; absent means the route takes none (`mode` aside). */
  query?: Q;
  /** Unknown body fields are refused; absent on a POST means the body must be empty. */
  body?: B;
  /** The success message (`rm`), fixed or from the result. */
  message?: string | ((result: R) => string);
  /**
   * A POST (or other unsafe method) that only reads, such as a search with a body: a read-scope API token may call
   * it. Every other unsafe route is a write that such a token is refused.
   */
  readOnly?: boolean;
  /**
   * `'browser'`: the route opens a session or makes, changes or lists a way in (password, email, passkey, linked
   * provider, API token, sign-in link or QR code, sessions). An API token is refused it (403) before anything else,
   * whatever its scope: a token must never become a login (auth/policy.ts `requireBrowserSession`).
   */
  session?: 'browser';
  /**
   * A provider's form POST from its own site (Sign in with Apple's form_post): it carries no CSRF marker and comes
   * cross-site, so the marker check is skipped; the route must check a one-time secret of its own instead.
   */
  crossSite?: boolean;
  /** The handler answers by itself (a file, XML, a redirect): its result is sent as it is, not in the envelope. */
  raw?: boolean;
  /** What a raw answer is (the contract's `raw`): OpenAPI shows its media type. */
  rawAnswer?: RawAnswer;
  /** Fastify route config beside the rate limit (e.g. multipart limits of an upload). */
  config?: FastifyContextConfig;
  /** The answer's `data` schema (from the route's contract): OpenAPI shows it, CHECK_ANSWERS checks every answer. */
  response?: Schema;
  /** The contract's refusal codes (OpenAPI's `x-errors`). */
  errors?: readonly string[];
  handler(input: RouteInput<A, P, Q, B>): Promise<R> | R;
}

/** What a contract leaves to its implementation: the limit, the success message, the handler and the like. */
type Implementation<C extends Contract, R> = Omit<
  RouteSpec<C['access'], C['params'], C['query'], C['body'], R>,
  'access' | 'params' | 'query' | 'body' | 'response' | 'errors' | 'raw' | 'rawAnswer' | 'message'
> & {
  /** The success message (`rm`), fixed or from the contract's data. */
  message?: string | ((result: C['response'] extends z.ZodType ? z.input<C['response']> : never) => string);
};
/** A handler's answer: the contract's data, with a message of its own (`Said`), or already encoded (a shared answer). */
type Answer<C extends Contract> = C['response'] extends z.ZodType
  ? z.input<C['response']> | Said<z.input<C['response']>> | SharedAnswer | EncodedAnswer
  : unknown;

export interface Route {
  method: Method;
  url: string;
  spec: RouteSpec<Access, Schema | undefined, Schema | undefined, Schema | undefined, unknown>;
}

/** The limit of reads (lists, pages' data, settings): a page asks several at once, people share addresses. */
export const READS = [300, 60] as const;

const emptyObject = plainBody({});

/** Every route comes from its contract: nothing on the wire is declared anywhere else (issue 27). */
export const route = {
  /** A route from its contract (src/shared/api): the handler must answer the contract's data. */
  implement: <C extends Contract, R extends Answer<C>>(c: C, spec: Implementation<C, R>): Route => ({
    method: c.method,
    url: c.path,
    spec: {
      ...spec,
      access: c.access,
      params: c.params,
      query: c.query,
      body: c.body,
      response: c.response,
      raw: c.raw ? true : undefined,
      rawAnswer: c.raw,
      // A way in is the browser's alone: every such route refuses an API token (auth/policy.ts).
      errors: spec.session === 'browser' ? [...(c.errors ?? []), 'token_not_here'] : c.errors,
    } as unknown as Route['spec'],
  }),
};

const registered = new WeakMap<FastifyInstance, Route[]>();

/** Every route an app declared, with its full URL: tests walk them all (access, bad input). */
export const declaredRoutes = (app: FastifyInstance): readonly Route[] => registered.get(app) ?? [];

/** Registers declared routes under `prefix`. */
export function registerRoutes(app: FastifyInstance, routes: readonly Route[], prefix = '') {
  const ctx = app.ctx;
  const list = registered.get(app) ?? [];
  registered.set(app, list);
  for (const { method, url, spec } of routes) {
    list.push({ method, url: `${prefix}${url}`, spec });
    const check = async (req: FastifyRequest) => {
      if (spec.session === 'browser') requireBrowserSession(req.viaToken);
      requireAccess(spec.access, req.user, ctx.now());
    };
    app.route({
      method,
      url: `${prefix}${url}`,
      // Access is checked before the rate limit and before a byte of the body is read.
      onRequest: check,
      config: {
        ...spec.config,
        ...(spec.readOnly ? { readOnly: true } : {}),
        ...(spec.crossSite ? { crossSite: true } : {}),
        ...(spec.rateLimit !== 'none' ? limit(app, spec.rateLimit[0], spec.rateLimit[1]) : {}),
      },
      handler: async (req, reply) => {
        const input = {
          // The request's ctx: the app's with its read handle (http/reads.ts).
          ctx: req.ctx,
          // onRequest has checked the access: the user is there wherever the route needs one.
          user: req.user,
          params: spec.params ? parse(spec.params, req.params) : undefined,
          query: parse(spec.query ?? emptyObject, req.query),
          body: method === 'GET' ? undefined : parse(spec.body ?? emptyObject, req.body),
          req,
          reply,
        };
        const result = await spec.handler(input);
        if (spec.raw) return result;
        if (spec.response && ctx.config.checkAnswers) checkAnswer(spec.response, result, `${method} ${prefix}${url}`);
        if (result instanceof SharedAnswer)
          return sendShared(req, reply.type('application/json; charset=utf-8'), result.shared);
        if (result instanceof EncodedAnswer) return reply.type('application/json; charset=utf-8').send(result.body);
        if (result instanceof Said) return ok(result.data, result.rm);
        const rm = typeof spec.message === 'function' ? spec.message(result) : (spec.message ?? '');
        return ok(result, rm);
      },
    });
  }
}

/** A contract's answer that does not match its schema: the server's fault, loud in tests. */
function checkAnswer(schema: Schema, result: unknown, name: string) {
  // An answer encoded once (a feed page, a search page) is checked by what goes out: its envelope's data.
  const data =
    result instanceof EncodedAnswer
      ? (JSON.parse(result.body.toString('utf8')) as { data: unknown }).data
      : result instanceof Said
        ? result.data
        : result;
  const checked = schema.safeParse(data);
  if (!checked.success) throw new Error(`${name} answered outside its contract: ${z.prettifyError(checked.error)}`);
}

export { messages };
