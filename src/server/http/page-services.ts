import type { PageServices } from '../../shared/pages/index.ts';
import type { Ctx } from '../context.ts';
import type { UserRow } from '../modules/auth/queries.ts';
import { requireAccess } from '../modules/auth/index.ts';
import { MODULES } from '../modules/index.ts';
import type { PageDecl } from '../modules/manifest.ts';
import { openApiFor } from './openapi.ts';
import { keptForReader } from './reader-shell.ts';

type Fn = (...args: unknown[]) => Promise<unknown>;
type AnyDecl = {
  access?: PageDecl<keyof PageServices>['access'];
  services(ctx: Ctx, user: UserRow | null): unknown;
  kept?: string | Record<string, string | undefined>;
};

/**
 * The read side that page loaders use, bound to the request's user: each module's `pages` (module.ts), permissions
 * as in the API. What the shell and the feed read on every page of a visit is kept with the session row
 * (reader-shell.ts), as the declarations' `kept` name it.
 */
export function pageServices(ctx: Ctx, user: UserRow | null): PageServices {
  const kept = (name: string, read: Fn) => () => keptForReader(ctx, user, name, read);
  const out: Record<string, unknown> = { apiReference: async () => openApiFor(ctx) };
  for (const m of MODULES) {
    for (const [key, decl] of Object.entries(m.pages ?? {}) as [string, AnyDecl][]) {
      if (key in out) throw new Error(`page services ${key} declared twice (${m.name})`);
      out[key] = bind(decl);
    }
  }
  return out as unknown as PageServices;

  function bind(decl: AnyDecl): unknown {
    if (decl.access && decl.access !== 'anyone') {
      const access = decl.access;
      // A read with its access, as a route's: the caller is checked on each call, before the read runs.
      return async (...args: unknown[]) => {
        const u = requireAccess(access, user, ctx.now());
        return (decl.services(ctx, u) as Fn)(...args);
      };
    }
    const services = decl.services(ctx, user);
    if (typeof decl.kept === 'string') return kept(decl.kept, services as Fn);
    if (!decl.kept) return services;
    const group = { ...(services as Record<string, Fn>) };
    for (const [name, key] of Object.entries(decl.kept)) if (key) group[name] = kept(key, group[name]);
    return group;
  }
}
