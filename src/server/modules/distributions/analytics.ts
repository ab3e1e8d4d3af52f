import { ANALYTICS_QUEUE_MAX } from '../../../shared/analytics.ts';
import type { AnalyticsEventInput } from '../../../shared/api/analytics.ts';
import type { Ctx } from '../../context.ts';
import { transaction } from '../../db/transaction.ts';
import * as q from './analytics-queries.ts';
import { readerKey } from './service.ts';

/**
 * First-party analytics (issue 30 point 4): `POST /analytics-event` puts a batch into this process's queue and answers
 * at once; a node task writes the queue every ANALYTICS_FLUSH_MS (raw rows and the daily roll-up in one transaction),
 * and once more when the process stops. A burst past ANALYTICS_QUEUE_MAX waiting events is dropped, never awaited:
 * ingestion must not slow a page.
 */

const queues = new WeakMap<Ctx, { events: q.AnalyticsEventRow[]; dropped: number }>();
const queueOf = (ctx: Ctx) => {
  let found = queues.get(ctx.root);
  if (!found) queues.set(ctx.root, (found = { events: [], dropped: 0 }));
  return found;
};

export interface Ingest {
  events: AnalyticsEventInput[];
  stack?: string[];
  device?: 'desktop' | 'phone';
}

/** Takes a batch into the queue; answers how many were taken (0 when the queue is full). */
export function ingest(
  ctx: Ctx,
  user: { id: number } | null,
  input: Ingest,
  ip: string,
  fingerprint: string | null = null,
) {
  const queue = queueOf(ctx);
  const room = Math.max(0, ANALYTICS_QUEUE_MAX - queue.events.length);
  const taken = input.events.slice(0, room);
  queue.dropped += input.events.length - taken.length;
  const at = ctx.now();
  // Unique readers: the account, else the browser's fingerprint (30 days), else a hash of the address.
  const reader = user || !fingerprint ? readerKey(user, ip) : `f${fingerprint}`;
  for (const e of taken)
    queue.events.push({
      at,
      eventType: e.eventType,
      distributionId: e.unit_id ?? null,
      entryId: e.entry_id ?? null,
      place: e.place ?? null,
      userId: user?.id ?? null,
      reader,
      path: e.path ?? '',
      data: {
        ...(e.page ?? {}),
        stack: input.stack ?? [],
        device: input.device ?? null,
        ...(e.source ? { source: e.source } : {}),
        ...(e.seconds !== undefined ? { seconds: e.seconds } : {}),
      },
    });
  return { queued: taken.length };
}

/** Writes what waits (the node task and tests); a failed write is logged and its events dropped, never retried forever. */
export async function flushAnalytics(ctx: Ctx) {
  const queue = queueOf(ctx);
  if (queue.dropped) {
    ctx.log.warn({ dropped: queue.dropped }, 'analytics queue full: events dropped');
    queue.dropped = 0;
  }
  let written = 0;
  while (queue.events.length) {
    const batch = queue.events.splice(0, 1000);
    try {
      await transaction(ctx, (ctx) => q.writeBatch(ctx.db, batch));
      written += batch.length;
    } catch (err) {
      ctx.log.error({ err, events: batch.length }, 'analytics batch not written');
    }
  }
  return written;
}
