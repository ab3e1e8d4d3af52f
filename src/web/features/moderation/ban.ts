import { ui } from '../../../shared/catalogue.ts';
import type { ban, BanResult, unban } from '../../../shared/api/moderation.ts';
import { call } from '../../api/call.ts';
import { openModal } from '../../ui/overlays/modal.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';

const L = ui.moderation;

export interface BanTarget {
  id: number;
  name: string;
}

/**
 * The ban modal (spec/foundation.md §2–§5): reason, days, 'remove all data' (the browser confirmation is the modal's
 * own), whole platform. Confirmed with the button or Ctrl/Meta+Enter; the server decides and answers in Russian
 * (a refusal is the request helper's red toast). Resolves the ban, or null when cancelled or refused.
 */
export async function banUser(user: BanTarget, subsite?: { id: number; name: string }): Promise<BanResult | null> {
  const { status, data } = await openModal({
    kind: 'ban',
    title: subsite ? L.banInSubsite(subsite.name) : L.banTitle(user.name),
    text: L.banText,
    reasonLabel: L.banReason,
    confirmLabel: L.ban,
    danger: true,
    data: { whole_platfrom: !subsite },
  });
  if (!status) return null;
  const res = await call<typeof ban>('POST /admin/users/:id/ban', {
    id: user.id,
    reason_text: String(data.reason_text ?? ''),
    days: data.days == null ? '' : Number(data.days),
    remove_all_data: data.remove_all_data ? 1 : 0,
    whole_platfrom: data.whole_platfrom ? 1 : 0,
    ...(subsite ? { subsite_id: subsite.id } : {}),
  });
  if (!res.ok) return null;
  toast.show(res.rm, { type: 'success' });
  return res.data;
}

/** The unban modal: a confirmation with an optional note; brings back what 'remove all data' took. */
export async function unbanUser(user: BanTarget, subsiteId?: number): Promise<BanResult | null> {
  const { status, data } = await openModal({
    kind: 'reject',
    title: L.unbanTitle(user.name),
    text: L.unbanText,
    confirmLabel: L.unban,
  });
  if (!status) return null;
  const res = await call<typeof unban>('POST /admin/users/:id/unban', {
    id: user.id,
    reason_text: String(data.reason_text ?? ''),
    ...(subsiteId ? { subsite_id: subsiteId } : {}),
  });
  if (!res.ok) return null;
  toast.show(res.rm, { type: 'success' });
  return res.data;
}
