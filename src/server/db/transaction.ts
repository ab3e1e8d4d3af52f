import type { Ctx } from '../context.ts';
import type { DomainEvents } from '../events.ts';

/**
 * One business action, one transaction: the service opens it and passes the ctx it gets to every query.
 * Inside, `ctx.db` is the transaction, domain events and `afterCommit` callbacks wait for the commit (and are
 * dropped on rollback), and a job enqueued through this ctx commits or rolls back with the change.
 * A transaction opened inside another joins it: services compose without nesting commits.
 *
 * On PGlite (one connection) a query on the app's own `db` inside the transaction would wait for the
 * transaction forever: everything inside goes through the ctx given to `work`.
 */
export async function transaction<T>(ctx: Ctx, work: (tx: Ctx) => Promise<T>): Promise<T> {
  if (ctx.inTransaction) return work(ctx);
  const pending: (() => void)[] = [];
  const result = await ctx.db.transaction(async (db) => {
    const events: DomainEvents = {
      ...ctx.events,
      emit: (name, payload) => void pending.push(() => ctx.events.emit(name, payload)),
    };
    return work({
      ...ctx,
      db: db,
      read: db,
      events,
      inTransaction: true,
      afterCommit: (fn) => void pending.push(fn),
    });
  });
  for (const fn of pending) {
    try {
      fn();
    } catch (err) {
      ctx.log.error({ err }, 'after-commit callback failed');
    }
  }
  return result;
}

/** `afterCommit` of a ctx outside any transaction: there is nothing to wait for. */
export const runNow = (fn: () => void) => fn();

/**
 * `ctx` reading from a well replica, for work outside a request (a job): the caller decides whether the replica has
 * what it needs (an export checks that it holds its own request row). Inside a transaction, or without a replica,
 * `ctx` itself.
 */
export function readFromReplica(ctx: Ctx): Ctx {
  const db = ctx.inTransaction ? null : ctx.root.replicas?.pick();
  return db ? { ...ctx, read: db } : ctx;
}
