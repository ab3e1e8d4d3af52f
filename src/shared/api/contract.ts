import type { z } from 'zod';

/**
 * A route's contract (issue 27): what travels on the wire, shared by the server that implements it
 * (`route.implement(contract, …)`, http/route.ts) and the web that calls it (`call<typeof c>('POST /path', input)`,
 * web/api/call.ts). Method, path, who may call, the params, query and body schemas, and the answer's `data` schema;
 * OpenAPI is made from the same objects. The web imports contracts as types only, so no schema ships to a browser.
 */
export type Method = 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH';

/** Who may call: anyone, a signed-in user, one not banned (`active`), a Plus member, staff, an admin. */
export type Access = 'anyone' | 'user' | 'active' | 'plus' | 'staff' | 'admin';

/** What a raw route sends: its media type (`application/rss+xml`, `image/gif`, `text/html`…) or a redirect. */
export interface RawAnswer {
  type: string | 'redirect';
  description: string;
}

export interface Contract {
  method: Method;
  /** Under /v3.0 (at the site's root for a module's `rootRoutes`), Fastify's form: `/subscribe/to/subsite/:id`. */
  path: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The answer's `data` (an answer in the `{rc, rm, data}` envelope); absent only where `raw` says what comes. */
  response?: z.ZodType;
  /** The handler answers by itself, outside the envelope: a file, a feed, a page, a redirect. */
  raw?: RawAnswer;
  /** Codes (lib/errors.ts `errorCode`) this route refuses with, beside every route's `invalid_input` and the statuses'. */
  errors?: readonly string[];
}

/** Declares a contract, keeping its method and path as literal types (the web's call key is checked against them). */
export const contract = <const C extends Contract>(c: C): C => c;

/** The web's name of a contract: `'POST /favorite/change'`. */
export type ContractKey<C extends Contract> = `${C['method']} ${C['path']}`;

/**
 * A field whose schema takes anything (a `z.preprocess` field parser: its input type is `unknown`) may be left out:
 * the parser gives its default for a missing one. Other fields keep their own optionality.
 */
type Loose<T> = T extends object
  ? { [K in keyof T as unknown extends T[K] ? K : never]?: T[K] } & {
      [K in keyof T as unknown extends T[K] ? never : K]: T[K];
    }
  : T;
type In<S> = S extends z.ZodType ? Loose<z.input<S>> : unknown;
/** What a caller sends: path params, query and body fields in one object (the path's `:name`s are taken out of it). */
export type ContractInput<C extends Contract> = In<C['params']> & In<C['query']> & In<C['body']>;
/** The answer's `data` as the caller reads it. */
export type ContractOutput<C extends Contract> = C['response'] extends z.ZodType ? z.output<C['response']> : never;

/** A call's method, the path with its `:name`s filled from the input, and the rest of the input (query or body). */
export function resolveCall(key: string, input: Record<string, unknown>) {
  const space = key.indexOf(' ');
  const data: Record<string, unknown> = { ...input };
  const path = key.slice(space + 1).replace(/:(\w+)/g, (_, name: string) => {
    const value = data[name];
    delete data[name];
    return encodeURIComponent(String(value));
  });
  return { method: key.slice(0, space) as Method, path, data };
}
