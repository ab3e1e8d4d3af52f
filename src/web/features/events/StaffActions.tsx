import type { publish, reject, unpublish } from '../../../shared/api/events.ts';
import { eventsUi as t } from '../../../shared/catalogue/events.ts';
import { call } from '../../api/call.ts';
import { askRejectReason, askUnpublish } from '../vacancies/StaffActions.tsx';

/** Staff publish a waiting event. Resolves true when done. */
export async function publishEvent(id: number) {
  return (await call<typeof publish>('POST /events/:id/publish', { id })).ok;
}

/** Staff reject one with a reason (the `event_reject` modal; Ctrl/Meta+Enter confirms). */
export async function rejectEvent(id: number) {
  const reason = await askRejectReason('event_reject', t);
  if (reason === null) return false;
  return (await call<typeof reject>('POST /events/:id/reject', { id, reason_text: reason })).ok;
}

/** Its author takes it off after a confirmation; staff say why. */
export async function unpublishEvent(id: number, byStaff: boolean) {
  const reason = await askUnpublish(t.unpublishConfirm, t.unpublish, byStaff);
  if (reason === null) return false;
  return (
    await call<typeof unpublish>('POST /events/:id/unpublish', { id, ...(reason ? { reason_text: reason } : {}) })
  ).ok;
}
