import type { PageServices } from '../../../shared/pages/index.ts';
import type { Ctx } from '../../context.ts';
import type { UserRow } from '../auth/index.ts';
import { listOutbox } from './service.ts';

/** The outbox page (staff): the latest letters as they were queued and sent. */
export function outboxPage(ctx: Ctx, staff: UserRow): PageServices['outbox'] {
  return async () => {
    const rows = await listOutbox(ctx, staff);
    return rows.map((r) => ({
      id: r.id,
      to: r.to,
      subject: r.subject,
      text: r.text,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    }));
  };
}
