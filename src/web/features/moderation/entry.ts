import { ui } from '../../../shared/catalogue.ts';
import type { Entry } from '../../../shared/entries.ts';
import type { PopoverItem } from '../../ui/overlays/popover.tsx';
import { api } from '../../api/request.ts';
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
  let path: string;
  let body: Record<string, unknown> = {};
  if (value === 'mod:unpublish') {
    const { status, data } = await openModal({
      kind: 'unpublish',
      title: L.unpublishTitle,
      text: L.unpublishText,
      reasonLabel: L.unpublishReason,
      confirmLabel: L.unpublish,
      danger: true,
    });
    if (!status) return false;
    path = `content/unpublish/${entry.id}`;
    body = { reason_text: String(data.reason_text ?? '') };
  } else if (value === 'mod:unlock') path = `admin/content/unlock/${entry.id}`;
  else if (value === 'mod:unforce') path = `content/unforce/${entry.id}`;
  else if (value === 'mod:nsfw') path = `content/nsfw/${entry.id}`;
  else if (value === 'mod:unnsfw') path = `content/unnsfw/${entry.id}`;
  else if (value.startsWith('mod:pin-') || value.startsWith('mod:unpin-')) {
    path = 'admin/content/pin';
    body = {
      content_id: entry.id,
      subsite_id: value.endsWith('-main') ? 0 : entry.subsite.id,
      state: value.startsWith('mod:pin-') ? 1 : 0,
    };
  } else if (value === 'mod:hide-plus' || value === 'mod:show-plus') {
    path = `admin/entries/${entry.id}/hidden_for_plus`;
    body = { hidden: value === 'mod:hide-plus' ? 1 : 0 };
  } else if (value === 'mod:close-editing' || value === 'mod:open-editing') {
    path = `admin/content/close_editing/${entry.id}`;
    body = { state: value === 'mod:close-editing' ? 1 : 0 };
  } else return false;
  const res = await api.post(path, body);
  if (!res.ok) return false;
  toast.show(res.rm, { type: 'success' });
  return true;
}
