import { ui } from '../../../shared/catalogue.ts';
import type { Entry } from '../../../shared/entries.ts';
import type { PopoverItem } from '../../ui/overlays/popover.tsx';
import type * as c from '../../../shared/api/moderation-entries.ts';
import type { setHiddenForPlus } from '../../../shared/api/billing-admin.ts';
import { call } from '../../api/call.ts';
import type { ApiResult } from '../../api/request.ts';
import { openModal } from '../../ui/overlays/modal.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';

const L = ui.moderation;

type EntryState = Pick<
  Entry,
  | 'id'
  | 'is_published'
  | 'is_nsfw'
  | 'is_hidden_from_main'
  | 'locked_by_admin'
  | 'subsite'
  | 'is_closed_editing'
  | 'pinned_feeds'
  | 'is_hidden_for_plus'
>;
const C = ui.complaints;

/** Staff items of an entry's '…' menu (spec/content.md §4), by its current state; values start with `mod:`. */
export function staffEntryItems(entry: EntryState): PopoverItem[] {
  const items: PopoverItem[] = [];
  if (entry.is_published) items.push({ label: L.unpublish, value: 'mod:unpublish', color: 'var(--danger)' });
  if (entry.locked_by_admin) items.push({ label: L.unlock, value: 'mod:unlock' });
  if (entry.is_published && !entry.is_hidden_from_main) items.push({ label: L.unforce, value: 'mod:unforce' });
  items.push(entry.is_nsfw ? { label: L.unnsfw, value: 'mod:unnsfw' } : { label: L.nsfw, value: 'mod:nsfw' });
  if (entry.is_published) {
    const inSubsite = entry.pinned_feeds.includes(entry.subsite.id);
    const onMain = entry.pinned_feeds.includes(0);
    items.push({
      label: inSubsite ? C.unpinFromFeed : C.pinToFeed,
      value: inSubsite ? 'mod:unpin-feed' : 'mod:pin-feed',
    });
    items.push({ label: onMain ? C.unpinFromMain : C.pinToMain, value: onMain ? 'mod:unpin-main' : 'mod:pin-main' });
    items.push(
      entry.is_hidden_for_plus
        ? { label: ui.billing.staff.showForPlus, value: 'mod:show-plus' }
        : { label: ui.billing.staff.hideForPlus, value: 'mod:hide-plus' },
    );
  }
  items.push(
    entry.is_closed_editing
      ? { label: C.openEditing, value: 'mod:open-editing' }
      : { label: C.closeEditing, value: 'mod:close-editing' },
  );
  return items;
}

/** Runs a staff item; unpublishing asks for the reason first (Ctrl/Meta+Enter confirms). Resolves true when done. */
export async function runStaffEntryAction(entry: EntryState, value: string): Promise<boolean> {
  const res = await send(entry, value);
  if (!res?.ok) return false;
  toast.show(res.rm, { type: 'success' });
  return true;
}

/** The item's call; null when it was cancelled or is no staff item. */
async function send(entry: EntryState, value: string): Promise<ApiResult<unknown> | null> {
  const id = entry.id;
  if (value === 'mod:unpublish') {
    const { status, data } = await openModal({
      kind: 'unpublish',
      title: L.unpublishTitle,
      text: L.unpublishText,
      reasonLabel: L.unpublishReason,
      confirmLabel: L.unpublish,
      danger: true,
    });
    if (!status) return null;
    return call<typeof c.unpublish>('POST /content/unpublish/:id', { id, reason_text: String(data.reason_text ?? '') });
  }
  if (value === 'mod:unlock') return call<typeof c.unlock>('POST /admin/content/unlock/:id', { id });
  if (value === 'mod:unforce') return call<typeof c.unforce>('POST /content/unforce/:id', { id });
  if (value === 'mod:nsfw') return call<typeof c.nsfw>('POST /content/nsfw/:id', { id });
  if (value === 'mod:unnsfw') return call<typeof c.unnsfw>('POST /content/unnsfw/:id', { id });
  if (value.startsWith('mod:pin-') || value.startsWith('mod:unpin-'))
    return call<typeof c.pinToFeed>('POST /admin/content/pin', {
      content_id: id,
      subsite_id: value.endsWith('-main') ? 0 : entry.subsite.id,
      state: value.startsWith('mod:pin-') ? 1 : 0,
    });
  if (value === 'mod:hide-plus' || value === 'mod:show-plus')
    return call<typeof setHiddenForPlus>('POST /admin/entries/:id/hidden_for_plus', {
      id,
      hidden: value === 'mod:hide-plus' ? 1 : 0,
    });
  if (value === 'mod:close-editing' || value === 'mod:open-editing')
    return call<typeof c.closeEditing>('POST /admin/content/close_editing/:id', {
      id,
      state: value === 'mod:close-editing' ? 1 : 0,
    });
  return null;
}
